/** Consultation deadline reminders as change events. */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/**
 * One 'deadline_approaching' event per followed item and closing date within `noticeDays` after
 * `today` (a UK calendar date, YYYY-MM-DD) that has none yet; returns how many were written.
 */
export async function insertDueReminders(db: Db, today: string, noticeDays: number): Promise<number> {
  return db.transaction(async (tx) => {
    // one writer at a time, so two runs never both decide a reminder is missing
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lexwatch:deadline-reminders'))`);
    const { rows } = await tx.execute<{ n: number }>(sql`
      with due as (
        select lc.id, lc.consultation_end_date as end_date
        from legal_changes lc
        where lc.consultation_end_date > ${today}::date
          and lc.consultation_end_date <= ${today}::date + ${noticeDays}::int
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
