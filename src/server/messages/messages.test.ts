import { describe, expect, it } from 'vitest';
import { alertEmail, digestEmail } from './alert-emails';
import { alertSms } from './alert-sms';
import { eventWords } from './event-words';
import { renderEmail, escapeHtml } from './email';
import { formatDate, MESSAGE_LANGUAGES, pluralForm, t } from './i18n';
import ar from './locales/ar.json';
import ja from './locales/ja.json';
import ru from './locales/ru.json';
import { fitSms, gsmFriendly, smsSize } from './sms';

describe('the one email layout', () => {
  it('escapes every value of the HTML part, and only there', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const mail = renderEmail({
      lang: 'en',
      subject: 'S <b>',
      name: '"Ann" <script>',
      blocks: [
        { kind: 'p', text: 'one & two\nthree' },
        { kind: 'button', label: 'Go <now>', href: 'https://x/?a=1&b="2"' },
        { kind: 'linked', text: '…and 4 more on <link>your <dashboard></link>', href: 'https://x/' },
        { kind: 'list', items: [{ title: '<T>', detail: 'd&d', href: 'https://x/1' }] },
      ],
    });
    expect(mail.html).not.toMatch(/<script>|<b>|<now>|<T>|<dashboard>/);
    expect(mail.html).toContain('<title>S &lt;b&gt;</title>');
    expect(mail.html).toContain('Hello &quot;Ann&quot; &lt;script&gt;,');
    expect(mail.html).toContain('one &amp; two<br>three');
    expect(mail.html).toContain('href="https://x/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).toContain('…and 4 more on <a href="https://x/">your &lt;dashboard&gt;</a>');
    // the text part is plain: nothing escaped, links spelled out
    expect(mail.text).toContain('Hello "Ann" <script>,');
    expect(mail.text).toContain('Go <now>: https://x/?a=1&b="2"');
    expect(mail.text).toContain('…and 4 more on your <dashboard>: https://x/');
  });

  it('sets lang and dir: right to left for Arabic, with addresses kept left to right', () => {
    const ja = renderEmail({ lang: 'ja', subject: 's', blocks: [{ kind: 'p', text: 'x' }] });
    expect(ja.html).toContain('<html lang="ja" dir="ltr">');
    const mail = renderEmail({
      lang: 'ar',
      subject: 's',
      name: 'سارة',
      blocks: [{ kind: 'button', label: 'افتح', href: 'https://x/y' }],
    });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.html).toContain('text-align:right');
    expect(mail.html).toContain('<span dir="ltr">https://x/y</span>');
    expect(mail.text).toContain(ar.common.greeting.replace('{{name}}', 'سارة'));
  });
});

describe('messages in the member’s language', () => {
  it('chooses the plural form of the language', () => {
    expect(pluralForm('ru', 1)).toBe('one');
    expect(pluralForm('ru', 3)).toBe('few');
    expect(pluralForm('ru', 5)).toBe('many');
    expect(t('ru', 'events.amendments', { count: 1 })).toBe(
      ru.events.amendments_one.replace('{{count}}', '1'),
    );
    expect(t('ru', 'events.amendments', { count: 3 })).toBe(
      ru.events.amendments_few.replace('{{count}}', '3'),
    );
    expect(t('ru', 'events.amendments', { count: 25 })).toBe(
      ru.events.amendments_many.replace('{{count}}', '25'),
    );
    expect(t('ar', 'events.documents', { count: 2 })).toBe(ar.events.documents_two.replace('{{count}}', '2'));
    expect(t('ar', 'events.documents', { count: 11 })).toBe(
      ar.events.documents_many.replace('{{count}}', '11'),
    );
    expect(t('ja', 'events.documents', { count: 1 })).toBe(
      ja.events.documents_other.replace('{{count}}', '1'),
    );
    expect(t('en', 'events.documents', { count: 1 })).toBe('1 new document published.');
    expect(t('en', 'events.documents', { count: 2 })).toBe('2 new documents published.');
  });

  it('writes dates in the language, on the member’s calendar', () => {
    expect(formatDate('en', '2026-10-12')).toBe('12 October 2026');
    expect(formatDate('ja', '2026-10-12')).toBe('2026年10月12日');
    expect(formatDate('ar', '2026-10-12')).toMatch(/^12 أكتوبر 2026$|^١٢ أكتوبر ٢٠٢٦$/);
    // 23:30 UTC on 11 October is already the 12th in Tokyo, still the 11th in London
    const instant = new Date('2026-10-11T23:30:00Z');
    expect(formatDate('ja', instant, { timeZone: 'Asia/Tokyo' })).toBe('2026年10月12日');
    expect(formatDate('en', instant, { timeZone: null })).toBe('12 October 2026'); // London: BST
    expect(formatDate('en', new Date('2026-12-11T23:30:00Z'), { timeZone: 'Not/AZone' })).toBe(
      '11 December 2026',
    );
  });

  it('ends a sentence with one full stop when its date already has one (Russian "г.")', () => {
    const date = formatDate('ru', '2026-09-30');
    expect(date).toMatch(/г\.$/);
    const text = t('ru', 'events.lawChangedFrom', { change: 'изменено', date });
    expect(text).toBe(`изменено, вступает в силу ${date}`);
    expect(text).not.toMatch(/\.\.$/);
    expect(t('en', 'events.lawChangedFrom', { change: 'Repealed', date: '30 September 2026' })).toMatch(
      /2026\.$/,
    );
  });

  it('writes an alert email in Japanese from the ja dictionary', () => {
    const alert = {
      type: 'consultation_deadline',
      ...eventWords(
        {
          kind: 'deadline_approaching',
          before: null,
          after: { end: '2026-10-14', days: 7 },
          itemTitle: 'Wetlands Bill',
          legislationType: 'uk_parliament_bill',
          category: 'primary',
          consultationEndDate: null,
        },
        'ja',
        7,
      ),
      legislationId: 9,
    };
    expect(alert.title).toBe(ja.events.deadlineTitle.replace('{{title}}', 'Wetlands Bill'));
    expect(alert.message).toBe(
      ja.events.deadlineOn_other.replace('{{count}}', '7').replace('{{date}}', '2026年10月14日'),
    );
    const mail = alertEmail({
      lang: 'ja',
      appUrl: 'https://x',
      firstName: '花子',
      alert,
      terms: [],
      unsubscribeUrl: 'https://x/u',
    });
    expect(mail.subject).toBe(alert.title);
    expect(mail.text).toContain(ja.common.greeting.replace('{{name}}', '花子'));
    expect(mail.text).toContain(ja.alerts.followed);
    expect(mail.html).toContain(escapeHtml(ja.alerts.unsubscribe));
    expect(mail.html).toContain('<html lang="ja"');
    expect(mail.text).not.toMatch(/Hello|You follow|Unsubscribe/);
  });

  it('has no message left unwritten in any language (every key renders without placeholders)', () => {
    for (const lang of MESSAGE_LANGUAGES) {
      const digest = digestEmail({
        lang,
        appUrl: 'https://x',
        firstName: 'A',
        period: 'weekly',
        alerts: [{ type: 'new', title: 'T', message: 'M', legislationId: 1 }],
        more: 3,
        unsubscribeUrl: 'https://x/u',
      });
      expect(digest.text).not.toMatch(/\{\{|\}\}|<link>/);
      expect(digest.html).not.toMatch(/\{\{|\}\}|&lt;link&gt;/);
      expect(digest.subject).toBe(t(lang, 'digest.subjectWeekly', { count: 4 }));
    }
  });
});

describe('text messages', () => {
  it('counts GSM-7 and UCS-2 segments as the network does', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306)).segments).toBe(2);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
    // the extension characters take two septets
    expect(smsSize('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    // one character outside GSM-7 sends the whole text as UCS-2
    expect(smsSize(`${'a'.repeat(69)}…`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize(`${'a'.repeat(70)}…`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSize('ア'.repeat(134)).segments).toBe(2);
    expect(smsSize('ア'.repeat(135)).segments).toBe(3);
    expect(smsSize('م'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    // an emoji is two UTF-16 units and is never split between segments
    expect(smsSize(`${'a'.repeat(66)}😀`)).toMatchObject({ units: 68, segments: 1 });
    expect(smsSize(`${'a'.repeat(66)}😀${'a'.repeat(5)}`)).toMatchObject({ units: 73, segments: 2 });
    expect(smsSize(`${'a'.repeat(66)}😀${'a'.repeat(66)}`)).toMatchObject({ units: 134, segments: 3 });
  });

  it('uses GSM-7 look-alikes only when they make the whole text GSM-7', () => {
    expect(gsmFriendly('It’s → done…')).toBe("It's -> done...");
    expect(gsmFriendly('日本 → 東京')).toBe('日本 → 東京');
  });

  it('fits a text into its segments by shortening the longest part', () => {
    const text = fitSms(([a = '', b = '']) => `X ${a} / ${b}`, ['の'.repeat(300), 'b'.repeat(20)], {
      gsm: 2,
      ucs2: 3,
    });
    expect(smsSize(text)).toMatchObject({ encoding: 'UCS-2' });
    expect(smsSize(text).segments).toBeLessThanOrEqual(3);
    expect(text).toContain('b'.repeat(20));
  });

  it('keeps an Arabic alert text within three UCS-2 segments', () => {
    const sms = alertSms(
      'https://lexwatch.example',
      {
        type: 'update',
        title: t('ar', 'events.stageTitle', { title: 'Very Long Title '.repeat(10) }),
        message: t('ar', 'events.stageNow', { to: 'Report stage (Commons)' }),
        legislationId: 123456,
      },
      'ar',
    );
    expect(smsSize(sms)).toMatchObject({ encoding: 'UCS-2' });
    expect(smsSize(sms).segments).toBeLessThanOrEqual(3);
    expect(sms).toContain(t('ar', 'sms.stop', { link: 'https://lexwatch.example/preferences' }));
  });
});
