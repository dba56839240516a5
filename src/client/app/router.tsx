import { type ComponentType, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '#client/components/layouts/full-page-spinner';
import { useAuth } from '#client/lib/session/use-auth';
import { useTranslation } from '#client/i18n';
import { type LazyComponent, lazyImport } from '#client/lib/lazy-import';
import { ADMIN_ACCEPT_PATH } from '#shared/admin-admins';
import type { PrerenderedPage } from '#shared/prerendered-pages';
import { MEMBER_ONLY_PATHS } from './paths';
import SignInRequired from './routes/sign-in-required';
import { withArea } from './with-area';

// Every screen is its own chunk, so a page downloads only its own code (budgets: scripts/check-bundle-size.mjs).
const Landing = lazyImport(withArea('landing', () => import('./routes/landing')));
const Auth = lazyImport(() => {
  // a registration link fetches the (separately split) sign-up form alongside the screen
  if (
    typeof window !== 'undefined' &&
    new URLSearchParams(window.location.search).get('action') === 'signup'
  ) {
    import('#client/features/auth/components/sign-up-form').catch(() => undefined);
  }
  return import('./routes/auth');
});
const ResetPassword = lazyImport(() => import('./routes/reset-password'));

const Admin = lazyImport(withArea('admin', () => import('./routes/admin')));
// the policy pages' texts come in the language in use, loaded with the page
const withPolicyText =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), import('#client/i18n/policy-text').then((text) => text.loadPolicyText())]).then(
      ([screen]) => screen,
    );
const Terms = lazyImport(withPolicyText(() => import('./routes/terms')));
const Privacy = lazyImport(withPolicyText(() => import('./routes/privacy')));
const Cookies = lazyImport(withPolicyText(() => import('./routes/cookies')));
const NotFound = lazyImport(() => import('./routes/not-found'));
const Developers = lazyImport(withArea('developers', () => import('./routes/developers')));

/** The screens of the pages rendered at build time: loaded before rendering or hydrating one. */
export const PRERENDERED_SCREENS: Record<PrerenderedPage, LazyComponent<ComponentType>> = {
  landing: Landing,
  auth: Auth,
  resetPassword: ResetPassword,
  terms: Terms,
  privacy: Privacy,
  cookies: Cookies,
  notFound: NotFound,
};

// Development-only pages; the production build leaves them out entirely.
const CookieTest: LazyComponent<ComponentType> | null = import.meta.env.DEV
  ? lazyImport(() => import('./routes/cookie-test'))
  : null;
const AuthDebug: LazyComponent<ComponentType> | null = import.meta.env.DEV
  ? lazyImport(() => import('./routes/auth-debug'))
  : null;

function sharedRoutes() {
  return [
    <Route key="admin" path="/admin" element={<Admin />} />,
    <Route key="admin-accept" path={ADMIN_ACCEPT_PATH} element={<Admin />} />,
    <Route key="reset" path="/reset-password" element={<ResetPassword />} />,
    <Route key="terms" path="/terms" element={<Terms />} />,
    <Route key="developers" path="/developers" element={<Developers />} />,
    <Route key="privacy" path="/privacy" element={<Privacy />} />,
    <Route key="cookies" path="/cookies" element={<Cookies />} />,
    CookieTest ? <Route key="cookie-test" path="/cookie-test" element={<CookieTest />} /> : null,
    <Route key="not-found" path="*" element={<NotFound />} />,
  ];
}

// the member's routes come in a chunk of their own (member-routes.tsx)
const MemberRoutes = lazyImport(() => import('./member-routes'));

function VisitorRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Landing />} />
      <Route path="/auth" element={<Auth />} />
      {AuthDebug ? <Route path="/auth-debug" element={<AuthDebug />} /> : null}
      {MEMBER_ONLY_PATHS.map((path) => (
        <Route key={path} path={path} element={<SignInRequired />} />
      ))}
      {sharedRoutes()}
    </Routes>
  );
}

/** Two route sets, chosen by the session; a spinner while the session resolves. */
export function AppRouter() {
  const { t } = useTranslation();
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <FullPageSpinner label={t('common.checkingSession')} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {isAuthenticated ? <MemberRoutes shared={sharedRoutes()} /> : <VisitorRoutes />}
    </Suspense>
  );
}
