/** What the administrator is shown of the SMS controls (GET /api/admin/sms-budget). */
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import type { SmsBudgetReport } from '#shared/schemas/sms';
import { smsBudgetStatus } from './sms-budget';
import { phoneCodesBetween } from './sms-budget.queries';
import { smsCallingCodes } from './sms-destinations';
import { DAY_MS } from '#shared/time';

export async function smsBudgetReport(db: DbOrTx, config: Config, now: Date): Promise<SmsBudgetReport> {
  const budget = await smsBudgetStatus(db, config, now);
  const codes = await phoneCodesBetween(db, { since: new Date(now.getTime() - DAY_MS), until: now });
  const codesSent = codes.sent;
  const verified = codes.verified;
  return {
    day: budget.day,
    budgetPence: budget.budgetPence,
    unitPricePence: budget.unitPricePence,
    sentToday: budget.sentToday,
    sending: budget.sending,
    spentPence: budget.spentPence,
    remainingTexts: budget.remainingTexts,
    exhausted: budget.exhausted,
    resetsAt: budget.resetsAt.toISOString(),
    allowedCountryCodes: smsCallingCodes(config).map((code) => `+${code}`),
    verification: {
      codesSent,
      verified,
      neverCompletedRatio: codesSent ? Math.round(((codesSent - verified) / codesSent) * 1000) / 1000 : null,
    },
  };
}
