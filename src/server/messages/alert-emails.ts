/**
 * The alert and digest emails (plain text and HTML through the one email layout, with the
 * one-click unsubscribe headers), in the member's language.
 */
import { alertLink, type AlertLine } from './alert-line';
import { renderEmail } from './email';
import { formatList, t, type MessageLanguage } from './i18n';

/** RFC 8058 one-click unsubscribe headers. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface AlertEmail {
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
}): AlertEmail {
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
}): AlertEmail {
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
