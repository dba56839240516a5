/**
 * Sends what the outbox holds. Due rows are claimed with FOR UPDATE SKIP LOCKED (so any number
 * of processes can send side by side), sent by SMTP or the SMS API, and marked 'sent' with the
 * provider's message id. A failure goes back to 'queued' with capped exponential back-off and
 * jitter; after 8 attempts, or when the provider refuses the message for good, it is 'failed'.
 * A claimed row holds a 5-minute lease: if the process dies mid-send, the row is claimed again.
 * With no provider for a channel, its messages are marked 'kept' for the administrator to read.
 *
 * Team-chat posts (channel 'webhook') go to the member's Slack or Teams hook (webhooks/post.ts:
 * public https destinations only, checked again as the connection is made). Every failed post
 * counts against the hook; after 5 in a row it is disabled, its queued posts fail and the member
 * gets one email saying so. A post to a removed or disabled hook fails without a request.
 *
 * Texts pass two more checks (sms-destinations.ts, sms-budget.ts): one to a number outside
 * SMS_ALLOWED_COUNTRY_CODES is marked 'failed' without calling the provider, and no text is claimed
 * beyond the day's SMS budget, counted in segments (a UCS-2 text costs more than a GSM-7 one of
 * the same length); those stay queued for the next London day. Verification codes go
 * first, and one that expired while it waited is marked 'failed' instead of being sent.
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import { outbox, users, userWebhooks } from '#server/db/schema';
import { CODE_TTL_SECONDS } from '#server/modules/phone/phone-verification';
import { pickLanguage } from '#server/messages/i18n';
import { smsSegments } from '#server/messages/sms';
import { createEmailTransport, type EmailTransport } from '#server/providers/email/transport';
import { createSmsClient, type SmsClient } from '#server/providers/sms/client';
import { postWebhook } from '#server/modules/webhooks/post';
import { webhookDisabledEmail } from '#server/modules/webhooks/webhook-messages';
import { WEBHOOK_MAX_FAILURES } from '#shared/schemas/webhooks';
import { enqueueMessage } from './outbox';
import { reportSmsBudgetExhausted, smsBudgetStatus, textsWithinBudget } from './sms-budget';
import { systemClock, type Clock } from './sms-clock';
import { callingCodeOf, smsCallingCodes } from './sms-destinations';

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

/**
 * The Message-ID of an outbox email: the row's id and the moment it was queued (so two
 * databases never make the same one), at the sender's domain.
 */
export function outboxMessageId(row: Pick<Row, 'id' | 'createdAt'>, domain: string): string {
  return `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`;
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

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
type Row = typeof outbox.$inferSelect;

const keptNoticeLogged = { email: false, sms: false };

export function createOutboxSender(opts: {
  config: Config;
  db: DbOrTx;
  log: Log;
  email?: EmailTransport | null;
  sms?: SmsClient | null;
  /** the clock for due times, leases and the SMS budget's day; the system clock by default */
  now?: Clock;
}): OutboxSender {
  const { db, log, config } = opts;
  const clock = opts.now ?? systemClock;
  const leaseMs = (config.OUTBOX_LEASE_SECONDS ?? OUTBOX_LEASE_MS / 1000) * 1000;
  const retryBaseMs = (config.OUTBOX_RETRY_BASE_SECONDS ?? OUTBOX_BACKOFF_BASE_MS / 1000) * 1000;
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(config.MAIL_FROM)?.[1] ?? 'lexwatch.local';
  const smsCodes = smsCallingCodes(config);
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
        const setting =
          channel === 'email' ? 'SMTP_URL' : 'SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM';
        log.info(
          { channel, count: rows.length },
          `${channel === 'email' ? 'Email' : 'SMS'} is not configured (${setting} unset): messages are kept in full in the outbox table; read them in the admin Notifications tab (/admin)`,
        );
      }
    }
    return kept;
  }

  /**
   * The latest next_attempt_at that is due at `now`. The database keeps microseconds and a
   * JavaScript date milliseconds: a row queued in the same millisecond as `now` stores a time a
   * little after it, so it would wait for the next drain. One millisecond more covers that.
   */
  const dueBy = (now: Date) => new Date(now.getTime() + 1);

  /** Claims up to `limit` due rows of a channel; verification codes first among texts. */
  async function claimDue(
    q: DbOrTx,
    channel: 'email' | 'sms' | 'webhook',
    now: Date,
    limit: number,
  ): Promise<Row[]> {
    const due = q
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.channel, channel),
          or(eq(outbox.status, 'queued'), eq(outbox.status, 'sending')),
          lte(outbox.nextAttemptAt, dueBy(now)),
        ),
      )
      .orderBy(
        ...(channel === 'sms' ? [sql`${outbox.kind} <> 'phone_code'`] : []),
        asc(outbox.nextAttemptAt),
        asc(outbox.id),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    return q
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  let budgetReportedFor: string | null = null;

  /**
   * Claims texts within what is left of the day's budget. One claimer at a time across all
   * processes (an advisory lock), and texts being sent count as spent, so the budget holds
   * however many senders run. Says how many due texts were held back and whether the
   * administrator's alert email was just queued.
   */
  async function claimSms(now: Date): Promise<{ rows: Row[]; held: number; alertQueued: boolean }> {
    const dueTexts = and(
      eq(outbox.channel, 'sms'),
      or(eq(outbox.status, 'queued'), eq(outbox.status, 'sending')),
      lte(outbox.nextAttemptAt, dueBy(now)),
    );
    const [anyDue] = await db.select({ id: outbox.id }).from(outbox).where(dueTexts).limit(1);
    if (!anyDue) return { rows: [], held: 0, alertQueued: false };
    const claimed = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('outbox-sms-budget'))`);
      const budget = await smsBudgetStatus(tx, config, now);
      let take = BATCH;
      let held = 0;
      if (budget.remainingTexts !== null) {
        // the due texts in claiming order, as many as fit in the segments left today
        const due = await tx
          .select({ body: outbox.bodyText })
          .from(outbox)
          .where(dueTexts)
          .orderBy(sql`${outbox.kind} <> 'phone_code'`, asc(outbox.nextAttemptAt), asc(outbox.id))
          .limit(BATCH);
        take = textsWithinBudget(
          due.map((d) => d.body),
          budget,
        );
        held = due.length - take;
      }
      if (take > 0) {
        const rows = await claimDue(tx, 'sms', now, take);
        // what the administrator is told counts the texts just claimed as being sent
        const claimedSegments = rows.reduce((sum, r) => sum + Math.max(1, smsSegments(r.bodyText)), 0);
        return {
          rows,
          held,
          budget: {
            ...budget,
            sending: budget.sending + rows.length,
            segmentsSpent: budget.segmentsSpent + claimedSegments,
          },
        };
      }
      const [due] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(dueTexts);
      return { rows: [], held: due?.n ?? 0, budget };
    });
    let alertQueued = false;
    if (claimed.held && budgetReportedFor !== claimed.budget.day) {
      const reported = await reportSmsBudgetExhausted(db, config, log, claimed.budget, now);
      alertQueued = reported && Boolean(email && config.SMS_BUDGET_ALERT_EMAIL);
      budgetReportedFor = claimed.budget.day;
    }
    return { rows: claimed.rows, held: claimed.held, alertQueued };
  }

  /** Why a claimed text must not go out, or null. */
  function smsRefusal(row: Row, now: Date): string | null {
    const code = callingCodeOf(row.recipient);
    if (code === null || !smsCodes.includes(code)) {
      return `destination not allowed: ${code ? `+${code}` : 'not an international number'} is outside SMS_ALLOWED_COUNTRY_CODES (${smsCodes.join(',')})`;
    }
    if (row.kind === 'phone_code' && row.createdAt.getTime() + CODE_TTL_SECONDS * 1000 <= now.getTime()) {
      return 'the verification code expired before it could be sent';
    }
    return null;
  }

  /** Posts to the row's hook; a removed or disabled hook is a permanent failure without a request. */
  async function sendWebhook(row: Row): Promise<{ provider: string; id: string }> {
    const [hook] = row.webhookId
      ? await db.select().from(userWebhooks).where(eq(userWebhooks.id, row.webhookId))
      : [];
    if (!hook || hook.disabledAt)
      throw Object.assign(new Error(hook ? 'the webhook is disabled' : 'the webhook was removed'), {
        permanent: true,
        hookGone: true,
      });
    const payload: unknown = JSON.parse(row.bodyText);
    const { status } = await postWebhook(hook.url, payload, {
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_HOSTS,
    });
    return { provider: hook.kind, id: `http-${status}` };
  }

  /** After a post: a success clears the hook's count, a failure adds to it and may disable it. */
  async function recordWebhookOutcome(row: Row, error: string | null): Promise<void> {
    if (!row.webhookId) return;
    if (error === null) {
      await db
        .update(userWebhooks)
        .set({ failureCount: 0, lastError: null })
        .where(eq(userWebhooks.id, row.webhookId));
      return;
    }
    const disabled = await db.transaction(async (tx) => {
      const [hook] = await tx
        .update(userWebhooks)
        .set({
          failureCount: sql`${userWebhooks.failureCount} + 1`,
          lastError: error,
          disabledAt: sql`case when ${userWebhooks.disabledAt} is null and ${userWebhooks.failureCount} + 1 >= ${WEBHOOK_MAX_FAILURES} then now() else ${userWebhooks.disabledAt} end`,
        })
        .where(eq(userWebhooks.id, row.webhookId!))
        .returning();
      if (!hook?.disabledAt || hook.failureCount !== WEBHOOK_MAX_FAILURES) return null;
      // the hook just crossed the line: its other posts will not go, and the member hears once
      await tx
        .update(outbox)
        .set({ status: 'failed', lastError: 'the webhook was disabled after repeated failures' })
        .where(and(eq(outbox.webhookId, hook.id), eq(outbox.status, 'queued')));
      const [member] = await tx
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, hook.userId));
      if (member)
        await enqueueMessage(
          tx,
          webhookDisabledEmail({
            lang: pickLanguage(member.language),
            appUrl: config.appUrl,
            email: member.email,
            firstName: member.firstName,
            userId: hook.userId,
            hook,
            failures: hook.failureCount,
            lastError: error,
          }),
        );
      return hook;
    });
    if (disabled) {
      log.warn(
        { webhookId: disabled.id, failures: disabled.failureCount },
        'webhook disabled after repeated failures',
      );
      again = true; // the email just queued goes out with the next drain
    }
  }

  async function send(row: Row): Promise<{ provider: string; id: string }> {
    if (row.channel === 'webhook') return sendWebhook(row);
    if (row.channel === 'sms')
      return { provider: 'sms_api', id: (await sms!.send({ to: row.recipient, body: row.bodyText })).sid };
    const message = {
      to: row.recipient,
      subject: row.subject ?? '',
      text: row.bodyText,
      html: row.bodyHtml,
      headers: row.headers,
      // one Message-ID per outbox row, the same on every attempt: a copy sent again after a
      // crash between the server's acceptance and our 'sent' mark is recognisable as a copy
      messageId: outboxMessageId(row, mailDomain),
    };
    return { provider: 'smtp', id: (await email!.send(message)).messageId };
  }

  async function deliver(row: Row): Promise<'sent' | 'retried' | 'failed'> {
    const now = clock();
    // still this claim's: a sender whose lease ran out must not overwrite the next claim's outcome
    const mine = and(eq(outbox.id, row.id), eq(outbox.status, 'sending'), eq(outbox.attempts, row.attempts));
    if (row.attempts > OUTBOX_MAX_ATTEMPTS) {
      await db.update(outbox).set({ status: 'failed' }).where(mine);
      return 'failed';
    }
    const refusal = row.channel === 'sms' ? smsRefusal(row, now) : null;
    if (refusal) {
      await db.update(outbox).set({ status: 'failed', lastError: refusal }).where(mine);
      log.warn(
        { outboxId: row.id, channel: row.channel, kind: row.kind, error: refusal },
        'outbox text not sent',
      );
      return 'failed';
    }
    try {
      const { provider, id } = await send(row);
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: clock(), provider, providerMessageId: id, lastError: null })
        .where(mine);
      if (row.channel === 'webhook') await recordWebhookOutcome(row, null);
      log.info(
        { outboxId: row.id, channel: row.channel, kind: row.kind, attempts: row.attempts },
        'outbox message sent',
      );
      return 'sent';
    } catch (error) {
      const permanent = Boolean((error as { permanent?: boolean }).permanent);
      const lastError = String((error as Error).message ?? error).slice(0, 500);
      if (row.channel === 'webhook' && !(error as { hookGone?: boolean }).hookGone)
        await recordWebhookOutcome(row, lastError);
      const giveUp = permanent || row.attempts >= OUTBOX_MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set(
          giveUp
            ? { status: 'failed', lastError }
            : {
                status: 'queued',
                lastError,
                nextAttemptAt: new Date(
                  now.getTime() + backoffDelayMs(row.attempts, Math.random, retryBaseMs),
                ),
              },
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
    const result: DrainResult = {
      sent: 0,
      retried: 0,
      failed: 0,
      kept: await keepUnsendable(),
      heldByBudget: 0,
    };
    for (let i = 0; i < MAX_BATCHES_PER_DRAIN && !closed; i++) {
      const now = clock();
      // mail starts going out while the texts are claimed under the budget lock
      const emails = email ? await claimDue(db, 'email', now, BATCH) : [];
      const mailed = emails.map(deliver);
      const posts = await claimDue(db, 'webhook', now, BATCH);
      const posted = posts.map(deliver);
      const texts = sms ? await claimSms(now) : { rows: [], held: 0, alertQueued: false };
      result.heldByBudget = texts.held;
      for (const outcome of await Promise.all([...mailed, ...posted, ...texts.rows.map(deliver)]))
        result[outcome]++;
      // one more round picks up the budget alert email just queued
      if (texts.rows.length < BATCH && emails.length < BATCH && posts.length < BATCH && !texts.alertQueued)
        break;
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
