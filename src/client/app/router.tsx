import { type ComponentType, type LazyExoticComponent, Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '#client/components/layouts/full-page-spinner';
import { useAuth } from '#client/features/auth/hooks/use-auth';
import { MEMBER_ONLY_PATHS } from './paths';
import { AuthenticatedRedirect, HomeRedirectGate } from './routes/redirects';
import SignInRequired from './routes/sign-in-required';

// Screens are split into their own chunks so that the landing and sign-in pages stay small.
const Landing = lazy(() => import('./routes/landing'));
const Auth = lazy(() => import('./routes/auth'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Admin = lazy(() => import('./routes/admin'));
const Terms = lazy(() => import('./routes/terms'));
const Privacy = lazy(() => import('./routes/privacy'));
const Cookies = lazy(() => import('./routes/cookies'));
const NotFound = lazy(() => import('./routes/not-found'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const LegalChange = lazy(() => import('./routes/legal-change'));
const Subscription = lazy(() => import('./routes/subscription'));
const Subscribe = lazy(() => import('./routes/subscribe'));
const Upgrade = lazy(() => import('./routes/upgrade'));
const LegalSources = lazy(() => import('./routes/legal-sources'));
const Settings = lazy(() => import('./routes/settings'));
const Preferences = lazy(() => import('./routes/preferences'));

// Development-only pages; the production build leaves them out entirely.
const CookieTest: LazyExoticComponent<ComponentType> | null = import.meta.env.DEV ? lazy(() => import('./routes/cookie-test')) : null;
const AuthDebug: LazyExoticComponent<ComponentType> | null = import.meta.env.DEV ? lazy(() => import('./routes/auth-debug')) : null;

const MEMBER_SCREENS: Record<(typeof MEMBER_ONLY_PATHS)[number], LazyExoticComponent<ComponentType>> = {
  '/subscription': Subscription,
  '/subscribe': Subscribe,
  '/upgrade': Upgrade,
  '/legal-sources': LegalSources,
  '/settings': Settings,
  '/preferences': Preferences,
  '/legal-change/:id': LegalChange,
  '/legal-changes/:id': LegalChange,
};

function sharedRoutes() {
  return [
    <Route key="admin" path="/admin" element={<Admin />} />,
    <Route key="reset" path="/reset-password" element={<ResetPassword />} />,
    <Route key="terms" path="/terms" element={<Terms />} />,
    <Route key="privacy" path="/privacy" element={<Privacy />} />,
    <Route key="cookies" path="/cookies" element={<Cookies />} />,
    CookieTest ? <Route key="cookie-test" path="/cookie-test" element={<CookieTest />} /> : null,
    <Route key="not-found" path="*" element={<NotFound />} />,
  ];
}

function MemberRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <HomeRedirectGate>
            <Dashboard />
          </HomeRedirectGate>
        }
      />
      <Route path="/auth" element={<AuthenticatedRedirect />} />
      {MEMBER_ONLY_PATHS.map((path) => {
        const Screen = MEMBER_SCREENS[path];
        return <Route key={path} path={path} element={<Screen />} />;
      })}
      {sharedRoutes()}
    </Routes>
  );
}

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
  return <Suspense fallback={<FullPageSpinner />}>{isAuthenticated ? <MemberRoutes /> : <VisitorRoutes />}</Suspense>;
}
