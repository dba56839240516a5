/** Figures of the Overview and Database tabs, read from the real tables and catalogues. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { legislationTypeByCode } from '#shared/legislation';
import type { AdminOverview, DatabaseStats } from '#shared/schemas/admin';
import { startOfUkDay } from './admin-auth.queries';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

async function grouped(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of rowsOf<{ k: string | null; n: number }>(await db.execute(query)))
    out[r.k ?? 'unknown'] = Number(r.n);
  return out;
}

/**
 * Items by their type's category (the 16 types; Scottish Parliament bills count with the Acts of
 * the Scottish Parliament, as primary). An item of a type the product does not follow is in neither.
 */
export function countByCategory(itemsByType: Record<string, number>) {
  const counts = { primaryLegislation: 0, secondaryLegislation: 0 };
  for (const [type, n] of Object.entries(itemsByType)) {
    const category = legislationTypeByCode(type)?.category;
    if (category === 'primary') counts.primaryLegislation += n;
    else if (category === 'secondary') counts.secondaryLegislation += n;
  }
  return counts;
}

const itemsByType = (db: DbOrTx) =>
  grouped(db, sql`select legislation_type as k, count(*)::int as n from legal_changes group by 1 order by 1`);

export async function adminOverview(db: DbOrTx, now: Date): Promise<AdminOverview> {
  const today = startOfUkDay(now);
  const membersByTier = await grouped(
    db,
    sql`select subscription_tier as k, count(*)::int as n from users group by 1 order by 1`,
  );
  const membersByStatus = await grouped(
    db,
    sql`select subscription_status as k, count(*)::int as n from users group by 1 order by 1`,
  );
  const [suspended] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from users where suspended_at is not null`),
  );
  const itemsByCategory = await itemsByType(db);
  const itemsBySource = await grouped(
    db,
    sql`select source as k, count(*)::int as n from legal_changes group by 1 order by 1`,
  );
  const syncs = await grouped(
    db,
    sql`select status as k, count(*)::int as n from sync_operations where started_at >= ${today} group by 1`,
  );
  const messages = await grouped(
    db,
    sql`select status as k, count(*)::int as n from outbox where created_at >= ${today} group by 1`,
  );
  return {
    ...countByCategory(itemsByCategory),
    membersByTier,
    membersByStatus,
    suspendedMembers: suspended?.n ?? 0,
    itemsByCategory,
    itemsBySource,
    syncsToday: { completed: syncs.completed ?? 0, running: syncs.running ?? 0, failed: syncs.failed ?? 0 },
    messagesToday: {
      sent: messages.sent ?? 0,
      kept: messages.kept ?? 0,
      failed: messages.failed ?? 0,
      queued: (messages.queued ?? 0) + (messages.sending ?? 0),
    },
  };
}

export async function databaseStats(db: DbOrTx): Promise<DatabaseStats> {
  const [info] = rowsOf<{ version: string; full: string; size: string }>(
    await db.execute(
      sql`select current_setting('server_version') as version, version() as full,
        pg_database_size(current_database())::text as size`,
    ),
  );
  const [counts] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select count(*)::int from amendments) as "amendments",
      (select count(*)::int from news_articles) as "newsArticles",
      (select count(*)::int from notifications) as "notifications",
      (select count(*)::int from user_actions) as "userActions"`),
  );
  const tables = rowsOf<{ name: string; rows: string; size: string; last_vacuum: Date | string | null }>(
    await db.execute(sql`select relname as name, n_live_tup::text as rows,
        pg_total_relation_size(relid)::text as size,
        greatest(last_vacuum, last_autovacuum) as last_vacuum
      from pg_stat_user_tables where schemaname = 'public' order by pg_total_relation_size(relid) desc`),
  );
  const [migrations] = rowsOf<{ n: number; last: string | null }>(
    await db.execute(
      sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    ),
  );
  const categories = countByCategory(await itemsByType(db));
  const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
  return {
    // asked of the server itself: the embedded one names itself in version()
    mode: info?.full.includes('PGlite') ? 'embedded' : 'postgres',
    version: info ? `${info.version}${info.full.includes('PGlite') ? ' (PGlite)' : ''}` : 'unknown',
    sizeBytes: Number(info?.size ?? 0),
    ...categories,
    amendments: counts?.amendments ?? 0,
    newsArticles: counts?.newsArticles ?? 0,
    notifications: counts?.notifications ?? 0,
    userActions: counts?.userActions ?? 0,
    migrationsApplied: migrations?.n ?? 0,
    lastMigrationAt: migrations?.last ? new Date(Number(migrations.last)).toISOString() : null,
    tables: tables.map((t) => ({
      name: t.name,
      rows: Number(t.rows),
      sizeBytes: Number(t.size),
      lastVacuum: iso(t.last_vacuum),
    })),
  };
}
