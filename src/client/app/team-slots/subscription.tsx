import { useTeamPresence } from '#client/lib/team-presence';
import { lazyTeamPart, Slot } from './slot';

const SubscriptionSeats = lazyTeamPart(() =>
  import('#client/features/team/components/subscription-seats').then((m) => m.SubscriptionSeats),
);

/** The organisation's seats on the subscription screen, for a member known to be in an organisation. */
export function SubscriptionSeatsSlot() {
  const member = useTeamPresence();
  return member ? (
    <Slot>
      <SubscriptionSeats />
    </Slot>
  ) : null;
}
