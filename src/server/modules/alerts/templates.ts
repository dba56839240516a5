/**
 * Words of every alert: the in-app notification for a change, the alert and digest emails
 * (plain text and HTML through the one email layout, with the one-click unsubscribe headers)
 * and the SMS lines, in the member's language (`#server/messages`).
 * A message never repeats the item's title, so an Act named "(Amendment)" does not send the
 * reader to the amendments tab (spec document 1 §4).
 */
import { renderEmail } from '#server/messages/email';
import { formatDate, formatList, t, type MessageLanguage } from '#server/messages/i18n';
import { fitSms, shorten } from '#server/messages/sms';
import { notificationTab, type NotificationTab } from '#shared/notification-tab';
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
  /** the tab the notification opens, decided on the English words whatever the language */
  tab: NotificationTab;
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** 2026-10-12 → 12 October 2026 (in the language's own words) */
export function longDate(isoDate: string, lang: MessageLanguage = 'en'): string {
  return formatDate(lang, isoDate);
}

function itemNoun(legislationType: string, category: string): 'Bill' | 'Act' | 'Instrument' {
  if (legislationType.endsWith('_bill')) return 'Bill';
  if (category === 'primary') return 'Act';
  return 'Instrument';
}

function stageLabel(value: unknown): string | null {
  const stage = text(field(value, 'stage'));
  if (!stage) return null;
  const house = text(field(value, 'house'));
  return house ? `${stage} (${house})` : stage;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function describeIn(e: EventFacts, lang: MessageLanguage): { title: string; message: string } {
  const title = e.itemTitle;
  const count = Number(field(e.after, 'count')) || 1;
  const m = (key: string, values = {}) => t(lang, `events.${key}`, values);
  switch (e.kind) {
    case 'new_item': {
      const stage = text(field(e.after, 'currentStage'));
      const noun = itemNoun(e.legislationType, e.category);
      return {
        title: m('newTitle', { title }),
        message: stage ? m(`new${noun}AtStage`, { stage }) : m(`new${noun}`),
      };
    }
    case 'stage_changed': {
      const from = stageLabel(e.before);
      const to = stageLabel(e.after) ?? m('aNewStage');
      return {
        title: m('stageTitle', { title }),
        message: from ? m('stageChanged', { from, to }) : m('stageNow', { to }),
      };
    }
    case 'status_changed': {
      const from = text(field(e.before, 'status'));
      const to = text(field(e.after, 'status')) ?? m('statusUpdated');
      return {
        title: m('statusTitle', { title }),
        message: from
          ? m('statusChanged', { from: capitalise(from), to: capitalise(to) })
          : m('statusNow', { to }),
      };
    }
    case 'enacted':
      return { title: m('enactedTitle', { title }), message: m('enacted') };
    case 'amendments_added':
      return { title: m('amendmentsTitle', { title }), message: m('amendments', { count }) };
    case 'documents_added':
      return { title: m('documentsTitle', { title }), message: m('documents', { count }) };
    case 'consultation_dates_changed': {
      const end = text(field(e.after, 'end'));
      return {
        title: m('consultationDatesTitle', { title }),
        message: end
          ? m('consultationClosesOn', { date: longDate(end, lang) })
          : m('consultationDatesChanged'),
      };
    }
    case 'deadline_approaching': {
      const end = text(field(e.after, 'end')) ?? e.consultationEndDate;
      const days = Number(field(e.after, 'days')) || DEADLINE_NOTICE_DAYS;
      return {
        title: m('deadlineTitle', { title }),
        message: end
          ? m('deadlineOn', { count: days, date: longDate(end, lang) })
          : m('deadline', { count: days }),
      };
    }
    case 'law_changed': {
      // the kind of effect and the provisions are legislation.gov.uk's own words
      const what = text(field(e.after, 'type')) ?? m('lawChangedDefault');
      const where = text(field(e.after, 'affectedProvisions'));
      const by = text(field(e.after, 'affectingTitle'));
      const from = text(field(e.after, 'inForceDate'));
      const change = capitalise(where ? `${where} ${what}` : what);
      const key = `lawChanged${by ? 'By' : ''}${from ? 'From' : ''}`;
      return {
        title: m('lawChangedTitle', { title }),
        message: m(key, { change, ...(by ? { by } : {}), ...(from ? { date: longDate(from, lang) } : {}) }),
      };
    }
    default:
      return { title: m('updateTitle', { title }), message: m('updated') };
  }
}

/** The notification (and email subject) for one change event, in `lang` (English by default). */
export function describeEvent(e: EventFacts, lang: MessageLanguage = 'en'): NotificationText {
  const type = alertRuleFor(e.kind).notificationType;
  const english = describeIn(e, 'en');
  const tab = notificationTab({ type, message: english.message });
  return { type, ...(lang === 'en' ? english : describeIn(e, lang)), tab };
}

/** `{APP_URL}/legal-change/{id}?tab=…` with the spec's tab rule. */
export function alertLink(
  appUrl: string,
  n: { type: string; message: string; legislationId: number; tab?: NotificationTab },
): string {
  return `${appUrl}/legal-change/${n.legislationId}?tab=${n.tab ?? notificationTab(n)}`;
}

/** RFC 8058 one-click unsubscribe headers. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface AlertLine {
  type: string;
  title: string;
  message: string;
  legislationId: number;
  tab?: NotificationTab;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function alertFooter(lang: MessageLanguage, appUrl: string, unsubscribeUrl: string) {
  return {
    note: t(lang, 'alerts.footerWhy'),
    links: [
      { label: t(lang, 'alerts.manage'), href: `${appUrl}/preferences` },
      { label: t(lang, 'alerts.unsubscribe'), href: unsubscribeUrl },
    ],
  };
}

/** One immediate alert. `terms` are the member's search terms that matched, if any. */
export function alertEmail(input: {
  lang?: MessageLanguage;
  appUrl: string;
  firstName: string;
  alert: AlertLine;
  terms: string[];
  unsubscribeUrl: string;
}): RenderedEmail {
  const { appUrl, alert, terms, unsubscribeUrl } = input;
  const lang = input.lang ?? 'en';
  const link = alertLink(appUrl, alert);
  const why = terms.length
    ? t(lang, 'alerts.matchesTerms', { count: terms.length, terms: formatList(lang, terms) })
    : t(lang, 'alerts.followed');
  const mail = renderEmail({
    lang,
    subject: alert.title,
    name: input.firstName,
    blocks: [
      { kind: 'heading', text: alert.title },
      { kind: 'p', text: `${alert.message}\n${why}` },
      { kind: 'button', label: t(lang, 'alerts.viewOnLexwatch'), href: link },
    ],
    footer: alertFooter(lang, appUrl, unsubscribeUrl),
  });
  return { ...mail, headers: unsubscribeHeaders(unsubscribeUrl) };
}

/** 'Your daily Lexwatch digest: 3 updates' (the email's subject, the team-chat post's title) */
export function digestSubject(
  period: 'daily' | 'weekly',
  total: number,
  lang: MessageLanguage = 'en',
): string {
  return t(lang, period === 'daily' ? 'digest.subjectDaily' : 'digest.subjectWeekly', { count: total });
}

/** A daily or weekly digest of several alerts; `more` counts alerts left out of the list. */
export function digestEmail(input: {
  lang?: MessageLanguage;
  appUrl: string;
  firstName: string;
  period: 'daily' | 'weekly';
  alerts: AlertLine[];
  more: number;
  unsubscribeUrl: string;
}): RenderedEmail {
  const { appUrl, alerts, more, unsubscribeUrl } = input;
  const lang = input.lang ?? 'en';
  const subject = digestSubject(input.period, alerts.length + more, lang);
  const mail = renderEmail({
    lang,
    subject,
    name: input.firstName,
    blocks: [
      { kind: 'heading', text: subject },
      {
        kind: 'list',
        items: alerts.map((a) => ({ title: a.title, detail: a.message, href: alertLink(appUrl, a) })),
      },
      ...(more > 0
        ? [
            {
              kind: 'linked' as const,
              text: t(lang, 'digest.moreOnDashboard', { count: more }),
              href: `${appUrl}/`,
            },
          ]
        : []),
    ],
    footer: alertFooter(lang, appUrl, unsubscribeUrl),
  });
  return { ...mail, headers: unsubscribeHeaders(unsubscribeUrl) };
}

/** Every alert text ends with how to stop texts. */
const withStop = (lang: MessageLanguage, appUrl: string, body: string) =>
  `${body} ${t(lang, 'sms.stop', { link: `${appUrl}/preferences` })}`;

/**
 * The segments an alert text may take: two in GSM-7 (306 characters), three in UCS-2 (201
 * UTF-16 units: Japanese, Arabic, Russian… where two would leave no room for the title).
 */
export const ALERT_SMS_SEGMENTS = { gsm: 2, ucs2: 3 };

/** One alert as a text message (kept within ALERT_SMS_SEGMENTS). */
export function alertSms(appUrl: string, alert: AlertLine, lang: MessageLanguage = 'en'): string {
  const link = alertLink(appUrl, alert);
  return fitSms(
    ([title = '', message = '']) => withStop(lang, appUrl, t(lang, 'sms.alert', { title, message, link })),
    [shorten(alert.title, 90), shorten(alert.message, 70)],
    ALERT_SMS_SEGMENTS,
  );
}

/** The digest's one text message. */
export function digestSms(
  appUrl: string,
  period: 'daily' | 'weekly',
  count: number,
  lang: MessageLanguage = 'en',
): string {
  const key = period === 'daily' ? 'sms.digestDaily' : 'sms.digestWeekly';
  return fitSms(
    () => withStop(lang, appUrl, t(lang, key, { count, link: `${appUrl}/` })),
    [],
    ALERT_SMS_SEGMENTS,
  );
}

/** The morning round-up text: the alerts held since the member's last alert text. */
export function roundupSms(
  appUrl: string,
  count: number,
  first: AlertLine,
  lang: MessageLanguage = 'en',
): string {
  const link = `${appUrl}/`;
  return fitSms(
    ([title = '']) =>
      withStop(
        lang,
        appUrl,
        count > 1
          ? t(lang, 'sms.roundupMore', { total: count, count: count - 1, title, link })
          : t(lang, 'sms.roundupSingle', { title, link }),
      ),
    [shorten(first.title, 70)],
    ALERT_SMS_SEGMENTS,
  );
}
