import { createOutboxSender } from '#server/modules/outbox/outbox-sender';
import type { JobContext, JobDefinition } from './types';

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

/**
 * Runs the sender now when a job has just queued messages, rather than at its next minute.
 * Returns what the job reports, unchanged.
 */
export async function sendQueuedNow<T extends { emails?: number; sms?: number }>(
  ctx: Pick<JobContext, 'send'>,
  queued: T,
): Promise<T> {
  if ((queued.emails ?? 0) + (queued.sms ?? 0) > 0) await ctx.send(outboxSenderJob.name);
  return queued;
}
