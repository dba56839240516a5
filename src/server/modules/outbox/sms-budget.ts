/**
 * The daily SMS budget circuit breaker. A day is a London calendar day. A text may leave while
 * (sent today + being sent now) × SMS_UNIT_PRICE_PENCE stays within SMS_DAILY_BUDGET_PENCE.
 * Past that, texts stay queued and leave the next day (in order, each once) and verification
 * codes are refused with a 503. The first time in a day the budget holds a text back, the
 * administrator is told once, whichever process sees it: a warning in the log and, with
 * SMS_BUDGET_ALERT_EMAIL set, an email through the outbox.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import { outbox } from '#server/db/schema';
import { AppError } from '#server/http/errors';
import { recordHit, type Limit } from '#server/modules/auth/rate-limit';
import { londonDay } from '#server/sources/common/uk-time';
import { enqueueMessage } from './outbox';

type BudgetConfig = Pick<Config, 'SMS_DAILY_BUDGET_PENCE' | 'SMS_UNIT_PRICE_PENCE'>;

/** How many texts a day's budget pays for (null: no limit, when texts are free). */
export function dailyTextAllowance(config: BudgetConfig): number | null {
  const { SMS_DAILY_BUDGET_PENCE: budget, SMS_UNIT_PRICE_PENCE: unit } = config;
  if (unit <= 0) return budget > 0 ? null : 0;
  return Math.floor(budget / unit + 1e-9);
}

export interface SmsBudgetStatus {
  day: string;
  budgetPence: number;
  unitPricePence: number;
  sentToday: number;
  /** claimed by a sender and not finished yet */
  sending: number;
  spentPence: number;
  /** texts that may still leave today; null when there is no limit */
  remainingTexts: number | null;
  exhausted: boolean;
  resetsAt: Date;
}

/** Today's spend, from the outbox rows themselves (shared by every process). */
export async function smsBudgetStatus(db: DbOrTx, config: BudgetConfig, now: Date): Promise<SmsBudgetStatus> {
  const day = londonDay(now);
  // two counts, each served by its own index (outbox_sms_sent_idx, outbox_due_idx)
  const { rows } = await db.execute<{ sent: number; sending: number }>(sql`
    select
      (select count(*) from ${outbox} where channel = 'sms' and status = 'sent' and sent_at >= ${day.start} and sent_at < ${day.end})::int as sent,
      (select count(*) from ${outbox} where channel = 'sms' and status = 'sending' and next_attempt_at > ${now})::int as sending`);
  const sentToday = rows[0]?.sent ?? 0;
  const sending = rows[0]?.sending ?? 0;
  const allowance = dailyTextAllowance(config);
  const remainingTexts = allowance === null ? null : Math.max(0, allowance - sentToday - sending);
  return {
    day: day.date,
    budgetPence: config.SMS_DAILY_BUDGET_PENCE,
    unitPricePence: config.SMS_UNIT_PRICE_PENCE,
    sentToday,
    sending,
    spentPence: Math.round(sentToday * config.SMS_UNIT_PRICE_PENCE * 100) / 100,
    remainingTexts,
    exhausted: remainingTexts === 0,
    resetsAt: day.end,
  };
}

/** 503 for a verification code asked for while the day's budget is spent. */
export function smsBudgetExhausted(status: Pick<SmsBudgetStatus, 'resetsAt'>, now: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((status.resetsAt.getTime() - now.getTime()) / 1000));
  return new AppError(
    503,
    'sms_budget_exhausted',
    'We cannot send text messages right now because the service has reached its daily text message limit. Please try again after midnight (UK time).',
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** One budget alert per London day, counted in rate_limit_buckets like every other limit. */
const BUDGET_ALERTS: Limit = { scope: 'sms-budget-alert', max: 1, windowSeconds: 2 * 24 * 3600, message: '' };

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * Tells the administrator that the budget holds texts back, once per London day across all
 * processes. Returns true when this call did (an alert email may then wait in the outbox).
 */
export async function reportSmsBudgetExhausted(
  db: DbOrTx,
  config: Config,
  log: Pick<FastifyBaseLogger, 'warn'>,
  status: SmsBudgetStatus,
  now: Date,
): Promise<boolean> {
  const hit = await recordHit(db, BUDGET_ALERTS, status.day, now);
  if (hit.count > 1) return false;
  const summary =
    `Text messages stopped on ${status.day} (London time): ${status.sentToday} sent at ${status.unitPricePence}p each ` +
    `reached the daily SMS budget of ${pounds(status.budgetPence)}.`;
  log.warn(
    {
      day: status.day,
      sentToday: status.sentToday,
      budgetPence: status.budgetPence,
      unitPricePence: status.unitPricePence,
      alertEmail: Boolean(config.SMS_BUDGET_ALERT_EMAIL),
    },
    `SMS daily budget reached: texts stay queued until midnight London time and verification codes are refused (SMS_DAILY_BUDGET_PENCE=${status.budgetPence})`,
  );
  if (config.SMS_BUDGET_ALERT_EMAIL) {
    await enqueueMessage(db, {
      channel: 'email',
      kind: 'sms_budget',
      recipient: config.SMS_BUDGET_ALERT_EMAIL,
      subject: `Lexwatch: text messages paused for today (SMS budget of ${pounds(status.budgetPence)} reached)`,
      bodyText: [
        summary,
        '',
        'Alert texts stay queued and are sent after midnight (London time), each once. Members asking for a phone verification code are told to try again after midnight.',
        '',
        `To allow more texts a day, raise SMS_DAILY_BUDGET_PENCE (now ${status.budgetPence}) and restart the service. Today's figures: GET ${config.appUrl}/api/admin/sms-budget.`,
      ].join('\n'),
      dedupeKey: `sms_budget:${status.day}`,
    });
  }
  return true;
}
