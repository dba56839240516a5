/** Figures of the Overview, Database and System tabs, read from the real tables and catalogues. */
import { statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import type { AdminOverview, DatabaseStats, SystemHealth } from '#shared/schemas/admin';
import { startOfUkDay } from './admin-auth.queries';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

async function grouped(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of rowsOf<{ k: string | null; n: number }>(await db.execute(query)))
    out[r.k ?? 'unknown'] = Number(r.n);
  return out;
}

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
  const itemsByCategory = await grouped(
    db,
    sql`select legislation_type as k, count(*)::int as n from legal_changes group by 1 order by 1`,
  );
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
      (select count(*)::int from legal_changes where legislation_type <> 'secondary') as "primaryLegislation",
      (select count(*)::int from legal_changes where legislation_type = 'secondary') as "secondaryLegislation",
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
  const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
  return {
    // asked of the server itself: the embedded one names itself in version()
    mode: info?.full.includes('PGlite') ? 'embedded' : 'postgres',
    version: info ? `${info.version}${info.full.includes('PGlite') ? ' (PGlite)' : ''}` : 'unknown',
    sizeBytes: Number(info?.size ?? 0),
    primaryLegislation: counts?.primaryLegislation ?? 0,
    secondaryLegislation: counts?.secondaryLegislation ?? 0,
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

type Status = SystemHealth['services'][number]['status'];
const SOURCES = [
  { type: 'uk-parliament', name: 'UK Parliament Bills API' },
  { type: 'secondary-legislation', name: 'legislation.gov.uk' },
  { type: 'scottish-parliament', name: 'Scottish Parliament' },
  { type: 'news-cache', name: 'News search' },
];

/** Every service the product depends on, checked now; the banner counts what is not healthy. */
export async function systemHealth(db: DbOrTx, config: Config, now: Date): Promise<SystemHealth> {
  const lastCheck = now.toISOString();
  const services: SystemHealth['services'] = [];
  const add = (name: string, description: string, status: Status) =>
    services.push({ name, description, status, lastCheck });

  const started = Date.now();
  let databaseUp = true;
  try {
    await db.execute(sql`select 1`);
    add(
      'Database',
      `${config.embeddedDatabase ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL'} answered in ${Date.now() - started} ms`,
      'healthy',
    );
  } catch (error) {
    databaseUp = false;
    add('Database', `Not answering: ${(error as Error).message}`, 'error');
  }

  if (databaseUp) {
    const [queue] = rowsOf<{ backlog: number; oldest: string | null; failed: number }>(
      await db
        .execute(
          sql`select count(*) filter (where state in ('created','retry'))::int as backlog,
            min(created_on) filter (where state in ('created','retry'))::text as oldest,
            count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day')::int as failed
          from pgboss.job`,
        )
        .catch(() => ({ rows: [] })),
    );
    if (!queue) add('Job queue', 'The job queue tables are not there yet (no worker has started)', 'warning');
    else {
      const ageMin = queue.oldest
        ? Math.round((now.getTime() - new Date(queue.oldest).getTime()) / 60_000)
        : 0;
      const status: Status = ageMin > 60 ? 'error' : ageMin > 10 || queue.failed > 0 ? 'warning' : 'healthy';
      add(
        'Job queue',
        `${queue.backlog} waiting${queue.backlog ? `, oldest ${ageMin} min` : ''}; ${queue.failed} failed in the last day`,
        status,
      );
    }

    const syncRows = rowsOf<{ sync_type: string; ok: string | null; bad: string | null; err: string | null }>(
      await db.execute(sql`select sync_type,
          max(completed_at) filter (where status = 'completed')::text as ok,
          max(completed_at) filter (where status = 'failed')::text as bad,
          (array_agg(error_message order by started_at desc) filter (where status = 'failed'))[1] as err
        from sync_operations group by sync_type`),
    );
    for (const source of SOURCES) {
      const r = syncRows.find((x) => x.sync_type === source.type);
      const ok = r?.ok ? new Date(r.ok) : null;
      const bad = r?.bad ? new Date(r.bad) : null;
      const failingNow = bad && (!ok || bad > ok);
      add(
        source.name,
        !r
          ? 'No sync has run yet'
          : `Last success ${ok ? ok.toISOString() : 'never'}${failingNow ? `; last error: ${r.err ?? 'unknown'}` : ''}`,
        !r ? 'warning' : failingNow ? 'error' : 'healthy',
      );
    }

    const [mail] = rowsOf<{ failed: number; kept: number }>(
      await db.execute(sql`select count(*) filter (where status = 'failed')::int as failed,
          count(*) filter (where status = 'kept')::int as kept
        from outbox where channel = 'email' and created_at > now() - interval '1 day'`),
    );
    add(
      'Email',
      config.SMTP_URL
        ? `SMTP configured; ${mail?.failed ?? 0} failed in the last day`
        : `Embedded default: no SMTP_URL, messages are kept in the outbox (${mail?.kept ?? 0} in the last day; read them in Notifications)`,
      (mail?.failed ?? 0) > 0 ? 'warning' : 'healthy',
    );
  }

  add(
    'SMS',
    config.SMS_API_URL
      ? 'SMS provider configured'
      : 'Embedded default: no SMS provider, texts are kept in the outbox',
    'healthy',
  );
  add(
    'AI analysis',
    config.AI_BASE_URL
      ? `OpenAI-compatible provider at ${new URL(config.AI_BASE_URL).host}`
      : 'Embedded default: analysis composed from official records',
    'healthy',
  );
  add(
    'Payments',
    config.STRIPE_SECRET_KEY ? 'Stripe configured' : 'Test mode: no card payments are taken',
    'healthy',
  );

  if (config.embeddedDatabase) {
    try {
      const fs = await statfs(config.DATA_DIR);
      const free = fs.bavail * fs.bsize;
      const total = fs.blocks * fs.bsize;
      const pct = total ? Math.round((free / total) * 100) : 100;
      add(
        'Disk (DATA_DIR)',
        `${(free / 1024 ** 3).toFixed(1)} GiB free (${pct}%)`,
        pct < 5 ? 'error' : pct < 15 ? 'warning' : 'healthy',
      );
    } catch (error) {
      add('Disk (DATA_DIR)', `Cannot read: ${(error as Error).message}`, 'warning');
    }
  }

  const failing = services.filter((s) => s.status !== 'healthy');
  return {
    status: services.some((s) => s.status === 'error') ? 'error' : failing.length ? 'warning' : 'healthy',
    issues: failing.map((s) => `${s.name}: ${s.description}`),
    services,
    checkedAt: lastCheck,
  };
}
