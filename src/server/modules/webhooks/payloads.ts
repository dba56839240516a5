/**
 * One alert as a team-chat message: Slack's `{ text, blocks }` (a mrkdwn section: the title as a
 * link, then the summary) and a Microsoft Teams MessageCard (title, summary, an "Open" button).
 */
import { t, type MessageLanguage } from '#server/messages/i18n';
import { alertLink, type AlertLine } from '#server/messages/alert-line';
import type { TeamChatKind } from '#shared/team-chat';

/** Slack's mrkdwn escaping: &, < and > only. */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackAlertPayload(link: string, alert: Pick<AlertLine, 'title' | 'message'>) {
  const title = slackEscape(alert.title);
  const message = slackEscape(alert.message);
  return {
    text: `${alert.title}: ${alert.message} ${link}`,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `*<${link}|${title}>*\n${message}` } }],
    unfurl_links: false,
  };
}

export function teamsAlertPayload(
  link: string,
  alert: Pick<AlertLine, 'title' | 'message'>,
  lang: MessageLanguage = 'en',
) {
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: alert.title,
    themeColor: '1D4ED8',
    title: alert.title,
    text: alert.message,
    potentialAction: [
      { '@type': 'OpenUri', name: t(lang, 'alerts.openInLexwatch'), targets: [{ os: 'default', uri: link }] },
    ],
  };
}

/** Alerts listed in one digest post; the rest are counted (Slack caps a section at 3000 characters). */
export const DIGEST_POST_LINES = 10;

/** A daily or weekly digest: the title, then a line per alert (linked), then how many more. */
export function digestPayload(
  kind: TeamChatKind,
  appUrl: string,
  subject: string,
  alerts: AlertLine[],
  more: number,
  lang: MessageLanguage = 'en',
) {
  const shown = alerts.slice(0, DIGEST_POST_LINES);
  const rest = more + alerts.length - shown.length;
  if (kind === 'slack') {
    const lines = shown.map((a) => `• <${alertLink(appUrl, a)}|${slackEscape(a.title)}>`);
    if (rest > 0)
      lines.push(
        slackEscape(t(lang, 'digest.moreOnDashboard', { count: rest })).replace(
          /&lt;link&gt;([\s\S]*?)&lt;\/link&gt;/,
          `<${appUrl}/|$1>`,
        ),
      );
    return {
      text: subject,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*${slackEscape(subject)}*` } },
        { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n').slice(0, 3000) } },
      ],
      unfurl_links: false,
    };
  }
  // Teams' card markdown: escape what would start emphasis or a link; angle brackets as entities
  const md = (s: string) =>
    s
      .replace(/[\\`*_[\]]/g, '\\$&')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
  const lines = shown.map((a) => `- [${md(a.title)}](${alertLink(appUrl, a)})`);
  if (rest > 0) lines.push(`- ${md(t(lang, 'digest.more', { count: rest }))}`);
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: subject,
    themeColor: '1D4ED8',
    title: subject,
    text: lines.join('\n'),
    potentialAction: [
      {
        '@type': 'OpenUri',
        name: t(lang, 'alerts.openInLexwatch'),
        targets: [{ os: 'default', uri: `${appUrl}/` }],
      },
    ],
  };
}

export function alertPayload(
  kind: TeamChatKind,
  appUrl: string,
  alert: AlertLine,
  lang: MessageLanguage = 'en',
) {
  const link = alertLink(appUrl, alert);
  return kind === 'slack' ? slackAlertPayload(link, alert) : teamsAlertPayload(link, alert, lang);
}
