/**
 * A lease that keeps two runs of one sync from overlapping, across processes and across the
 * job queue and the in-process triggers. It is a row of sync_cursors ('lock:<kind>') holding
 * the holder's host, pid and expiry; it is renewed while the run goes on (LEASE_TTL_MS). A holder that died
 * (SIGKILL, crash) loses it at expiry, or at once when it ran on this host and its pid is gone.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '#server/db/client';
import { deleteLease, insertLeaseIfFree, readCursor, replaceLease } from './sync-cursors.queries';

/**
 * Short, with a heartbeat: a run renews its lease every 20 s, so a run whose worker died on
 * another machine is taken up again within two minutes, however long a live run goes on.
 */
export const LEASE_TTL_MS = 2 * 60_000;
const RENEW_EVERY_MS = 20_000;

interface LeaseRow {
  host: string;
  pid: number;
  token: string;
  until: string;
}

export interface Lease {
  release(): Promise<void>;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const keyOf = (kind: string) => `lock:${kind}`;

/** Takes the lease of `kind`, or answers null when a live run holds it. */
export async function tryAcquireLease(db: Db, kind: string, ttlMs = LEASE_TTL_MS): Promise<Lease | null> {
  const key = keyOf(kind);
  const token = randomUUID();
  const lease = (): LeaseRow => ({
    host: hostname(),
    pid: process.pid,
    token,
    until: new Date(Date.now() + ttlMs).toISOString(),
  });
  if (!(await insertLeaseIfFree(db, { key, lease: lease() }))) {
    const holder = (await readCursor<LeaseRow>(db, key)) ?? undefined;
    const orphaned =
      holder && holder.host === hostname() && holder.pid !== process.pid && !pidAlive(holder.pid);
    if (!orphaned) return null;
    if (!(await replaceLease(db, { key, token: holder.token, lease: lease() }))) return null;
  }
  const timer = setInterval(() => {
    replaceLease(db, { key, token, lease: lease() }).catch(() => {});
  }, RENEW_EVERY_MS);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await deleteLease(db, { key, token });
    },
  };
}
