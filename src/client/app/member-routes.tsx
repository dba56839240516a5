/**
 * The signed-in member's routes, a chunk of their own: a visitor's pages (the landing page, sign
 * in) do not download the member screens' loaders and their preload lists. A member's page lists
 * this chunk with its screen's in the HTML (server/plugins/member-preloads.ts), so it costs no
 * extra round trip.
 */
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { type LazyComponent, lazyImport } from '#client/lib/lazy-import';
import { MEMBER_ONLY_PATHS } from './paths';
import { AuthenticatedRedirect, HomeRedirectGate } from './routes/redirects';
import { withArea } from './with-area';

const Dashboard = lazyImport(() => import('./routes/dashboard'));
const LegalChange = lazyImport(withArea('legalChange', () => import('./routes/legal-change')));
const Subscription = lazyImport(() => import('./routes/subscription'));
const Subscribe = lazyImport(() => import('./routes/subscribe'));
const Upgrade = lazyImport(() => import('./routes/upgrade'));
const LegalSources = lazyImport(withArea('legalSources', () => import('./routes/legal-sources')));
// the settings' Developers card reads the developer area's messages
const Settings = lazyImport(withArea('developers', () => import('./routes/settings')));
const Preferences = lazyImport(withArea('channels', () => import('./routes/preferences')));
// the organisation screens read the team area's messages
const Team = lazyImport(withArea('team', () => import('./routes/team')));

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

/** The member's screens, then the routes everyone has (`shared`: the console, policies, 404). */
export default function MemberRoutes({ shared }: { shared: ReactNode }) {
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
      {shared}
    </Routes>
  );
}
