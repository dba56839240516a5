import { useTeamPresence } from '#client/lib/team-presence';
import { lazyTeamPart, Slot } from './slot';

const TeamItemSection = lazyTeamPart(() =>
  import('#client/features/team/components/team-item-section').then((m) => m.TeamItemSection),
);

/** A legal change's team assessment panel and comments, for a member known to be in an organisation. */
export function TeamItemSlot({ legalChangeId }: { legalChangeId: number }) {
  const member = useTeamPresence();
  return member ? (
    <Slot>
      <TeamItemSection legalChangeId={legalChangeId} />
    </Slot>
  ) : null;
}
