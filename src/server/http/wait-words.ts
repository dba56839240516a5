import { t, type MessageLanguage } from '#server/messages/i18n';

/** '45 seconds', '3 minutes' in the language: how long to wait before trying again. */
export function formatWaitIn(lang: MessageLanguage, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return t(lang, 'errors.wait.seconds', { count: s });
  return t(lang, 'errors.wait.minutes', { count: Math.ceil(s / 60) });
}
