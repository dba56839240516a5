/**
 * Consultation deadline reminders: for every followed item whose consultation closes within the
 * notice period (7 days; normally exactly 7 days ahead, fewer when a run was missed), one
 * 'deadline_approaching' change event per item and closing date. The alert matcher then
 * delivers it to the followers who asked for deadline alerts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { DEADLINE_NOTICE_DAYS } from './alert-rules';

/** Writes the reminders due on `today` (a UK calendar date, YYYY-MM-DD); returns how many. */
export async function writeDeadlineReminders(db: Db, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    // one writer at a time, so two runs never both decide a reminder is missing
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lexwatch:deadline-reminders'))`);
    const { rows } = await tx.execute<{ n: number }>(sql`
      with due as (
        select lc.id, lc.consultation_end_date as end_date
        from legal_changes lc
        where lc.consultation_end_date > ${today}::date
          and lc.consultation_end_date <= ${today}::date + ${DEADLINE_NOTICE_DAYS}::int
          and exists (select 1 from user_actions ua where ua.legal_change_id = lc.id and ua.action = 'followed')
          and not exists (
            select 1 from change_events ce
            where ce.legal_change_id = lc.id and ce.kind = 'deadline_approaching'
              and ce.after->>'end' = lc.consultation_end_date::text)
      ),
      inserted as (
        insert into change_events (legal_change_id, kind, after)
        select id, 'deadline_approaching',
               jsonb_build_object('end', end_date::text, 'days', end_date - ${today}::date)
        from due
        returning 1
      )
      select count(*)::int as n from inserted
    `);
    return rows[0]?.n ?? 0;
  });
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
