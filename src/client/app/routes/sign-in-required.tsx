import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '#client/components/layouts/full-page-spinner';
import { toast } from '#client/components/ui/toast-store';
import { loadToaster } from '#client/components/ui/toaster-on-demand';
import { wasJustSignedOut } from '#client/lib/session/sign-out-marker';
import { useTranslation } from '#client/i18n';
import { UNAUTHORIZED_REDIRECT_DELAY_MS, signInUrlFor } from '../paths';

/**
 * A member-only screen opened while signed out: say so, then after 500 ms with the message on
 * screen go to sign in, coming back here afterwards. Right after Logout the member is simply taken home.
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
      toast({
        title: t('auth.unauthorized.title'),
        description: t('auth.unauthorized.description'),
        variant: 'destructive',
      });
    }
    // the toast region loads on demand: count the delay from when the message is on screen (a
    // busy device can take a while to load and render it), but never wait more than 5 s for it
    let cancelled = false;
    let timer: number | undefined;
    const shownSince = Date.now();
    const startWhenShown = () => {
      if (cancelled) return;
      const shown = document.querySelector('[data-slot="toast"]') !== null;
      if (!shown && Date.now() - shownSince < 5000) {
        timer = window.setTimeout(startWhenShown, 50);
        return;
      }
      timer = window.setTimeout(() => {
        window.location.href = signInUrlFor(path);
      }, UNAUTHORIZED_REDIRECT_DELAY_MS);
    };
    void loadToaster()
      .catch(() => undefined)
      .then(startWhenShown);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [path, navigate, t]);

  return <FullPageSpinner label={t('auth.unauthorized.redirecting')} />;
}
