/**
 * Words of every alert: the in-app notification for a change, the alert and digest emails
 * (plain text and HTML, with the one-click unsubscribe headers) and the SMS lines.
 * A message never repeats the item's title, so an Act named "(Amendment)" does not send the
 * reader to the amendments tab (spec document 1 §4).
 */
import { notificationTab } from '#shared/notification-tab';
import { alertRuleFor, DEADLINE_NOTICE_DAYS } from './alert-rules';

export interface EventFacts {
  kind: string;
  before: unknown;
  after: unknown;
  itemTitle: string;
  legislationType: string;
  category: string;
  consultationEndDate: string | null;
}

export interface NotificationText {
  type: string;
  title: string;
  message: string;
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const plural = (n: number, one: string, many = `${one}s`) => `${n} new ${n === 1 ? one : many}`;

/** 2026-10-12 → 12 October 2026 */
export function longDate(isoDate: string): string {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

function itemNoun(legislationType: string, category: string): string {
  if (legislationType.endsWith('_bill')) return 'bill';
  if (category === 'primary') return 'Act';
  return 'statutory instrument';
}

function stageLabel(value: unknown): string | null {
  const stage = text(field(value, 'stage'));
  if (!stage) return null;
  const house = text(field(value, 'house'));
  return house ? `${stage} (${house})` : stage;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The in-app notification (and email subject) for one change event. */
export function describeEvent(e: EventFacts): NotificationText {
  const type = alertRuleFor(e.kind).notificationType;
  const title = e.itemTitle;
  const count = Number(field(e.after, 'count')) || 1;
  switch (e.kind) {
    case 'new_item': {
      const stage = text(field(e.after, 'currentStage'));
      const message = `A new ${itemNoun(e.legislationType, e.category)} has been published${stage ? `; current stage: ${stage}` : ''}.`;
      return { type, title: `New: ${title}`, message };
    }
    case 'stage_changed': {
      const from = stageLabel(e.before);
      const to = stageLabel(e.after) ?? 'a new stage';
      return {
        type,
        title: `Stage change: ${title}`,
        message: from ? `Stage changed: ${from} → ${to}.` : `Now at ${to}.`,
      };
    }
    case 'status_changed': {
      const from = text(field(e.before, 'status'));
      const to = text(field(e.after, 'status')) ?? 'updated';
      return {
        type,
        title: `Status change: ${title}`,
        message: from ? `Status changed: ${capitalise(from)} → ${capitalise(to)}.` : `Status is now ${to}.`,
      };
    }
    case 'enacted':
      return { type, title: `Enacted: ${title}`, message: 'It has been enacted and is now law.' };
    case 'amendments_added':
      return { type, title: `New amendments: ${title}`, message: `${plural(count, 'amendment')} tabled.` };
    case 'documents_added':
      return { type, title: `New documents: ${title}`, message: `${plural(count, 'document')} published.` };
    case 'consultation_dates_changed': {
      const end = text(field(e.after, 'end'));
      return {
        type,
        title: `Consultation dates changed: ${title}`,
        message: end
          ? `The consultation now closes on ${longDate(end)}.`
          : 'The consultation dates have changed.',
      };
    }
    case 'deadline_approaching': {
      const end = text(field(e.after, 'end')) ?? e.consultationEndDate;
      const days = Number(field(e.after, 'days')) || DEADLINE_NOTICE_DAYS;
      const when = `in ${days} day${days === 1 ? '' : 's'}${end ? `, on ${longDate(end)}` : ''}`;
      return { type, title: `Consultation closing: ${title}`, message: `The consultation closes ${when}.` };
    }
    case 'law_changed': {
      const what = text(field(e.after, 'type')) ?? 'changed';
      const where = text(field(e.after, 'affectedProvisions'));
      const by = text(field(e.after, 'affectingTitle'));
      const from = text(field(e.after, 'inForceDate'));
      return {
        type,
        title: `Change to law in force: ${title}`,
        message: `${capitalise(where ? `${where} ${what}` : what)}${by ? ` by ${by}` : ''}${from ? `, in force from ${longDate(from)}` : ''}.`,
      };
    }
    default:
      return { type, title: `Update: ${title}`, message: 'This item has been updated.' };
  }
}

/** `{APP_URL}/legal-change/{id}?tab=…` with the spec's tab rule. */
export function alertLink(
  appUrl: string,
  n: { type: string; message: string; legislationId: number },
): string {
  return `${appUrl}/legal-change/${n.legislationId}?tab=${notificationTab(n)}`;
}

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** RFC 8058 one-click unsubscribe headers. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface AlertLine {
  type: string;
  title: string;
  message: string;
  legislationId: number;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function footer(appUrl: string, unsubscribeUrl: string) {
  const why = 'You receive this because of your Lexwatch alert preferences.';
  return {
    text: `${why}\nManage alerts: ${appUrl}/preferences\nUnsubscribe from alert emails: ${unsubscribeUrl}\n`,
    html:
      `<hr><p style="color:#555;font-size:12px">${why}<br>` +
      `<a href="${escapeHtml(`${appUrl}/preferences`)}">Manage alerts</a> · ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from alert emails</a></p>`,
  };
}

function wrapHtml(body: string): string {
  return `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;line-height:1.5">${body}</body></html>`;
}

/** One immediate alert. `terms` are the member's search terms that matched, if any. */
export function alertEmail(input: {
  appUrl: string;
  firstName: string;
  alert: AlertLine;
  terms: string[];
  unsubscribeUrl: string;
}): RenderedEmail {
  const { appUrl, alert, terms, unsubscribeUrl } = input;
  const link = alertLink(appUrl, alert);
  const why = terms.length
    ? `It matches your search term${terms.length > 1 ? 's' : ''}: ${terms.join(', ')}.`
    : 'You follow this item.';
  const foot = footer(appUrl, unsubscribeUrl);
  return {
    subject: alert.title,
    text: `Hello ${input.firstName},\n\n${alert.title}\n${alert.message}\n${why}\n\nView it: ${link}\n\n${foot.text}`,
    html: wrapHtml(
      `<p>Hello ${escapeHtml(input.firstName)},</p><h2 style="font-size:18px">${escapeHtml(alert.title)}</h2>` +
        `<p>${escapeHtml(alert.message)}<br>${escapeHtml(why)}</p><p><a href="${escapeHtml(link)}">View it on Lexwatch</a></p>${foot.html}`,
    ),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

const PERIOD_WORD = { daily: 'daily', weekly: 'weekly' } as const;

/** 'Your daily Lexwatch digest: 3 updates' (the email's subject, the team-chat post's title) */
export function digestSubject(period: 'daily' | 'weekly', total: number): string {
  return `Your ${PERIOD_WORD[period]} Lexwatch digest: ${total} update${total === 1 ? '' : 's'}`;
}

/** A daily or weekly digest of several alerts; `more` counts alerts left out of the list. */
export function digestEmail(input: {
  appUrl: string;
  firstName: string;
  period: 'daily' | 'weekly';
  alerts: AlertLine[];
  more: number;
  unsubscribeUrl: string;
}): RenderedEmail {
  const { appUrl, alerts, more, unsubscribeUrl } = input;
  const subject = digestSubject(input.period, alerts.length + more);
  const foot = footer(appUrl, unsubscribeUrl);
  const moreText = more > 0 ? `…and ${more} more on your dashboard: ${appUrl}/\n` : '';
  const lines = alerts.map((a) => `• ${a.title}\n  ${a.message}\n  ${alertLink(appUrl, a)}`).join('\n');
  const items = alerts
    .map(
      (a) =>
        `<li><a href="${escapeHtml(alertLink(appUrl, a))}">${escapeHtml(a.title)}</a><br>${escapeHtml(a.message)}</li>`,
    )
    .join('');
  return {
    subject,
    text: `Hello ${input.firstName},\n\n${subject}\n\n${lines}\n${moreText}\n${foot.text}`,
    html: wrapHtml(
      `<p>Hello ${escapeHtml(input.firstName)},</p><h2 style="font-size:18px">${escapeHtml(subject)}</h2><ul>${items}</ul>` +
        (more > 0
          ? `<p>…and ${more} more on <a href="${escapeHtml(`${appUrl}/`)}">your dashboard</a>.</p>`
          : '') +
        foot.html,
    ),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

const shorten = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);
const SMS_OPT_OUT = 'Stop texts: ';

/** One alert as a text message (kept within two SMS segments). */
export function alertSms(appUrl: string, alert: AlertLine): string {
  return `Lexwatch: ${shorten(alert.title, 90)}. ${shorten(alert.message, 70)} ${alertLink(appUrl, alert)} ${SMS_OPT_OUT}${appUrl}/preferences`;
}

/** The digest's one text message. */
export function digestSms(appUrl: string, period: 'daily' | 'weekly', count: number): string {
  return `Lexwatch ${PERIOD_WORD[period]} digest: ${count} update${count === 1 ? '' : 's'} on legislation you track. ${appUrl}/ ${SMS_OPT_OUT}${appUrl}/preferences`;
}

/** The morning round-up text: the alerts held since the member's last alert text. */
export function roundupSms(appUrl: string, count: number, first: AlertLine): string {
  const more = count > 1 ? ` and ${count - 1} more` : '';
  return `Lexwatch: ${count} update${count === 1 ? '' : 's'} since your last text: ${shorten(first.title, 70)}${more}. ${appUrl}/ ${SMS_OPT_OUT}${appUrl}/preferences`;
}
