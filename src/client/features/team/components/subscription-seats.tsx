import { useCurrentOrg } from '../api/orgs';
import { SeatsCard } from './seats-card';

/** The subscription screen's seats: shown to members of an organisation; its owner buys more here. */
export function SubscriptionSeats() {
  const org = useCurrentOrg();
  if (!org.data) return null;
  return <SeatsCard org={org.data} buy />;
}
