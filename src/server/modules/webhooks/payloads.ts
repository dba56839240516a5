/**
 * One alert as a team-chat message: Slack's `{ text, blocks }` (a mrkdwn section: the title as a
 * link, then the summary) and a Microsoft Teams MessageCard (title, summary, an "Open" button).
 */
import { alertLink, type AlertLine } from '#server/modules/alerts/templates';
import type { WebhookKind } from '#shared/schemas/webhooks';

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

export function teamsAlertPayload(link: string, alert: Pick<AlertLine, 'title' | 'message'>) {
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: alert.title,
    themeColor: '1D4ED8',
    title: alert.title,
    text: alert.message,
    potentialAction: [
      { '@type': 'OpenUri', name: 'Open in Lexwatch', targets: [{ os: 'default', uri: link }] },
    ],
  };
}

export function alertPayload(kind: WebhookKind, appUrl: string, alert: AlertLine) {
  const link = alertLink(appUrl, alert);
  return kind === 'slack' ? slackAlertPayload(link, alert) : teamsAlertPayload(link, alert);
}
