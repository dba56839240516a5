import { useTeamPresence } from '#client/lib/team-presence';
import { lazyTeamPart, Slot } from './slot';

const ViewSwitch = lazyTeamPart(() =>
  import('#client/features/team/components/view-switch').then((m) => m.ViewSwitch),
);
const TeamView = lazyTeamPart(() =>
  import('#client/features/team/components/team-view').then((m) => m.TeamView),
);

/** The dashboard's My items / Team view switch, once the member is known to be in an organisation. */
export function TeamViewSwitchSlot() {
  const member = useTeamPresence();
  return member ? (
    <Slot>
      <ViewSwitch />
    </Slot>
  ) : null;
}

/** The dashboard's team view (`?view=team`), in place of the member's own list. */
export const TeamViewSlot = () => (
  <Slot>
    <TeamView />
  </Slot>
);
