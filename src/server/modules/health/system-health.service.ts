/**
 * GET /api/admin/system-health: every dependency with a state from a real probe (healthy,
 * degraded, down) or a plain label (not_configured, test_mode), the time of its probe and what
 * was found. The database's parts are read on each view; outside services through the app's
 * probe cache (at most one call a minute each).
 */
import { statfs } from 'node:fs/promises';
import type { AppCaches } from '#server/app-caches';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import type { JobQueue } from '#server/jobs/queue';
import type { ComponentState, HealthComponent, SystemHealth } from '#shared/schemas/admin';
import { SYNC_KINDS, type SyncKind } from '#shared/sync-kinds';
import { probeAi, probeEmail, probePayments, probeSms, type ProbeResult } from './outside-probes';
import { PROBE_CACHE, ProbeCache } from './probe-cache';
import { outboxBacklog, queueLag, sourceRuns, timedPing } from './system-health.queries';

export interface SystemHealthDeps {
  db: DbOrTx;
  config: Config;
  jobs: JobQueue | null;
  caches: Pick<AppCaches, 'appScoped'>;
}

/** The upstream sources, by the sync kind that records their runs, each with its own name. */
const SOURCE_LABELS: Record<SyncKind | 'news-cache', string> = {
  'uk-parliament': 'UK Parliament Bills API',
  'secondary-legislation': 'legislation.gov.uk',
  'scottish-parliament': 'Scottish Parliament',
  effects: 'legislation.gov.uk changes to legislation',
  'news-cache': 'News search',
};
export const HEALTH_SOURCES = [...SYNC_KINDS, 'news-cache' as const].map((syncType) => ({
  syncType,
  label: SOURCE_LABELS[syncType],
}));

const MINUTE = 60_000;
const minutes = (ms: number) => Math.max(0, Math.round(ms / MINUTE));
/** "12 min" or "3 h 5 min" or "2 d 4 h" */
export function ageText(ms: number): string {
  const m = minutes(ms);
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${m % 60} min`;
  return `${Math.floor(m / (24 * 60))} d ${Math.floor((m % (24 * 60)) / 60)} h`;
}

/** healthy under `degradedAfter`, degraded under `downAfter`, down beyond */
const byAge = (ms: number, degradedAfter: number, downAfter: number): ComponentState =>
  ms < degradedAfter ? 'healthy' : ms < downAfter ? 'degraded' : 'down';

type Part = Omit<HealthComponent, 'checkedAt' | 'label'> & { label?: string | null; checkedAt?: Date };

async function databaseParts(deps: SystemHealthDeps, now: Date): Promise<Part[]> {
  const kind = deps.config.embeddedDatabase ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL';
  let latency: number;
  try {
    latency = await timedPing(deps.db);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const unread = 'Cannot be read: the database is not answering';
    return [
      { name: 'database', state: 'down', detail: `${kind} is not answering${code ? ` (${code})` : ''}` },
      { name: 'jobs', state: 'down', detail: unread },
      { name: 'outbox', state: 'down', detail: unread },
      await probed(deps, 'email', () => probeEmail(deps.config)),
    ];
  }
  const parts: Part[] = [
    {
      name: 'database',
      state: latency < 1000 ? 'healthy' : 'degraded',
      detail: `${kind} answered in ${latency} ms`,
    },
  ];

  const lag = await queueLag(deps.db);
  const runner = deps.config.ROLE === 'web' ? 'running' : (deps.jobs?.state() ?? null);
  if (!lag)
    parts.push({ name: 'jobs', state: 'degraded', detail: 'No worker has started the job queue yet' });
  else {
    const waitedMs = lag.oldestDueAt ? now.getTime() - lag.oldestDueAt.getTime() : 0;
    let state = byAge(waitedMs, 5 * MINUTE, 30 * MINUTE);
    const notes = [
      lag.waiting
        ? `${lag.waiting} due, the oldest waiting ${ageText(waitedMs)}`
        : 'No job waiting to be started',
      `${lag.failedLastDay} failed in the last day`,
    ];
    if (runner && runner !== 'running') {
      state = state === 'healthy' ? 'degraded' : state;
      notes.push(`this process's job runner is ${runner}`);
    }
    parts.push({ name: 'jobs', state, detail: notes.join('; ') });
  }

  const outbox = await outboxBacklog(deps.db);
  const oldestMs = outbox.oldestPendingAt ? now.getTime() - outbox.oldestPendingAt.getTime() : 0;
  parts.push({
    name: 'outbox',
    state: byAge(oldestMs, 15 * MINUTE, 60 * MINUTE),
    detail: `${outbox.pending} waiting to be sent${outbox.pending ? `, the oldest for ${ageText(oldestMs)}` : ''}; ${outbox.failedLastDay} failed in the last day`,
  });

  const email = await probed(deps, 'email', () => probeEmail(deps.config));
  if (email.state === 'not_configured')
    email.detail = `${email.detail}; ${outbox.keptEmailsLastDay} kept in the last day`;
  else if (email.state === 'healthy' && outbox.failedEmailsLastDay > 0) {
    email.state = 'degraded';
    email.detail = `${email.detail}; but ${outbox.failedEmailsLastDay} emails failed in the last day`;
  }
  parts.push(email);

  const runs = await sourceRuns(deps.db);
  const staleAfter = 3 * deps.config.SYNC_INTERVAL_MINUTES * MINUTE;
  for (const source of HEALTH_SOURCES) {
    const run = runs.find((r) => r.syncType === source.syncType);
    const base = { name: `source:${source.syncType}`, label: source.label };
    if (!run?.lastSuccessAt) {
      parts.push({
        ...base,
        state: run?.lastFailureAt ? 'down' : 'degraded',
        detail: run?.lastFailureAt
          ? `No successful sync; last error: ${run.lastError ?? 'unknown'}`
          : 'No sync has run yet',
      });
      continue;
    }
    const ageMs = now.getTime() - run.lastSuccessAt.getTime();
    const failing = run.lastFailureAt !== null && run.lastFailureAt > run.lastSuccessAt;
    const state: ComponentState = failing
      ? ageMs < 24 * 60 * MINUTE
        ? 'degraded'
        : 'down'
      : byAge(ageMs, staleAfter, Number.POSITIVE_INFINITY);
    parts.push({
      ...base,
      state,
      detail: `Last success ${ageText(ageMs)} ago (${run.lastSuccessAt.toISOString()})${failing ? `; last error: ${run.lastError ?? 'unknown'}` : ''}`,
    });
  }
  return parts;
}

/** An outside service's probe through the app's cache; its time is the probe's own. */
async function probed(deps: SystemHealthDeps, name: string, probe: () => Promise<ProbeResult>) {
  const cache = deps.caches.appScoped.get(PROBE_CACHE, () => new ProbeCache());
  const result = await cache.get(name, probe);
  return { name, ...result };
}

async function diskPart(config: Config): Promise<Part> {
  try {
    const fs = await statfs(config.DATA_DIR);
    const free = fs.bavail * fs.bsize;
    const total = fs.blocks * fs.bsize;
    const pct = total ? Math.round((free / total) * 100) : 100;
    return {
      name: 'disk',
      state: pct < 5 ? 'down' : pct < 15 ? 'degraded' : 'healthy',
      detail: `${(free / 1024 ** 3).toFixed(1)} GiB free (${pct}%) in DATA_DIR`,
    };
  } catch (error) {
    return {
      name: 'disk',
      state: 'degraded',
      detail: `DATA_DIR cannot be read (${(error as { code?: string }).code ?? 'error'})`,
    };
  }
}

export async function systemHealth(deps: SystemHealthDeps, now = new Date()): Promise<SystemHealth> {
  const [own, sms, ai, payments, disk] = await Promise.all([
    databaseParts(deps, now),
    probed(deps, 'sms', () => probeSms(deps.config)),
    probed(deps, 'ai', () => probeAi(deps.config)),
    probed(deps, 'payments', () => probePayments(deps.config)),
    deps.config.embeddedDatabase ? diskPart(deps.config) : null,
  ]);
  const [database, jobs, outbox, email, ...sources] = own;
  const parts = [database, jobs, outbox, email, sms, ai, payments, ...sources, disk].filter((p): p is Part =>
    Boolean(p),
  );
  const components: HealthComponent[] = parts.map((p) => ({
    name: p.name,
    label: p.label ?? null,
    state: p.state,
    detail: p.detail,
    checkedAt: (p.checkedAt ?? now).toISOString(),
  }));
  const troubled = components.filter((c) => c.state === 'down' || c.state === 'degraded');
  return {
    checkedAt: now.toISOString(),
    components,
    status: components.some((c) => c.state === 'down') ? 'error' : troubled.length ? 'warning' : 'healthy',
    issues: troubled.map((c) => `${c.label ?? c.name}: ${c.detail}`),
  };
}
