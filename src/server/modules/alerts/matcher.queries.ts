/**
 * The matcher's statements: the batch of unprocessed change events, and the one set-based
 * statement that matches them to members and writes notifications and alert items.
 * Members of an organisation watching an item are matched like its followers; the owner of the
 * item's assessment always, whatever their alert types and type switches.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { changeEvents, legalChanges } from '#server/db/schema';
import { termMatchesSql } from './term-matching.queries';

/** The SQL-side description of one event in the batch. */
export interface BatchEvent {
  event_id: number;
  item_id: number;
  type_code: string;
  alert_type: string;
  followers_only: boolean;
  detected_at: string;
  type: string;
  /** in English, and the tab it opens (decided on the English words) */
  title: string;
  message: string;
  tab: string;
  /** title and message in each other language a member uses: { es: { title, message }, … } */
  texts: Record<string, { title: string; message: string }>;
}

/** The languages other than English that members use now: each event's texts are written in them. */
export async function memberLanguages(tx: Tx): Promise<string[]> {
  const { rows } = await tx.execute<{ language: string }>(
    sql`select distinct language from users where language <> 'en'`,
  );
  return rows.map((r) => r.language);
}

/** Locks up to `limit` unprocessed change events (skipping those another worker holds), with their items, in id order. */
export async function lockUnprocessedEvents(tx: Tx, limit: number) {
  return tx
    .select({
      id: changeEvents.id,
      kind: changeEvents.kind,
      before: changeEvents.before,
      after: changeEvents.after,
      /** as text: microseconds survive the round trip */
      detectedAt: sql<string>`${changeEvents.detectedAt}::text`,
      itemId: legalChanges.id,
      itemTitle: legalChanges.title,
      legislationType: legalChanges.legislationType,
      category: legalChanges.category,
      consultationEndDate: legalChanges.consultationEndDate,
    })
    .from(changeEvents)
    .innerJoin(legalChanges, eq(legalChanges.id, changeEvents.legalChangeId))
    .where(isNull(changeEvents.processedAt))
    .orderBy(changeEvents.id)
    .limit(limit)
    .for('update', { of: changeEvents, skipLocked: true });
}

/**
 * Matches the batch to members and writes their alert items and notifications, and marks the
 * events processed; `indexed` says whether the term lexeme index is there (term-matching.ts).
 */
export async function writeBatchMatches(tx: Tx, batch: BatchEvent[], indexed: boolean) {
  // the plan is simple and its row estimates large: compiling it would cost more than it saves
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '64MB'`); // the term and match sets stay in memory
  const { rows } = await tx.execute<{
    alert_items: number;
    notifications: number;
    max_id: number | null;
  }>(sql`
    with ev as (
      select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as e(
        event_id int, item_id int, type_code text, alert_type text, followers_only boolean,
        detected_at timestamptz, type text, title text, message text, tab text, texts jsonb)
    ),
    items as (
      select lc.id, lc.search from legal_changes lc
      where lc.id in (select item_id from ev where not followers_only)
    ),
    item_lexemes as (
      select distinct i.id as item_id, l.lexeme
      from items i cross join lateral unnest(tsvector_to_array(i.search)) as l(lexeme)
    ),
    ${termMatchesSql(indexed)},
    candidates as (
      select ua.user_id, ev.event_id, null::text as term, false as owner
      from ev join user_actions ua on ua.legal_change_id = ev.item_id and ua.action = 'followed'
      union all
      -- members of organisations watching the item; its assessment's owner is alerted always
      select om.user_id, ev.event_id, null::text, coalesce(oa.owner_user_id = om.user_id, false)
      from ev join org_watchlist ow on ow.legal_change_id = ev.item_id
      join org_members om on om.org_id = ow.org_id
      left join org_assessments oa on oa.org_id = ow.org_id and oa.legal_change_id = ow.legal_change_id
      union all
      select tm.user_id, ev.event_id, tm.search_term, false
      from ev join term_matches tm on tm.item_id = ev.item_id and tm.created_at <= ev.detected_at
      where not ev.followers_only
    ),
    matched as (
      select user_id, event_id, bool_or(term is null) as followed, bool_or(owner) as owner,
             array_remove(array_agg(distinct term), null) as terms
      from candidates group by user_id, event_id
    ),
    eligible as (
      select m.user_id, m.event_id, ev.item_id, ev.type, ev.tab,
             coalesce(ev.texts -> u.language ->> 'title', ev.title) as title,
             coalesce(ev.texts -> u.language ->> 'message', ev.message) as message,
             case when m.followed then 'follow' else 'search_term' end as reason,
             case when m.followed then null else jsonb_build_object('terms', to_jsonb(m.terms)) end as detail,
             coalesce(ap.alert_frequency, 'immediate') as frequency
      from matched m
      join ev on ev.event_id = m.event_id
      join users u on u.id = m.user_id
      left join alert_preferences ap on ap.user_id = m.user_id
      where (m.owner or ((case ev.alert_type
               when 'newBill' then coalesce(ap.new_bill_alerts, true)
               when 'statusChange' then coalesce(ap.status_change_alerts, true)
               when 'stageChange' then coalesce(ap.stage_change_alerts, true)
               when 'deadline' then coalesce(ap.deadline_alerts, false)
               when 'lawInForce' then coalesce(ap.law_in_force_alerts, true)
               else false end)
        and not exists (
          select 1 from user_legislation_preferences p
          where p.user_id = m.user_id and p.legislation_type_code = ev.type_code and not p.enabled)))
        and not exists (
          select 1 from legislation_types g where g.code = ev.type_code and not g.globally_available)
        and (m.followed or not exists (
          select 1 from user_actions d
          where d.user_id = m.user_id and d.legal_change_id = ev.item_id and d.action = 'dismissed'))
    ),
    new_alert_items as (
      insert into alert_items (user_id, change_event_id, legal_change_id, reason, detail, frequency)
      select user_id, event_id, item_id, reason, detail, frequency from eligible
      on conflict (user_id, change_event_id) do nothing
      returning 1
    ),
    new_notifications as (
      insert into notifications (user_id, type, title, message, tab, legislation_id, change_event_id, dedupe_key)
      select user_id, type, title, message, tab, item_id, event_id, 'inapp:' || user_id || ':' || event_id from eligible
      on conflict (dedupe_key) do nothing
      returning id
    ),
    processed as (
      update change_events set processed_at = now() where id in (select event_id from ev) returning 1
    )
    select (select count(*) from new_alert_items)::int as alert_items,
           (select count(*) from new_notifications)::int as notifications,
           (select max(id) from new_notifications) as max_id
  `);
  return rows[0]!;
}
