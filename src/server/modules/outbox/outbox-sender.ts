/**
 * Sends what the outbox holds. Due rows are claimed with FOR UPDATE SKIP LOCKED (so any number
 * of processes can send side by side), sent by SMTP or the SMS API, and marked 'sent' with the
 * provider's message id. A failure goes back to 'queued' with capped exponential back-off and
 * jitter; after 8 attempts, or when the provider refuses the message for good, it is 'failed'.
 * A claimed row holds a 5-minute lease: if the process dies mid-send, the row is claimed again.
 * With no provider for a channel, its messages are marked 'kept' for the administrator to read.
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import { outbox } from '#server/db/schema';
import { createEmailTransport, type EmailTransport } from '#server/providers/email/transport';
import { createSmsClient, type SmsClient } from '#server/providers/sms/client';

export const OUTBOX_MAX_ATTEMPTS = 8;
export const OUTBOX_BACKOFF_BASE_MS = 30_000;
export const OUTBOX_BACKOFF_CAP_MS = 30 * 60_000;
export const OUTBOX_LEASE_MS = 5 * 60_000;
const BATCH = 10;
const MAX_BATCHES_PER_DRAIN = 50;

/** Delay before attempt n+1 after n failures: half the capped exponential, plus up to as much again at random. */
export function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(OUTBOX_BACKOFF_CAP_MS, OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
  kept: number;
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

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
type Row = typeof outbox.$inferSelect;

const keptNoticeLogged = { email: false, sms: false };

export function createOutboxSender(opts: {
  config: Config;
  db: DbOrTx;
  log: Log;
  email?: EmailTransport | null;
  sms?: SmsClient | null;
}): OutboxSender {
  const { db, log } = opts;
  const email = opts.email !== undefined ? opts.email : createEmailTransport(opts.config);
  const sms = opts.sms !== undefined ? opts.sms : createSmsClient(opts.config);
  const channels = [...(email ? ['email' as const] : []), ...(sms ? ['sms' as const] : [])];
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function keepUnsendable(): Promise<number> {
    let kept = 0;
    for (const channel of ['email', 'sms'] as const) {
      if (channels.includes(channel)) continue;
      const rows = await db
        .update(outbox)
        .set({ status: 'kept' })
        .where(and(eq(outbox.channel, channel), eq(outbox.status, 'queued')))
        .returning({ id: outbox.id });
      kept += rows.length;
      if (rows.length && !keptNoticeLogged[channel]) {
        keptNoticeLogged[channel] = true;
        const setting = channel === 'email' ? 'SMTP_URL' : 'SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM';
        log.info(
          { channel, count: rows.length },
          `${channel === 'email' ? 'Email' : 'SMS'} is not configured (${setting} unset): messages are kept in full in the outbox table; read them in the admin Notifications tab (/admin)`,
        );
      }
    }
    return kept;
  }

  async function claim(now: Date): Promise<Row[]> {
    if (!channels.length) return [];
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          inArray(outbox.channel, channels),
          or(eq(outbox.status, 'queued'), eq(outbox.status, 'sending')),
          lte(outbox.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + OUTBOX_LEASE_MS) })
      .where(inArray(outbox.id, due))
      .returning();
  }

  async function send(row: Row): Promise<{ provider: string; id: string }> {
    if (row.channel === 'sms') return { provider: 'sms_api', id: (await sms!.send({ to: row.recipient, body: row.bodyText })).sid };
    const message = { to: row.recipient, subject: row.subject ?? '', text: row.bodyText, html: row.bodyHtml, headers: row.headers };
    return { provider: 'smtp', id: (await email!.send(message)).messageId };
  }

  async function deliver(row: Row): Promise<'sent' | 'retried' | 'failed'> {
    const now = new Date();
    const mine = and(eq(outbox.id, row.id), eq(outbox.status, 'sending'));
    if (row.attempts > OUTBOX_MAX_ATTEMPTS) {
      await db.update(outbox).set({ status: 'failed' }).where(mine);
      return 'failed';
    }
    try {
      const { provider, id } = await send(row);
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), provider, providerMessageId: id, lastError: null })
        .where(mine);
      log.info({ outboxId: row.id, channel: row.channel, kind: row.kind, attempts: row.attempts }, 'outbox message sent');
      return 'sent';
    } catch (error) {
      const permanent = Boolean((error as { permanent?: boolean }).permanent);
      const lastError = String((error as Error).message ?? error).slice(0, 500);
      const giveUp = permanent || row.attempts >= OUTBOX_MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set(
          giveUp
            ? { status: 'failed', lastError }
            : { status: 'queued', lastError, nextAttemptAt: new Date(now.getTime() + backoffDelayMs(row.attempts)) },
        )
        .where(mine);
      log.warn(
        { outboxId: row.id, channel: row.channel, kind: row.kind, attempts: row.attempts, error: lastError },
        giveUp ? 'outbox message failed for good' : 'outbox message failed; it will be retried',
      );
      return giveUp ? 'failed' : 'retried';
    }
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0, kept: await keepUnsendable() };
    for (let i = 0; i < MAX_BATCHES_PER_DRAIN && !closed; i++) {
      const rows = await claim(new Date());
      for (const outcome of await Promise.all(rows.map(deliver))) result[outcome]++;
      if (rows.length < BATCH) break;
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
      email?.close();
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
