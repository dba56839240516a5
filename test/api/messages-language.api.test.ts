/**
 * Every email and text goes out in the member's language, from the `messages` dictionaries:
 * the expected words are read from the dictionaries themselves, never written here.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, outbox, searchTerms, users } from '#server/db/schema';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { runTrialEnd } from '#server/modules/billing/trial';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { escapeHtml } from '#server/messages/email';
import { t as message } from '#server/messages/i18n';
import ar from '#server/messages/locales/ar.json';
import es from '#server/messages/locales/es.json';
import ja from '#server/messages/locales/ja.json';
import ko from '#server/messages/locales/ko.json';
import { smsSize } from '#server/messages/sms';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser, buildUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { postgresUnavailable } from '#test/support/test-database';
import { get, newPassword, post, uniqueEmail, uniqueIp, waitForMessage } from './auth-helpers';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);

describe.skipIf(postgresUnavailable())('messages in the member’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const newItem = async (title: string) => {
    const item = await buildLegalChange(t.db, { title });
    await t.db.insert(changeEvents).values({ legalChangeId: item.id, kind: 'new_item' });
    return item;
  };
  const deliver = async () => {
    await matchAlerts(t.db, { notifyPostgres: t.database.mode === 'postgres' });
    await queueImmediateAlerts(t.db, t.config, t.app.secrets.appSecret);
  };
  const sent = (userId: number) =>
    t.db.select().from(outbox).where(eq(outbox.userId, userId)).orderBy(outbox.id);

  it('writes an alert email in Japanese to a member who chose Japanese in their settings', async () => {
    const me = await buildSignedInUser(t.db);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: me.headers,
      payload: {
        firstName: '花子',
        lastName: '山田',
        companyName: null,
        language: 'ja',
        timezone: 'Asia/Tokyo',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.db.insert(searchTerms).values({ userId: me.user.id, searchTerm: 'sluice' });
    const item = await newItem('Sluice Gates Bill');
    await deliver();

    const [email] = await sent(me.user.id);
    expect(email).toMatchObject({ channel: 'email', kind: 'alert' });
    expect(email!.subject).toBe(fill(ja.events.newTitle, { title: 'Sluice Gates Bill' }));
    expect(email!.bodyText).toContain(fill(ja.common.greeting, { name: '花子' }));
    expect(email!.bodyText).toContain(ja.events.newBill);
    expect(email!.bodyText).toContain(fill(ja.alerts.matchesTerms_other, { terms: 'sluice' }));
    expect(email!.bodyText).toContain(`http://localhost:5000/legal-change/${item.id}?tab=timeline`);
    expect(email!.bodyHtml).toContain('<html lang="ja" dir="ltr">');
    expect(email!.bodyHtml).toContain(escapeHtml(ja.alerts.unsubscribe));
    expect(email!.bodyText).not.toMatch(/Hello|A new bill|Unsubscribe from alert emails/);
  });

  it('writes each member’s in-app notification in their language, opening the same tab whatever the words', async () => {
    const spanish = await buildSignedInUser(t.db);
    const english = await buildSignedInUser(t.db);
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, spanish.user.id));
    const item = await buildLegalChange(t.db, { title: 'Weirs and Sluices Bill' });
    for (const member of [spanish, english]) {
      const followed = await t.app.inject({
        method: 'POST',
        url: `/api/legal-changes/${item.id}/action`,
        headers: member.headers,
        payload: { action: 'followed' },
      });
      expect(followed.statusCode, followed.body).toBe(200);
    }
    await t.db
      .insert(changeEvents)
      .values({ legalChangeId: item.id, kind: 'amendments_added', after: { count: 3 } });
    await deliver();

    const panel = async (member: typeof spanish) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/notifications/in-app',
        headers: member.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { notifications: { title: string; message: string; tab: string }[] })
        .notifications;
    };
    expect(await panel(spanish)).toEqual([
      expect.objectContaining({
        title: fill(es.events.amendmentsTitle, { title: 'Weirs and Sluices Bill' }),
        message: fill(es.events.amendments_other, { count: '3' }),
        tab: 'amendments',
      }),
    ]);
    expect(await panel(english)).toEqual([
      expect.objectContaining({
        title: message('en', 'events.amendmentsTitle', { title: 'Weirs and Sluices Bill' }),
        message: message('en', 'events.amendments', { count: 3 }),
        tab: 'amendments',
      }),
    ]);
  });

  it('writes a password reset in Spanish for a Spanish-speaking member, whatever the browser says', async () => {
    const member = await buildUser(t.db, { email: uniqueEmail('es'), firstName: 'Lucía', language: 'es' });
    const res = await post(
      t,
      '/api/auth/forgot-password',
      { email: member.email },
      { ip: uniqueIp(), headers: { 'accept-language': 'en-GB,en;q=0.9' } },
    );
    expect(res.statusCode).toBe(200);
    const mail = await waitForMessage(t, member.email, 'password_reset');
    rememberSecret(/token=([A-Za-z0-9_-]+)/.exec(mail.bodyText)?.[1] ?? 'none');
    expect(mail.subject).toBe(es.passwordReset.subject);
    expect(mail.bodyText).toContain(fill(es.common.greeting, { name: 'Lucía' }));
    expect(mail.bodyText).toContain(es.passwordReset.intro);
    expect(mail.bodyText).toContain(fill(es.passwordReset.expiry_other, { count: '60' }));
    expect(mail.bodyHtml).toContain('<html lang="es" dir="ltr">');
  });

  it('texts an Arabic member in Arabic, counted as UCS-2 segments, and writes the email right to left', async () => {
    const member = await buildUser(t.db, {
      firstName: 'سارة',
      language: 'ar',
      phoneNumber: '+447911123457',
      phoneVerified: true,
      smsAlertsEnabled: true,
    });
    await t.db.insert(searchTerms).values({ userId: member.id, searchTerm: 'weir' });
    await newItem('Weir Maintenance Bill');
    await deliver();

    const rows = await sent(member.id);
    const sms = rows.find((r) => r.channel === 'sms');
    const email = rows.find((r) => r.channel === 'email');
    expect(sms!.bodyText).toContain(ar.events.newBill);
    expect(sms!.bodyText).toContain(message('ar', 'sms.stop', { link: 'http://localhost:5000/preferences' }));
    const size = smsSize(sms!.bodyText);
    const units = sms!.bodyText.length; // UTF-16 code units
    expect(size).toMatchObject({ encoding: 'UCS-2', units });
    // UCS-2: 70 units in one segment, 67 in each of several (GSM-7 would be 160 / 153)
    expect(size.segments).toBe(units <= 70 ? 1 : Math.ceil(units / 67));
    expect(size.segments).toBeGreaterThan(units <= 160 ? 1 : Math.ceil(units / 153));
    expect(size.segments).toBeLessThanOrEqual(3);
    expect(email!.bodyHtml).toContain('<html lang="ar" dir="rtl">');
    expect(email!.bodyText).toContain(fill(ar.common.greeting, { name: 'سارة' }));
  });

  it('writes the sign-up code in the language the form sends, and the new account keeps it', async () => {
    const signUpIn = async (
      form: { language?: string },
      acceptLanguage: string,
      verifyAcceptLanguage = acceptLanguage,
    ) => {
      const email = uniqueEmail('signup');
      const ip = uniqueIp();
      const headers = { 'accept-language': acceptLanguage };
      const registered = await post(
        t,
        '/api/auth/register',
        { email, password: newPassword(), firstName: '민준', lastName: '김', ...form },
        { ip, headers },
      );
      expect(registered.statusCode, registered.body).toBe(201);
      const mail = await waitForMessage(t, email, 'verification');
      const code = rememberSecret(/\b(\d{6})\b/.exec(mail.bodyText)![1]!);
      const verified = await post(
        t,
        '/api/auth/verify-email',
        { tempUserId: registered.json().tempUserId, verificationCode: code },
        { ip, headers: { 'accept-language': verifyAcceptLanguage } },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      const token = rememberSecret(verified.json().sessionToken as string);
      const me = await get(t, '/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
      return { mail, language: me.json().language };
    };
    // the form's language wins over the browser's, and is kept with the sign-up until the code is
    // entered, even from a browser that asks for another language
    const chosen = await signUpIn({ language: 'ko' }, 'de-DE,de;q=0.9', 'fr-FR');
    expect(chosen.mail.subject).toBe(ko.verification.subject);
    expect(chosen.mail.bodyText).toContain(ko.verification.intro);
    expect(chosen.language).toBe('ko');
    // without one, the browser's first language the service speaks
    const browser = await signUpIn({}, 'sv-SE,ja;q=0.8,en;q=0.5');
    expect(browser.mail.subject).toBe(ja.verification.subject);
    expect(browser.language).toBe('ja');
  });

  it('dates a trial reminder in the member’s language, on their own calendar', async () => {
    // 23:30 in London on 11 March is already 12 March in Tokyo
    const endsAt = new Date('2031-03-11T23:30:00Z');
    const member = await buildUser(t.db, {
      firstName: '健',
      language: 'ja',
      timezone: 'Asia/Tokyo',
      trialEndsAt: endsAt,
    });
    await runTrialEnd(t.db, 'https://lexwatch.test', new Date(endsAt.getTime() - 3 * 86_400_000));
    const [mail] = await sent(member.id);
    expect(mail).toMatchObject({ kind: 'trial_ending' });
    expect(mail!.subject).toBe(fill(ja.trialEnding.subject, { date: '2031年3月12日' }));
    expect(mail!.bodyText).toContain(ja.trialEnding.keep);
  });

  it('refuses a language the service does not speak', async () => {
    const res = await post(
      t,
      '/api/auth/register',
      { email: uniqueEmail(), password: newPassword(), firstName: 'A', lastName: 'B', language: 'xx' },
      { ip: uniqueIp() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('body.language');
  });
});
