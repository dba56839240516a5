import { createOutboxSender } from '#server/modules/outbox/outbox-sender';
import type { JobDefinition } from './types';

/**
 * Every minute: sends what is due in the outbox (new messages the web process did not already
 * send, and retries whose back-off has passed). Safe beside other senders: rows are claimed
 * with SKIP LOCKED.
 */
export const outboxSenderJob: JobDefinition = {
  name: 'outbox-sender',
  schedule: () => '* * * * *',
  policy: 'singleton',
  retryLimit: 0,
  expireInSeconds: 10 * 60,
  async run({ config, database, log }) {
    const sender = createOutboxSender({ config, db: database.db, log });
    try {
      return await sender.drain();
    } finally {
      await sender.close();
    }
  },
};
