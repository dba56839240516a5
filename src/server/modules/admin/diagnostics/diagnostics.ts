/**
 * The console's diagnostics: each runs one part of the notification system for real (the
 * notification service, the SMS channel, the unified news notifications, the Phase 3 families,
 * the news flow of a followed item, the Sentencing Bill's alerts) against the recorded data, sends
 * through the configured channel to the address or number given, and says what happened at each step.
 */
import type { FastifyInstance } from 'fastify';
import { alertEmail } from '#server/messages/alert-emails';
import { renderEmail } from '#server/messages/email';
import { t, type MessageLanguage } from '#server/messages/i18n';
import { describeEvent } from '#server/modules/alerts/describe-event';
import { normalisePhoneNumber } from '#server/modules/phone/phone-number';
import type { DiagnosticResult, DiagnosticStep } from '#shared/schemas/admin';
import { sendAndWait, testUnifiedChannel } from '../channel-tests';
import {
  alertReach,
  articlesOf,
  eventsOf,
  latestCachedArticle,
  mostFollowedItemWithNews,
  sentencingBill,
} from './diagnostics.queries';

type Sent = Awaited<ReturnType<typeof sendAndWait>>;

function deliveryStep(sent: Sent, channel: 'email' | 'sms'): DiagnosticStep {
  const provider = channel === 'email' ? 'the SMTP server' : 'the SMS provider';
  const detail =
    sent.status === 'sent'
      ? `Message #${sent.id} handed to ${provider}.`
      : sent.status === 'kept'
        ? `Message #${sent.id} kept in the outbox: no ${channel === 'email' ? 'SMTP server' : 'SMS provider'} is configured (read it under Notifications).`
        : sent.status === 'failed'
          ? `Message #${sent.id} failed: ${sent.lastError ?? 'no reason given'}.`
          : `Message #${sent.id} is still queued${sent.lastError ? ` after an error (${sent.lastError})` : ''}; the sender will retry.`;
  return { step: 'deliver', ok: sent.status === 'sent' || sent.status === 'kept', detail };
}

function result(what: string, steps: DiagnosticStep[], ids: number[]): DiagnosticResult {
  const failed = steps.find((s) => !s.ok);
  return {
    success: !failed,
    error: failed ? failed.detail : null,
    message: failed ? `${what}: stopped at "${failed.step}".` : `${what}: every step succeeded.`,
    steps,
    ids,
  };
}

async function sendEmail(
  app: FastifyInstance,
  to: string,
  mail: { subject: string; text: string; html: string },
  steps: DiagnosticStep[],
) {
  const sent = await sendAndWait(app, {
    channel: 'email',
    kind: 'test',
    recipient: to,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
  });
  steps.push({ step: 'queue', ok: true, detail: `Queued in the outbox as message #${sent.id}.` });
  steps.push(deliveryStep(sent, 'email'));
  return sent.id;
}

export async function testNotificationService(app: FastifyInstance, to: string, lang: MessageLanguage) {
  const mail = renderEmail({
    lang,
    subject: t(lang, 'test.emailSubject'),
    blocks: [{ kind: 'p', text: t(lang, 'test.emailBody', { time: new Date().toISOString() }) }],
  });
  const steps: DiagnosticStep[] = [{ step: 'render', ok: true, detail: `Rendered "${mail.subject}".` }];
  const id = await sendEmail(app, to, mail, steps);
  return result('Notification service', steps, [id]);
}

export async function testDirectSms(app: FastifyInstance, number: string, lang: MessageLanguage) {
  const allowed = app.deps.config.SMS_ALLOWED_COUNTRY_CODES;
  const recipient = normalisePhoneNumber(number, allowed);
  const steps: DiagnosticStep[] = [
    { step: 'destination', ok: true, detail: `${recipient} is a textable number in an allowed country.` },
  ];
  const sent = await sendAndWait(app, {
    channel: 'sms',
    kind: 'test',
    recipient,
    bodyText: t(lang, 'test.sms'),
  });
  steps.push({ step: 'queue', ok: true, detail: `Queued in the outbox as message #${sent.id}.` });
  steps.push(deliveryStep(sent, 'sms'));
  return result('Direct SMS', steps, [sent.id]);
}

function newsEmail(
  app: FastifyInstance,
  lang: MessageLanguage,
  item: { id: number; title: string },
  articles: { title: string; source: string }[],
) {
  const appUrl = app.deps.config.appUrl;
  return alertEmail({
    lang,
    appUrl,
    firstName: 'Administrator',
    alert: {
      type: 'news',
      title: `[Test] News about ${item.title}`,
      message: articles.map((a) => `${a.source}: ${a.title}`).join('\n'),
      legislationId: item.id,
      tab: 'news',
    },
    terms: [],
    unsubscribeUrl: `${appUrl}/preferences`,
  });
}

export async function testUnifiedNewsNotifications(app: FastifyInstance, to: string, lang: MessageLanguage) {
  const article = await latestCachedArticle(app.db);
  if (!article)
    return result(
      'Unified news notifications',
      [
        {
          step: 'find-news',
          ok: false,
          detail: 'No news articles are cached yet: run a news refresh first.',
        },
      ],
      [],
    );
  const steps: DiagnosticStep[] = [
    { step: 'find-news', ok: true, detail: `Latest cached article: "${article.title}" (${article.source}).` },
  ];
  const mail = newsEmail(app, lang, { id: article.legalChangeId, title: article.itemTitle }, [article]);
  steps.push({ step: 'render', ok: true, detail: `Rendered the news alert "${mail.subject}".` });
  const id = await sendEmail(app, to, mail, steps);
  return result('Unified news notifications', steps, [id]);
}

export async function testRealNewsFlow(app: FastifyInstance, to: string, lang: MessageLanguage) {
  const item = await mostFollowedItemWithNews(app.db);
  if (!item)
    return result(
      'News flow',
      [{ step: 'find-item', ok: false, detail: 'No item has cached news yet: run a news refresh first.' }],
      [],
    );
  const articles = await articlesOf(app.db, item.id, 3);
  const steps: DiagnosticStep[] = [
    {
      step: 'find-item',
      ok: true,
      detail: `"${item.title}" (#${item.id}), followed by ${item.followers} member(s).`,
    },
    { step: 'read-news', ok: true, detail: `${articles.length} of its cached articles chosen by relevance.` },
  ];
  const mail = newsEmail(app, lang, item, articles);
  steps.push({ step: 'render', ok: true, detail: `Rendered the news alert "${mail.subject}".` });
  const id = await sendEmail(app, to, mail, steps);
  return result('News flow', steps, [id]);
}

/** Phase 3.3: one message of each family (news, legislative, verification) through the unified outbox. */
export async function testPhase33(app: FastifyInstance, to: string, lang: MessageLanguage) {
  const steps: DiagnosticStep[] = [];
  const ids: number[] = [];
  for (const kind of ['news', 'legislative', 'verification'] as const) {
    const sent = await testUnifiedChannel(app, kind, to, lang);
    ids.push(...sent.ids);
    steps.push({ step: `${kind}-notification`, ok: sent.success, detail: sent.error ?? sent.message });
  }
  return result('Phase 3.3 unified delivery', steps, ids);
}

export async function testSyncAlertsSentencingBill(app: FastifyInstance, to: string, lang: MessageLanguage) {
  const what = 'Sentencing Bill alerts';
  const bill = await sentencingBill(app.db);
  if (!bill)
    return result(
      what,
      [
        {
          step: 'find-bill',
          ok: false,
          detail: 'The Sentencing Bill is not in the database: run a UK Parliament sync.',
        },
      ],
      [],
    );
  const steps: DiagnosticStep[] = [
    {
      step: 'find-bill',
      ok: true,
      detail: `"${bill.title}" (#${bill.id}), at ${bill.currentStage ?? 'no recorded stage'}.`,
    },
  ];
  const events = await eventsOf(app.db, bill.id);
  if (!events.latest) {
    steps.push({
      step: 'read-changes',
      ok: false,
      detail: 'No change to it has been recorded by a sync yet.',
    });
    return result(what, steps, []);
  }
  const latest = events.latest;
  steps.push({
    step: 'read-changes',
    ok: true,
    detail: `${events.total} change(s) recorded; the latest (${latest.kind}, ${latest.detectedAt.toISOString()}) ${latest.processedAt ? 'has been matched to members' : 'is waiting for the alert matcher'}.`,
  });
  const reach = await alertReach(app.db, bill.id);
  steps.push({
    step: 'match-members',
    ok: true,
    detail: `Its alerts reach ${reach.followers} follower(s) and ${reach.byTerms} member(s) whose search terms match it.`,
  });
  const words = describeEvent(
    {
      ...latest,
      itemTitle: bill.title,
      legislationType: bill.legislationType,
      category: bill.category,
      consultationEndDate: bill.consultationEndDate,
    },
    lang,
  );
  const appUrl = app.deps.config.appUrl;
  const mail = alertEmail({
    lang,
    appUrl,
    firstName: 'Administrator',
    alert: { ...words, title: `[Test] ${words.title}`, legislationId: bill.id },
    terms: [],
    unsubscribeUrl: `${appUrl}/preferences`,
  });
  steps.push({
    step: 'render',
    ok: true,
    detail: `Rendered the alert "${mail.subject}" as members receive it.`,
  });
  const id = await sendEmail(app, to, mail, steps);
  return result(what, steps, [id]);
}
