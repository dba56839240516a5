import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { MemberSessionCache } from '#server/cache/member-session-cache';
import { MEMBER_STATE_CHANNEL } from '#server/db/client';

/**
 * On PostgreSQL: one connection per web process LISTENs on 'member_state' and drops the copies
 * each message names. Until it is connected, and whenever it is lost, nothing is kept; it is
 * re-opened a second later.
 */
export function listenForMemberState(
  url: string,
  cache: MemberSessionCache,
  log: FastifyBaseLogger,
): { close(): Promise<void> } {
  let closed = false;
  let client: pg.Client | null = null;
  const open = () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, application_name: 'lexwatch-member-state' });
    client = c;
    let lost = false;
    const reopen = (error?: unknown) => {
      if (lost) return;
      lost = true;
      cache.setListening(false);
      c.end().catch(() => {});
      if (closed) return;
      if (error) log.warn({ err: error }, 'member state LISTEN connection lost; re-opening');
      setTimeout(open, 1000).unref();
    };
    c.on('notification', (message) => cache.heard(message.payload ?? '*'));
    c.on('error', reopen);
    c.on('end', () => reopen());
    c.connect()
      .then(() => c.query(`LISTEN ${MEMBER_STATE_CHANNEL}`))
      .then(() => {
        if (!lost && !closed) cache.setListening(true);
      })
      .catch(reopen);
  };
  open();
  return {
    async close() {
      closed = true;
      cache.setListening(false);
      await client?.end().catch(() => {});
    },
  };
}
