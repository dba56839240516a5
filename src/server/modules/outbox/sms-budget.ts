/**
 * The daily SMS budget circuit breaker. A day is a London calendar day. Providers bill by the
 * segment, so the budget counts segments (`#server/messages/sms`: 160 GSM-7 characters or 70
 * UCS-2 units in a one-segment text, 153 or 67 per segment beyond; a Japanese, Arabic or Russian
 * text is UCS-2). A text may leave while the segments of (sent today + being sent now + it) ×
 * SMS_UNIT_PRICE_PENCE stay within SMS_DAILY_BUDGET_PENCE.
 * Past that, texts stay queued and leave the next day (in order, each once) and verification
 * codes are refused with a 503. The first time in a day the budget holds a text back, the
 * administrator is told once, whichever process sees it: a warning in the log and, with
 * SMS_BUDGET_ALERT_EMAIL set, an email through the outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import { AppError } from '#server/http/errors';
import { recordHit, type Limit } from '#server/lib/rate-limits';
import { smsSegments } from '#server/messages/sms';
import { londonDay } from '#server/sources/common/uk-time';
import { enqueueMessage } from './outbox';
import { textsOfDay } from './sms-budget.queries';

type BudgetConfig = Pick<Config, 'SMS_DAILY_BUDGET_PENCE' | 'SMS_UNIT_PRICE_PENCE'>;

/** How many segments a day's budget pays for (null: no limit, when texts are free). */
export function dailyTextAllowance(config: BudgetConfig): number | null {
  const { SMS_DAILY_BUDGET_PENCE: budget, SMS_UNIT_PRICE_PENCE: unit } = config;
  if (unit <= 0) return budget > 0 ? null : 0;
  return Math.floor(budget / unit + 1e-9);
}

export interface SmsBudgetStatus {
  day: string;
  budgetPence: number;
  unitPricePence: number;
  /** texts sent today */
  sentToday: number;
  /** texts claimed by a sender and not finished yet */
  sending: number;
  /** segments of the texts sent today and being sent */
  segmentsSpent: number;
  /** what today's sent segments cost */
  spentPence: number;
  /** segments (one-segment texts) that may still leave today; null when there is no limit */
  remainingTexts: number | null;
  exhausted: boolean;
  resetsAt: Date;
}

/** Today's spend, from the outbox rows themselves (shared by every process). */
export async function smsBudgetStatus(db: DbOrTx, config: BudgetConfig, now: Date): Promise<SmsBudgetStatus> {
  const day = londonDay(now);
  const rows = await textsOfDay(db, { start: day.start, end: day.end, now });
  let sentToday = 0;
  let sending = 0;
  let sentSegments = 0;
  let sendingSegments = 0;
  for (const row of rows) {
    const segments = Math.max(1, smsSegments(row.body));
    if (row.sending) {
      sending++;
      sendingSegments += segments;
    } else {
      sentToday++;
      sentSegments += segments;
    }
  }
  const segmentsSpent = sentSegments + sendingSegments;
  const allowance = dailyTextAllowance(config);
  const remainingTexts = allowance === null ? null : Math.max(0, allowance - segmentsSpent);
  return {
    day: day.date,
    budgetPence: config.SMS_DAILY_BUDGET_PENCE,
    unitPricePence: config.SMS_UNIT_PRICE_PENCE,
    sentToday,
    sending,
    segmentsSpent,
    spentPence: Math.round(sentSegments * config.SMS_UNIT_PRICE_PENCE * 100) / 100,
    remainingTexts,
    exhausted: remainingTexts === 0,
    resetsAt: day.end,
  };
}

/**
 * How many of the due texts (in sending order) fit in what is left of the day's segments. A
 * text longer than the whole day's budget goes alone on a day with nothing spent yet, so it
 * never blocks the queue for good.
 */
export function textsWithinBudget(
  bodies: string[],
  status: Pick<SmsBudgetStatus, 'remainingTexts' | 'segmentsSpent'>,
): number {
  if (status.remainingTexts === null) return bodies.length;
  let left = status.remainingTexts;
  let taken = 0;
  for (const body of bodies) {
    const segments = Math.max(1, smsSegments(body));
    if (segments > left) {
      if (taken === 0 && status.segmentsSpent === 0) return 1;
      break;
    }
    left -= segments;
    taken++;
  }
  return taken;
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
    `Text messages stopped on ${status.day} (London time): ${status.sentToday} sent, ${status.segmentsSpent} segment(s) at ${status.unitPricePence}p each, ` +
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
