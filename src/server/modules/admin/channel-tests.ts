/**
 * The Phase 2 and Phase 3 channel tests: real sends through the same outbox, sender and
 * notification streams the product uses, and figures computed from what was really delivered.
 */
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '#server/db/client';
import { badRequest, notFound } from '#server/http/errors';
import { alertEmail } from '#server/messages/alert-emails';
import { notifyAtCommit } from '#server/modules/notifications/notifier';
import { enqueueMessage, type OutgoingMessage } from '#server/modules/outbox/outbox';
import { kickOutboxSender } from '#server/modules/outbox/outbox-sender';
import { normalisePhoneNumber } from '#server/modules/phone/phone-number';
import { verificationCodeEmail } from '#server/messages/account-emails';
import { renderEmail } from '#server/messages/email';
import { pickLanguage, t, type MessageLanguage } from '#server/messages/i18n';
import type { ChannelTestResult, Phase2Results, Phase3Status } from '#shared/schemas/admin';
import {
  channelCounts,
  countsByKind,
  inAppCounts,
  insertTestNotification,
  memberExists,
  outboxRowState,
} from './channel-tests.queries';
import { DAY_MS } from '#shared/time';

const WINDOW_DAYS = 30;
const since = () => new Date(Date.now() - WINDOW_DAYS * DAY_MS);
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Queues a message and waits (up to 8 s) for the sender to deliver, keep or fail it. */
export async function sendAndWait(app: FastifyInstance, message: OutgoingMessage) {
  const id = await enqueueMessage(app.db, { ...message, dedupeKey: null });
  kickOutboxSender(app);
  for (let waited = 0; waited < 8000; waited += 200) {
    const row = await outboxRowState(app.db, id!);
    if (row && (row.status === 'sent' || row.status === 'kept' || row.status === 'failed'))
      return { id: id!, ...row };
    if (row && row.attempts > 0 && row.status === 'queued') return { id: id!, ...row }; // retrying later
    await sleep(200);
  }
  return { id: id!, status: 'queued' as const, lastError: null, attempts: 0 };
}

function outcome(
  sent: Awaited<ReturnType<typeof sendAndWait>>,
  what: string,
  metrics: Record<string, number>,
): ChannelTestResult {
  const ok = sent.status === 'sent' || sent.status === 'kept';
  const how =
    sent.status === 'kept'
      ? 'kept in the outbox (no provider is configured; read it in Notifications)'
      : sent.status === 'sent'
        ? 'handed to the provider'
        : sent.status === 'failed'
          ? 'failed'
          : 'queued; the sender will retry';
  return {
    success: ok,
    error: ok ? null : (sent.lastError ?? `The ${what} is ${sent.status}`),
    message: `Test ${what} ${how}.`,
    ids: [sent.id],
    metrics,
  };
}

async function channelFigures(db: DbOrTx, channel: 'email' | 'sms') {
  const row = await channelCounts(db, { channel, since: since() });
  const delivered = row?.delivered ?? 0;
  const failed = row?.failed ?? 0;
  return {
    deliveryRate: pct(delivered, delivered + failed),
    totalSent: delivered,
    contentOptimizationScore: pct(row?.oneSegment ?? 0, row?.total ?? 0),
  };
}

async function inAppFigures(db: DbOrTx) {
  const row = await inAppCounts(db, since());
  return { engagementRate: pct(row?.read ?? 0, row?.shown ?? 0), totalShown: row?.shown ?? 0 };
}

/** An administrator's test messages are written in the language of their browser. */
export const adminLanguage = (acceptLanguage: string | undefined): MessageLanguage =>
  pickLanguage(acceptLanguage);

export async function testEmailChannel(
  app: FastifyInstance,
  testEmail: string,
  lang: MessageLanguage = 'en',
): Promise<ChannelTestResult> {
  const mail = renderEmail({
    lang,
    subject: t(lang, 'test.emailSubject'),
    blocks: [{ kind: 'p', text: t(lang, 'test.emailBody', { time: new Date().toISOString() }) }],
  });
  const sent = await sendAndWait(app, {
    channel: 'email',
    kind: 'test',
    recipient: testEmail,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
  });
  const figures = await channelFigures(app.db, 'email');
  return outcome(sent, 'email', { deliveryRate: figures.deliveryRate, totalSent: figures.totalSent });
}

export async function testSmsChannel(
  app: FastifyInstance,
  testPhoneNumber: string,
  lang: MessageLanguage = 'en',
): Promise<ChannelTestResult> {
  const number = normalisePhoneNumber(testPhoneNumber, app.deps.config.SMS_ALLOWED_COUNTRY_CODES);
  const sent = await sendAndWait(app, {
    channel: 'sms',
    kind: 'test',
    recipient: number,
    bodyText: t(lang, 'test.sms'),
  });
  const figures = await channelFigures(app.db, 'sms');
  return outcome(sent, 'text', {
    deliveryRate: figures.deliveryRate,
    contentOptimizationScore: figures.contentOptimizationScore,
  });
}

export async function testInAppChannel(app: FastifyInstance, userId: number): Promise<ChannelTestResult> {
  if (!(await memberExists(app.db, userId)))
    throw notFound('There is no member with this id', 'user_not_found');
  const onPostgres = !app.deps.config.embeddedDatabase;
  const id = await app.db.transaction(async (tx) => {
    const inserted = await insertTestNotification(tx, {
      userId,
      title: 'Test notification',
      message: 'This is a test notification sent from the Lexwatch administrator console.',
      dedupeKey: `admin-test:${userId}:${Date.now()}:${Math.random().toString(36).slice(2)}`,
    });
    if (onPostgres) await notifyAtCommit(tx, inserted);
    return inserted;
  });
  app.caches.notifier.published(id);
  return {
    success: true,
    error: null,
    message: 'Test notification delivered to the member’s notification panel.',
    ids: [id],
    metrics: await inAppFigures(app.db),
  };
}

export async function phase2Results(db: DbOrTx): Promise<Phase2Results> {
  const [email, sms, inApp] = [
    await channelFigures(db, 'email'),
    await channelFigures(db, 'sms'),
    await inAppFigures(db),
  ];
  const scores = [email.deliveryRate, sms.deliveryRate, inApp.engagementRate];
  return {
    success: true,
    results: {
      overallScore: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10,
      phase21: { deliveryRate: email.deliveryRate, totalSent: email.totalSent },
      phase22: {
        deliveryRate: sms.deliveryRate,
        totalSent: sms.totalSent,
        contentOptimizationScore: sms.contentOptimizationScore,
      },
      phase23: { engagementRate: inApp.engagementRate, totalShown: inApp.totalShown },
      windowDays: WINDOW_DAYS,
    },
  };
}

/** Which message kinds each notification family sends through the unified outbox. */
export const UNIFIED_CHANNELS = [
  { name: 'News notifications', kinds: ['news', 'news_alert'] },
  { name: 'Legislative notifications', kinds: ['alert', 'digest', 'alert_roundup', 'deadline'] },
  { name: 'Verification notifications', kinds: ['verification', 'password_reset', 'phone_code'] },
];

export async function phase3Status(db: DbOrTx): Promise<Phase3Status> {
  const all = UNIFIED_CHANNELS.flatMap((c) => c.kinds);
  const rows = await countsByKind(db, { kinds: all, since: since() });
  return {
    channels: UNIFIED_CHANNELS.map((c) => ({
      name: c.name,
      kinds: c.kinds,
      migrated: true,
      queuedLast30Days: rows.filter((r) => c.kinds.includes(r.kind)).reduce((a, r) => a + r.n, 0),
    })),
  };
}

type Phase3Kind = 'news' | 'legislative' | 'unified' | 'verification';

/** A real message of one family, rendered by its own template, to the given address. */
export async function testUnifiedChannel(
  app: FastifyInstance,
  kind: Phase3Kind,
  testEmail: string,
  lang: MessageLanguage = 'en',
): Promise<ChannelTestResult> {
  const appUrl = app.deps.config.appUrl;
  const alert = {
    type: kind === 'news' ? 'news' : 'update',
    title:
      kind === 'news'
        ? 'Test: news about an item you follow'
        : 'Test: a bill you follow moved to Report stage',
    message:
      kind === 'news'
        ? 'A news article about an item you follow was found (test message).'
        : 'The bill moved to Report stage in the House of Commons (test message).',
    legislationId: 0,
  };
  let rendered: { subject: string; text: string; html: string };
  if (kind === 'verification') {
    rendered = verificationCodeEmail(lang, { firstName: 'Administrator', code: '000000', minutes: 15 });
    rendered = { ...rendered, subject: `[Test] ${rendered.subject}` };
  } else {
    rendered = alertEmail({
      lang,
      appUrl,
      firstName: 'Administrator',
      alert,
      terms: [],
      unsubscribeUrl: `${appUrl}/preferences`,
    });
  }
  const sent = await sendAndWait(app, {
    channel: 'email',
    kind: 'test',
    recipient: testEmail,
    subject: rendered.subject,
    bodyText: rendered.text,
    bodyHtml: rendered.html,
  });
  const figures = await channelFigures(app.db, 'email');
  return outcome(sent, 'email', { deliveryRate: figures.deliveryRate, totalSent: figures.totalSent });
}

export function parseUserId(value: number | string): number {
  const id = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw badRequest('Please enter a test user ID', undefined, 'invalid_user_id');
  return id;
}
