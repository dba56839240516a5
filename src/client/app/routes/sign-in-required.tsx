import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '#client/components/layouts/full-page-spinner';
import { toast } from '#client/components/ui/toast-store';
import { wasJustSignedOut } from '#client/features/auth/lib/sign-out-marker';
import { UNAUTHORIZED_REDIRECT_DELAY_MS, signInUrlFor } from '../paths';

/**
 * A member-only screen opened while signed out: say so, then after 500 ms go to sign in,
 * coming back here afterwards. Right after Logout the member is simply taken home.
 */
export default function SignInRequired() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const path = `${location.pathname}${location.search}${location.hash}`;
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (wasJustSignedOut()) {
      navigate('/', { replace: true });
      return;
    }
    if (announced.current !== path) {
      announced.current = path;
      toast({ title: t('auth.unauthorized.title'), description: t('auth.unauthorized.description'), variant: 'destructive' });
    }
    const timer = window.setTimeout(() => {
      window.location.href = signInUrlFor(path);
    }, UNAUTHORIZED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [path, navigate, t]);

  return <FullPageSpinner label={t('auth.unauthorized.redirecting')} />;
}
