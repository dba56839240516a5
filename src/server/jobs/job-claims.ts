/**
 * Jobs left 'active' by a worker that died (SIGKILL, a crash, a lost machine) go back to the
 * queue at once instead of waiting for their expiry (hours for a sync: the queues are
 * singletons, so nothing else of that name ran meanwhile).
 *
 * pg-boss does not know which worker runs a job, so each worker says so itself: while a job
 * runs, the worker holds a session-level advisory lock on it, on a connection of its own.
 * PostgreSQL releases the locks of a session that ends, so when a worker dies its locks go
 * with it. Every worker checks from time to time for active jobs whose lock it can take: those
 * have no living runner, and are put back as 'retry', due now. Jobs are idempotent (see
 * queue.ts), so a job handed back after its runner lost only its lock connection runs twice
 * at worst, never zero times.
 *
 * On the embedded database one process owns the data (the data directory is locked), so at
 * start every active job is an orphan of the previous run of this process.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** The first key of the two-key advisory locks (the second is hashtext(job id)). */
export const JOB_LOCK_CLASS = 74_061;
/** A job just fetched is locked within milliseconds; one active for less than this is left alone. */
export const ORPHAN_GRACE_SECONDS = 10;
const SWEEP_EVERY_MS = 5_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
type Query = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export interface JobClaims {
  /** opens the lock connection and hands back the orphans found now; then sweeps periodically */
  start(): Promise<void>;
  /** takes the job's lock for as long as it runs (best effort: a lost connection only logs) */
  hold(jobId: string): Promise<void>;
  release(jobId: string): Promise<void>;
  /** one pass over the active jobs; resolves with how many were handed back */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

const HAND_BACK = `
  update pgboss.job
     set state = 'retry', start_after = now(),
         output = jsonb_build_object('message', 'its worker stopped while running it; handed back to the queue')
   where name = $1 and id = $2 and state = 'active'`;

/** Embedded: every job still active when this process starts is its own previous run's. */
export async function handBackAllActive(query: Query, log: Log): Promise<number> {
  const { rows } = await query(`select id, name from pgboss.job where state = 'active'`);
  for (const job of rows as { id: string; name: string }[]) await query(HAND_BACK, [job.name, job.id]);
  if (rows.length)
    log.warn({ jobs: rows.length }, 'jobs left running by a stopped process handed back to the queue');
  return rows.length;
}

export function createJobClaims(opts: { url: string; log: Log }): JobClaims {
  const { log } = opts;
  const held = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let sweeping: Promise<number> | null = null;

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: opts.url, application_name: 'lexwatch-job-claims' });
      c.on('error', () => {
        // the connection died (and every lock with it): a new one takes the locks again
        if (client === c) client = null;
      });
      c.on('end', () => {
        if (client === c) client = null;
      });
      await c.connect();
      for (const id of held) await c.query('select pg_advisory_lock($1, hashtext($2))', [JOB_LOCK_CLASS, id]);
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  async function sweepOnce(): Promise<number> {
    const c = await connection();
    const { rows } = await c.query<{ id: string; name: string }>(
      `select id, name from pgboss.job
        where state = 'active' and started_on < now() - make_interval(secs => $1)`,
      [ORPHAN_GRACE_SECONDS],
    );
    let handed = 0;
    for (const job of rows) {
      if (held.has(job.id)) continue;
      const { rows: got } = await c.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as locked',
        [JOB_LOCK_CLASS, job.id],
      );
      if (!got[0]?.locked) continue; // its runner is alive
      try {
        const result = await c.query(HAND_BACK, [job.name, job.id]);
        if (result.rowCount) {
          handed++;
          log.warn({ job: job.name, jobId: job.id }, 'job of a stopped worker handed back to the queue');
        }
      } finally {
        await c.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_CLASS, job.id]);
      }
    }
    return handed;
  }

  const sweep = (): Promise<number> => {
    sweeping ??= sweepOnce()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'could not check for jobs of stopped workers');
        return 0;
      })
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };

  return {
    async start() {
      await sweep();
      timer = setInterval(() => {
        if (!stopped) void sweep();
      }, SWEEP_EVERY_MS);
      timer.unref();
    },
    async hold(jobId) {
      held.add(jobId);
      try {
        const c = await connection();
        await c.query('select pg_advisory_lock($1, hashtext($2))', [JOB_LOCK_CLASS, jobId]);
      } catch (error) {
        log.warn({ err: error, jobId }, 'could not mark the job as running here');
      }
    },
    async release(jobId) {
      if (!held.delete(jobId)) return;
      // the queue marks the job completed just after the handler returns: the lock stays a
      // moment longer, so no sweep elsewhere sees the job active and unlocked in between
      const later = setTimeout(() => {
        if (held.has(jobId)) return;
        client?.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_CLASS, jobId]).catch(() => {}); // the connection is gone, and the lock with it
      }, 1000);
      later.unref();
    },
    sweep,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await sweeping;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
