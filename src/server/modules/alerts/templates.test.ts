import { describe, expect, it } from 'vitest';
import { smsSize } from '#server/messages/sms';
import { notificationTab } from '#shared/notification-tab';
import { alertRuleFor, preferenceCodeFor } from './alert-rules';
import { alertEmail, digestEmail } from '#server/messages/alert-emails';
import { alertLink } from '#server/messages/alert-line';
import { alertSms } from '#server/messages/alert-sms';
import { describeEvent, type EventFacts } from './describe-event';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe';

const facts = (over: Partial<EventFacts>): EventFacts => ({
  kind: 'new_item',
  before: null,
  after: null,
  itemTitle: 'Ports (Amendment) Bill',
  legislationType: 'uk_parliament_bill',
  category: 'primary',
  consultationEndDate: null,
  ...over,
});

describe('alert rules', () => {
  it.each([
    ['new_item', 'new', 'newBill'],
    ['stage_changed', 'update', 'stageChange'],
    ['status_changed', 'update', 'statusChange'],
    ['enacted', 'legislative', 'statusChange'],
    ['amendments_added', 'update', 'stageChange'],
    ['documents_added', 'update', 'stageChange'],
    ['consultation_dates_changed', 'update', 'deadline'],
    ['deadline_approaching', 'consultation_deadline', 'deadline'],
  ])('%s → notification %s, governed by %s alerts', (kind, type, alertType) => {
    expect(alertRuleFor(kind)).toMatchObject({ notificationType: type, alertType });
  });

  it('files Scottish Parliament bills under the asp switch', () => {
    expect(preferenceCodeFor('scottish_parliament_bill')).toBe('asp');
    expect(preferenceCodeFor('uksi')).toBe('uksi');
  });
});

describe('notification words and links', () => {
  it('says what changed without repeating the title in the message', () => {
    expect(describeEvent(facts({}))).toEqual({
      type: 'new',
      title: 'New: Ports (Amendment) Bill',
      message: 'A new bill has been published.',
      tab: 'timeline',
    });
    const stage = describeEvent(
      facts({
        kind: 'stage_changed',
        before: { stage: 'Report stage', house: 'Lords' },
        after: { stage: 'Royal Assent', house: null },
      }),
    );
    expect(stage.message).toBe('Stage changed: Report stage (Lords) → Royal Assent.');
    expect(describeEvent(facts({ kind: 'amendments_added', after: { count: 1 } })).message).toBe(
      '1 new amendment tabled.',
    );
    expect(
      describeEvent(facts({ kind: 'deadline_approaching', after: { end: '2026-01-09', days: 7 } })).message,
    ).toBe('The consultation closes in 7 days, on 9 January 2026.');
    expect(
      describeEvent(facts({ kind: 'new_item', legislationType: 'uksi', category: 'secondary' })).message,
    ).toBe('A new statutory instrument has been published.');
  });

  it('opens the tab the spec names', () => {
    const amendments = describeEvent(facts({ kind: 'amendments_added', after: { count: 2 } }));
    const documents = describeEvent(facts({ kind: 'documents_added', after: { count: 2 } }));
    expect(notificationTab(amendments)).toBe('amendments');
    expect(notificationTab(documents)).toBe('timeline');
    expect(notificationTab({ type: 'news', message: 'amendment' })).toBe('news');
    expect(alertLink('https://lexwatch.example', { ...amendments, legislationId: 7 })).toBe(
      'https://lexwatch.example/legal-change/7?tab=amendments',
    );
  });

  it('renders emails with plain text, HTML, one-click unsubscribe headers and escaped titles', () => {
    const alert = {
      type: 'new',
      title: 'New: <Ports> & Harbours Bill',
      message: 'A new bill has been published.',
      legislationId: 3,
    };
    const mail = alertEmail({
      appUrl: 'https://lexwatch.example',
      firstName: 'Ann',
      alert,
      terms: ['harbours'],
      unsubscribeUrl: 'https://lexwatch.example/api/unsubscribe?token=t',
    });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://lexwatch.example/api/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain('New: &lt;Ports&gt; &amp; Harbours Bill');
    expect(mail.text).toContain('It matches your search term: harbours.');
    const digest = digestEmail({
      appUrl: 'https://x',
      firstName: 'Ann',
      period: 'weekly',
      alerts: [alert],
      more: 4,
      unsubscribeUrl: 'https://x/u',
    });
    expect(digest.subject).toBe('Your weekly Lexwatch digest: 5 updates');
    expect(digest.text).toContain('…and 4 more');
  });

  it('keeps an alert text within two SMS segments', () => {
    const sms = alertSms('https://lexwatch.example', {
      type: 'update',
      title: `Stage change: ${'Very Long Title '.repeat(20)}`,
      message: 'Stage changed: Committee stage (Commons) → Report stage (Commons).',
      legislationId: 123456,
    });
    expect(sms.length).toBeLessThanOrEqual(306);
    // the arrow and the ellipsis would make it UCS-2: their GSM-7 look-alikes keep it GSM-7
    expect(smsSize(sms)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(sms).toContain('Committee stage (Commons) -> Report stage');
    expect(sms).toContain('https://lexwatch.example/preferences');
  });
});

describe('unsubscribe tokens', () => {
  const secret = 's'.repeat(40);
  it('round-trips and refuses forgeries', () => {
    const token = unsubscribeToken(secret, 42);
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ userId: 42, channel: 'email' });
    expect(verifyUnsubscribeToken(secret, token.replace(/^42/, '43'))).toBeNull();
    expect(verifyUnsubscribeToken('o'.repeat(40), token)).toBeNull();
    expect(verifyUnsubscribeToken(secret, 'garbage')).toBeNull();
  });
});
