import { type ReactNode, useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '#client/components/layouts/full-page-spinner';
import { isServerPath } from '#client/lib/safe-redirect';
import { safeRedirectPath } from '#shared/redirect';

/**
 * A signed-in member who opens `/` with `?redirect=<path>` is taken there with a full page
 * navigation (same-origin paths only; anything else is ignored).
 */
export function HomeRedirectGate({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const raw = params.get('redirect');
  const target = safeRedirectPath(raw);
  const leave = target !== null && target !== '/';

  useEffect(() => {
    if (leave) window.location.assign(target);
  }, [leave, target]);

  if (leave) return <FullPageSpinner />;
  if (raw !== null) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** `/auth` for a member: on to the redirect target (same-origin only), else home. */
export function AuthenticatedRedirect() {
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get('redirect')) ?? '/';
  const server = isServerPath(target);

  useEffect(() => {
    if (server) window.location.replace(target);
  }, [server, target]);

  if (server) return <FullPageSpinner />;
  return <Navigate to={target} replace />;
}
