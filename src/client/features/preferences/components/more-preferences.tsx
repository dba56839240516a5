import { DeliveryLogCard } from './delivery-log-card';
import { FeedsCard } from './feeds-card';
import { PushCard } from './push-card';
import { TeamChatCard } from './team-chat-card';

/** The cards below the alert settings: loaded after the screen's first paint, in their own chunk. */
export default function MorePreferences() {
  return (
    <>
      <PushCard />
      <FeedsCard />
      <TeamChatCard />
      <DeliveryLogCard />
    </>
  );
}
