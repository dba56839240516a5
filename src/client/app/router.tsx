import { type ComponentType, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '#client/components/layouts/full-page-spinner';
import { useAuth } from '#client/lib/session/use-auth';
import { type AreaName, useTranslation } from '#client/i18n';
import { type LazyComponent, lazyImport } from '#client/lib/lazy-import';
import { ADMIN_ACCEPT_PATH } from '#shared/admin-admins';
import type { PrerenderedPage } from '#shared/prerendered-pages';
import { MEMBER_ONLY_PATHS } from './paths';
import { AuthenticatedRedirect, HomeRedirectGate } from './routes/redirects';
import SignInRequired from './routes/sign-in-required';

// Every screen is its own chunk, so a page downloads only its own code (budgets: scripts/check-bundle-size.mjs).
// the landing page's, the console's, a legal change's and the legal sources' messages are areas of their own, loaded with them
const withArea =
  <T,>(area: AreaName, load: () => Promise<T>) =>
  () =>
    Promise.all([load(), import('#client/i18n/areas').then((areas) => areas.loadArea(area))]).then(
      ([screen]) => screen,
    );
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
const Dashboard = lazyImport(() => import('./routes/dashboard'));
const LegalChange = lazyImport(withArea('legalChange', () => import('./routes/legal-change')));
const Subscription = lazyImport(() => import('./routes/subscription'));
const Subscribe = lazyImport(() => import('./routes/subscribe'));
const Upgrade = lazyImport(() => import('./routes/upgrade'));
const LegalSources = lazyImport(withArea('legalSources', () => import('./routes/legal-sources')));
// the settings' Developers card reads the developer area's messages
const Settings = lazyImport(withArea('developers', () => import('./routes/settings')));
const Developers = lazyImport(withArea('developers', () => import('./routes/developers')));
const Preferences = lazyImport(withArea('channels', () => import('./routes/preferences')));
// the organisation screens read the team area's messages
const Team = lazyImport(withArea('team', () => import('./routes/team')));

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

const MEMBER_SCREENS: Record<(typeof MEMBER_ONLY_PATHS)[number], LazyComponent<ComponentType>> = {
  '/subscription': Subscription,
  '/subscribe': Subscribe,
  '/upgrade': Upgrade,
  '/legal-sources': LegalSources,
  '/settings': Settings,
  '/preferences': Preferences,
  '/legal-change/:id': LegalChange,
  '/legal-changes/:id': LegalChange,
  '/team': Team,
  '/team/join': Team,
  '/team/horizon': Team,
  '/team/activity': Team,
};

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
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {isAuthenticated ? <MemberRoutes /> : <VisitorRoutes />}
    </Suspense>
  );
}
