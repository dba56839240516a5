/**
 * The end of the free trial: reminders 7 days and 1 day before, then the trial expires. The
 * member keeps their account and data (read-only, 'Trial Expired') until they choose a plan.
 */
import type { DbOrTx } from '#server/db/client';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { trialEndingEmail, trialExpiredEmail } from '#server/messages/account-emails';
import { pickLanguage } from '#server/messages/i18n';
import { expireEndedTrials, trialsEndingBetween, updateMemberBilling } from './billing.queries';
import { DAY_MS } from '#shared/time';

export async function runTrialEnd(db: DbOrTx, appUrl: string, now = new Date()) {
  const link = `${appUrl}/upgrade`;
  let reminders = 0;
  // 7 days before (stage 1), then 1 day before (stage 2); each sent once
  for (const [stage, from, days] of [
    [1, 1, 7],
    [2, 0, 1],
  ] as const) {
    const due = await trialsEndingBetween(db, {
      from: new Date(now.getTime() + from * DAY_MS),
      until: new Date(now.getTime() + days * DAY_MS),
      stage,
      limit: 1000,
    });
    for (const u of due) {
      const email = trialEndingEmail(pickLanguage(u.language), {
        firstName: u.firstName,
        endsAt: u.trialEndsAt,
        timeZone: u.timezone,
        link,
      });
      await enqueueMessage(db, {
        channel: 'email',
        kind: 'trial_ending',
        recipient: u.email,
        subject: email.subject,
        bodyText: email.text,
        bodyHtml: email.html,
        userId: u.id,
        dedupeKey: `trial-ending:${u.id}:${stage}`,
      });
      await updateMemberBilling(db, { userId: u.id, values: { trialRemindersSent: stage } });
      reminders++;
    }
  }
  const expired = await expireEndedTrials(db, { now });
  for (const u of expired) {
    const email = trialExpiredEmail(pickLanguage(u.language), { firstName: u.firstName, link });
    await enqueueMessage(db, {
      channel: 'email',
      kind: 'trial_expired',
      recipient: u.email,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
      userId: u.id,
      dedupeKey: `trial-expired:${u.id}`,
    });
  }
  return { reminders, expired: expired.length, emails: reminders + expired.length };
}
