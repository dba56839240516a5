/**
 * The in-app notification of a change: its words (`#server/messages/event-words`) with the
 * notification type of its alert rule and the tab it opens.
 */
import type { MessageLanguage } from '#server/messages/i18n';
import { eventWords, type EventFacts } from '#server/messages/event-words';
import { notificationTab, type NotificationTab } from '#shared/notification-tab';
import { alertRuleFor, DEADLINE_NOTICE_DAYS } from './alert-rules';

export type { EventFacts };

export interface NotificationText {
  type: string;
  title: string;
  message: string;
  /** the tab the notification opens, decided on the English words whatever the language */
  tab: NotificationTab;
}

/** The notification (and email subject) for one change event, in `lang` (English by default). */
export function describeEvent(e: EventFacts, lang: MessageLanguage = 'en'): NotificationText {
  const type = alertRuleFor(e.kind).notificationType;
  const english = eventWords(e, 'en', DEADLINE_NOTICE_DAYS);
  const tab = notificationTab({ type, message: english.message });
  return { type, ...(lang === 'en' ? english : eventWords(e, lang, DEADLINE_NOTICE_DAYS)), tab };
}
