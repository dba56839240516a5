/**
 * Sends what the outbox holds. Due rows are claimed with FOR UPDATE SKIP LOCKED (so any number
 * of processes can send side by side), handed to their channel's provider (channels/: email by
 * SMTP, texts by the SMS API, webhook posts to the member's hook, browser pushes to the push service), and marked 'sent' with the
 * provider's message id. A failure goes back to 'queued' with capped exponential back-off and
 * jitter; after 8 attempts, or when the provider refuses the message for good, it is 'failed'.
 * A claimed row holds a 5-minute lease: if the process dies mid-send, the row is claimed again.
 * With no provider for a channel, its messages are marked 'kept' for the administrator to read.
 */
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import { createEmailTransport, type EmailTransport } from '#server/providers/email/transport';
import { createSmsClient, type SmsClient } from '#server/providers/sms/client';
import type { ChannelContext, OutboxChannel, SenderLog } from './channels/channel';
import { emailChannel } from './channels/email';
import { pushChannel } from './channels/push';
import { smsChannel } from './channels/sms';
import { webhookChannel } from './channels/webhook';
import { claimDueRows, latestDueAt, markClaimed, type OutboxRow } from './outbox.queries';
import { systemClock, type Clock } from './sms-clock';
import { keepUnsendable } from './unsendable';

export { outboxMessageId } from './channels/email';

export const OUTBOX_MAX_ATTEMPTS = 8;
export const OUTBOX_BACKOFF_BASE_MS = 30_000;
export const OUTBOX_BACKOFF_CAP_MS = 30 * 60_000;
export const OUTBOX_LEASE_MS = 5 * 60_000;
const BATCH = 10;
const MAX_BATCHES_PER_DRAIN = 50;

/** Delay before attempt n+1 after n failures: half the capped exponential, plus up to as much again at random. */
export function backoffDelayMs(
  attempts: number,
  random: () => number = Math.random,
  baseMs: number = OUTBOX_BACKOFF_BASE_MS,
): number {
  const ceiling = Math.min(OUTBOX_BACKOFF_CAP_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
  kept: number;
  /** texts left queued because the day's SMS budget is spent */
  heldByBudget: number;
}

export interface OutboxSender {
  /** sends every due message now; resolves when done */
  drain(): Promise<DrainResult>;
  /** starts a drain in the background (or runs one more after the current one) */
  kick(): void;
  /** resolves when no background drain is running */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createOutboxSender(opts: {
  config: Config;
  db: DbOrTx;
  log: SenderLog;
  email?: EmailTransport | null;
  sms?: SmsClient | null;
  /** the clock for due times, leases and the SMS budget's day; the system clock by default */
  now?: Clock;
}): OutboxSender {
  const { db, log, config } = opts;
  const clock = opts.now ?? systemClock;
  const leaseMs = (config.OUTBOX_LEASE_SECONDS ?? OUTBOX_LEASE_MS / 1000) * 1000;
  const retryBaseMs = (config.OUTBOX_RETRY_BASE_SECONDS ?? OUTBOX_BACKOFF_BASE_MS / 1000) * 1000;
  const email = opts.email !== undefined ? opts.email : createEmailTransport(opts.config);
  const sms = opts.sms !== undefined ? opts.sms : createSmsClient(opts.config);
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const context: ChannelContext = {
    config,
    db,
    log,
    claimDue: (q, channel, now, limit) =>
      claimDueRows(q, {
        channel,
        dueBy: latestDueAt(now),
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit,
      }),
    drainAgain: () => {
      again = true;
    },
  };
  // mail starts going out while the texts are claimed under the budget lock
  const channels: OutboxChannel[] = [
    ...(email ? [emailChannel(context, email)] : []),
    webhookChannel(context),
    pushChannel(context),
    ...(sms ? [smsChannel(context, sms, { emailConfigured: Boolean(email) })] : []),
  ];
  const byName = new Map(channels.map((channel) => [channel.name, channel]));
  const unsendable = (['email', 'sms'] as const).filter((name) => !byName.has(name));

  async function deliver(channel: OutboxChannel, row: OutboxRow): Promise<'sent' | 'retried' | 'failed'> {
    const now = clock();
    if (row.attempts > OUTBOX_MAX_ATTEMPTS) {
      await markClaimed(db, row, { status: 'failed' });
      return 'failed';
    }
    const refusal = channel.refusal?.(row, now) ?? null;
    if (refusal) {
      await markClaimed(db, row, { status: 'failed', lastError: refusal });
      log.warn(
        { outboxId: row.id, channel: row.channel, kind: row.kind, error: refusal },
        'outbox text not sent',
      );
      return 'failed';
    }
    try {
      const { provider, id } = await channel.send(row);
      const sent = {
        status: 'sent',
        sentAt: clock(),
        provider,
        providerMessageId: id,
        lastError: null,
      } as const;
      await markClaimed(db, row, sent);
      await channel.settle?.(row, null);
      log.info(
        { outboxId: row.id, channel: row.channel, kind: row.kind, attempts: row.attempts },
        'outbox message sent',
      );
      return 'sent';
    } catch (error) {
      const permanent = Boolean((error as { permanent?: boolean }).permanent);
      const lastError = String((error as Error).message ?? error).slice(0, 500);
      await channel.settle?.(row, lastError, error);
      const giveUp = permanent || row.attempts >= OUTBOX_MAX_ATTEMPTS;
      const retryAt = () => new Date(now.getTime() + backoffDelayMs(row.attempts, Math.random, retryBaseMs));
      await markClaimed(
        db,
        row,
        giveUp ? { status: 'failed', lastError } : { status: 'queued', lastError, nextAttemptAt: retryAt() },
      );
      log.warn(
        { outboxId: row.id, channel: row.channel, kind: row.kind, attempts: row.attempts, error: lastError },
        giveUp ? 'outbox message failed for good' : 'outbox message failed; it will be retried',
      );
      return giveUp ? 'failed' : 'retried';
    }
  }

  async function drain(): Promise<DrainResult> {
    const kept = await keepUnsendable(db, log, unsendable);
    const result: DrainResult = { sent: 0, retried: 0, failed: 0, kept, heldByBudget: 0 };
    for (let i = 0; i < MAX_BATCHES_PER_DRAIN && !closed; i++) {
      const now = clock();
      const deliveries: Promise<'sent' | 'retried' | 'failed'>[] = [];
      let full = false;
      let anotherRound = false;
      let held = 0;
      for (const channel of channels) {
        const batch = await channel.claim(now, BATCH);
        deliveries.push(...batch.rows.map((row) => deliver(channel, row)));
        full ||= batch.rows.length >= BATCH;
        anotherRound ||= Boolean(batch.anotherRound);
        held += batch.held ?? 0;
      }
      result.heldByBudget = held;
      for (const outcome of await Promise.all(deliveries)) result[outcome]++;
      // one more round picks up the budget alert email just queued
      if (!full && !anotherRound) break;
    }
    return result;
  }

  return {
    drain,
    kick() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await drain().catch((error) => log.error({ err: error }, 'outbox drain failed'));
        } while (again && !closed);
      })().finally(() => {
        running = null;
      });
    },
    idle: async () => {
      while (running) await running;
    },
    async close() {
      closed = true;
      while (running) await running;
      for (const channel of channels) channel.close?.();
    },
  };
}

/**
 * Sends what was just queued right away from this process (a code reaches its member in well
 * under a second); the outbox job catches anything this misses.
 */
export function kickOutboxSender(app: { deps: { outboxSender?: OutboxSender } }): void {
  app.deps.outboxSender?.kick();
}
