import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ActivityScreen } from '#client/features/team/components/activity-screen';
import { HorizonScreen } from '#client/features/team/components/horizon-screen';
import { InviteAcceptScreen } from '#client/features/team/components/invite-accept-screen';
import { TeamScreen } from '#client/features/team/components/team-screen';
import { type TranslationKey, useTranslation } from '#client/i18n';
import { MemberScreen } from '../member-placeholder';

/** Each team page: its title and description keys, and its screen. */
const PAGES: Record<string, { title: TranslationKey; description: TranslationKey; screen: () => ReactNode }> =
  {
    // members, roles, invitations and seats
    '/team': { title: 'team.page.title', description: 'team.page.description', screen: () => <TeamScreen /> },
    // the link of an invitation email (?token=…)
    '/team/join': {
      title: 'team.invitePage.title',
      description: 'team.invitePage.text',
      screen: () => <InviteAcceptScreen />,
    },
    // dated events across the team watchlist, and the calendar feed
    '/team/horizon': {
      title: 'team.horizon.title',
      description: 'team.horizon.description',
      screen: () => <HorizonScreen />,
    },
    // the organisation's activity log and the board pack downloads
    '/team/activity': {
      title: 'team.activity.title',
      description: 'team.activity.description',
      screen: () => <ActivityScreen />,
    },
  };

/** The team's pages, one chunk for all four (one route entry in the app's router). */
export default function TeamRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = PAGES[pathname.replace(/\/+$/, '')] ?? PAGES['/team']!;
  return (
    <MemberScreen title={t(page.title)} description={t(page.description)}>
      {page.screen()}
    </MemberScreen>
  );
}
