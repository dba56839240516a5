/**
 * Consultation deadline reminders: for every followed item whose consultation closes within the
 * notice period (7 days; normally exactly 7 days ahead, fewer when a run was missed), one
 * 'deadline_approaching' change event per item and closing date. The alert matcher then
 * delivers it to the followers who asked for deadline alerts.
 */
import type { Db } from '#server/db/client';
import { DEADLINE_NOTICE_DAYS } from './alert-rules';
import { insertDueReminders } from './deadline-reminders.queries';

/** Writes the reminders due on `today` (a UK calendar date, YYYY-MM-DD); returns how many. */
export function writeDeadlineReminders(db: Db, today: string): Promise<number> {
  return insertDueReminders(db, today, DEADLINE_NOTICE_DAYS);
}

/** Today's date in the UK (Europe/London), YYYY-MM-DD. */
export function ukToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
