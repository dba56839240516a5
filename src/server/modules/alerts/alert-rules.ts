/**
 * Which alert type switch governs each kind of change, which notification type it becomes and
 * who may receive it. The matcher applies these in SQL; they live here so tests and templates
 * read the same table.
 */
import type { CHANGE_EVENT_KINDS } from '#server/db/schema';
import { SCOTTISH_PARLIAMENT_BILL } from '#shared/legislation';
import type { NotificationType } from '#shared/notification-types';

export type ChangeEventKind = (typeof CHANGE_EVENT_KINDS)[number];

/** The member's alert type switch (alert_preferences column) a change is filtered by. */
export type AlertTypeSwitch = 'newBill' | 'statusChange' | 'stageChange' | 'deadline' | 'lawInForce';

export interface AlertRule {
  notificationType: NotificationType;
  alertType: AlertTypeSwitch;
  /** only members who follow the item (deadline reminders are written for followed items) */
  followersOnly: boolean;
}

export const ALERT_RULES: Record<ChangeEventKind, AlertRule> = {
  new_item: { notificationType: 'new', alertType: 'newBill', followersOnly: false },
  stage_changed: { notificationType: 'update', alertType: 'stageChange', followersOnly: false },
  status_changed: { notificationType: 'update', alertType: 'statusChange', followersOnly: false },
  enacted: { notificationType: 'legislative', alertType: 'statusChange', followersOnly: false },
  amendments_added: { notificationType: 'update', alertType: 'stageChange', followersOnly: false },
  documents_added: { notificationType: 'update', alertType: 'stageChange', followersOnly: false },
  consultation_dates_changed: { notificationType: 'update', alertType: 'deadline', followersOnly: false },
  deadline_approaching: {
    notificationType: 'consultation_deadline',
    alertType: 'deadline',
    followersOnly: true,
  },
  // an effect on an Act or instrument the member follows (not news for search terms)
  law_changed: { notificationType: 'legislative', alertType: 'lawInForce', followersOnly: true },
};

export function alertRuleFor(kind: string): AlertRule {
  return (
    ALERT_RULES[kind as ChangeEventKind] ?? {
      notificationType: 'update',
      alertType: 'stageChange',
      followersOnly: false,
    }
  );
}

/** The legislation preference code an item is filtered by: Scottish Parliament bills follow 'asp'. */
export function preferenceCodeFor(legislationType: string): string {
  return legislationType === SCOTTISH_PARLIAMENT_BILL ? 'asp' : legislationType;
}

/** Days of notice a consultation deadline reminder gives (spec document 1 §9). */
export const DEADLINE_NOTICE_DAYS = 7;
