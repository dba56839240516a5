/**
 * A new change to an item an organisation had closed (Done or Not applicable) reopens its
 * assessment to Assessing, in the matcher's transaction: the history and the activity log say
 * why (the change, in English, as the events' words are decided).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { CLOSED_ASSESSMENT_STATUSES } from '#shared/orgs';

export async function reopenClosedAssessments(
  tx: Tx,
  events: { event_id: number; item_id: number; message: string }[],
): Promise<number> {
  if (!events.length) return 0;
  const closed = `{${CLOSED_ASSESSMENT_STATUSES.join(',')}}`;
  const { rows } = await tx.execute<{ reopened: number }>(sql`
    with ev as (
      select distinct on (item_id) item_id, event_id, message
      from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(event_id int, item_id int, message text)
      order by item_id, event_id
    ),
    closed as (
      select a.org_id, a.legal_change_id, a.status as old_status, ev.event_id, ev.message
      from org_assessments a
      join ev on ev.item_id = a.legal_change_id
      join org_watchlist w on w.org_id = a.org_id and w.legal_change_id = a.legal_change_id
      where a.status = any(${closed}::text[])
      for update of a
    ),
    reopened as (
      update org_assessments a set status = 'assessing', updated_at = now()
      from closed c where a.org_id = c.org_id and a.legal_change_id = c.legal_change_id
      returning 1
    ),
    history as (
      insert into org_assessment_history (org_id, legal_change_id, actor_user_id, changes, reason)
      select org_id, legal_change_id, null,
             jsonb_build_object('status', jsonb_build_array(old_status, 'assessing')),
             'Reopened by a new change: ' || message
      from closed
      returning 1
    ),
    activity as (
      insert into org_activity (org_id, actor_user_id, action, legal_change_id, details)
      select org_id, null, 'assessment_reopened', legal_change_id,
             jsonb_build_object('from', old_status, 'changeEventId', event_id, 'reason', message)
      from closed
      returning 1
    )
    select (select count(*) from reopened)::int as reopened
  `);
  return rows[0]?.reopened ?? 0;
}
