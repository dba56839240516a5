/**
 * Texts through the SMS API. Two checks come before the provider (sms-destinations.ts,
 * sms-budget.ts): a text to a number outside SMS_ALLOWED_COUNTRY_CODES is failed without calling
 * the provider, and no text is claimed beyond the day's SMS budget, counted in segments; those
 * stay queued for the next London day. Verification codes go first, and one that expired while
 * it waited is failed instead of being sent.
 */
import { smsSegments } from '#server/messages/sms';
import type { SmsClient } from '#server/providers/sms/client';
import {
  anyTextDue,
  countDueTexts,
  latestDueAt,
  dueTextBodies,
  lockTextClaims,
  type OutboxRow,
} from '../outbox.queries';
import { CODE_TTL_SECONDS } from '../phone-codes';
import { reportSmsBudgetExhausted, smsBudgetStatus, textsWithinBudget } from '../sms-budget';
import { callingCodeOf, smsCallingCodes } from '../sms-destinations';
import type { ChannelContext, ClaimedBatch, OutboxChannel } from './channel';

export function smsChannel(
  ctx: ChannelContext,
  sms: SmsClient,
  opts: { emailConfigured: boolean },
): OutboxChannel {
  const { db, config, log } = ctx;
  const smsCodes = smsCallingCodes(config);
  let budgetReportedFor: string | null = null;

  /**
   * Claims texts within what is left of the day's budget. One claimer at a time across all
   * processes (an advisory lock), and texts being sent count as spent, so the budget holds
   * however many senders run. Says how many due texts were held back and whether the
   * administrator's alert email was just queued.
   */
  async function claim(now: Date, limit: number): Promise<ClaimedBatch> {
    if (!(await anyTextDue(db, latestDueAt(now)))) return { rows: [], held: 0 };
    const claimed = await db.transaction(async (tx) => {
      await lockTextClaims(tx);
      const budget = await smsBudgetStatus(tx, config, now);
      let take = limit;
      let held = 0;
      if (budget.remainingTexts !== null) {
        // the due texts in claiming order, as many as fit in the segments left today
        const due = await dueTextBodies(tx, latestDueAt(now), limit);
        take = textsWithinBudget(due, budget);
        held = due.length - take;
      }
      if (take > 0) {
        const rows = await ctx.claimDue(tx, 'sms', now, take);
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
      return { rows: [], held: await countDueTexts(tx, latestDueAt(now)), budget };
    });
    let anotherRound = false;
    if (claimed.held && budgetReportedFor !== claimed.budget.day) {
      const reported = await reportSmsBudgetExhausted(db, config, log, claimed.budget, now);
      anotherRound = reported && Boolean(opts.emailConfigured && config.SMS_BUDGET_ALERT_EMAIL);
      budgetReportedFor = claimed.budget.day;
    }
    return { rows: claimed.rows, held: claimed.held, anotherRound };
  }

  return {
    name: 'sms',
    claim,
    refusal(row: OutboxRow, now: Date): string | null {
      const code = callingCodeOf(row.recipient);
      if (code === null || !smsCodes.includes(code)) {
        return `destination not allowed: ${code ? `+${code}` : 'not an international number'} is outside SMS_ALLOWED_COUNTRY_CODES (${smsCodes.join(',')})`;
      }
      if (row.kind === 'phone_code' && row.createdAt.getTime() + CODE_TTL_SECONDS * 1000 <= now.getTime()) {
        return 'the verification code expired before it could be sent';
      }
      return null;
    },
    send: async (row) => ({
      provider: 'sms_api',
      id: (await sms.send({ to: row.recipient, body: row.bodyText })).sid,
    }),
  };
}
