/** The email telling a member their webhook was turned off after failing too often. */
import type { WebhookKind } from '#shared/schemas/webhooks';
import type { TeamChatKind } from '#shared/team-chat';
import { renderEmail, type RenderedEmail } from './email';
import { t, type MessageLanguage } from './i18n';

const SERVICE_NAMES: Record<TeamChatKind, string> = { slack: 'Slack', teams: 'Microsoft Teams' };

/** Slack or Microsoft Teams; for a program's signed webhook, the host it posts to. */
function serviceName(kind: WebhookKind, where: string): string {
  if (kind !== 'generic') return SERVICE_NAMES[kind];
  try {
    return new URL(where).host;
  } catch {
    return where;
  }
}

export function webhookDisabledEmail(input: {
  lang?: MessageLanguage;
  appUrl: string;
  firstName: string;
  kind: WebhookKind;
  /** the hook's masked address */
  where: string;
  failures: number;
  lastError: string | null;
}): RenderedEmail {
  const lang = input.lang ?? 'en';
  const service = serviceName(input.kind, input.where);
  const { where } = input;
  return renderEmail({
    lang,
    subject: t(lang, 'webhookDisabled.subject', { service }),
    name: input.firstName,
    blocks: [
      { kind: 'p', text: t(lang, 'webhookDisabled.failed', { service, where, count: input.failures }) },
      ...(input.lastError
        ? [{ kind: 'p' as const, text: t(lang, 'webhookDisabled.lastError', { error: input.lastError }) }]
        : []),
      { kind: 'p', text: t(lang, 'webhookDisabled.check', { service }) },
      { kind: 'button', label: t(lang, 'webhookDisabled.button'), href: `${input.appUrl}/preferences` },
      { kind: 'p', text: t(lang, 'webhookDisabled.unaffected') },
    ],
  });
}
