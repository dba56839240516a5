import type pg from 'pg';

/** The API rate limit's one upsert per request (plugins/rate-limit-store.ts), tested on its own. */
const RATE_LIMIT_HIT = /^\s*insert into rate_limit_hits\b/i;

/**
 * Counts the SQL statements a pool runs (transactions' BEGIN and COMMIT included) while
 * `fn` runs: every query reaches the server through a checked-out client, so each client's
 * `query` is counted once it is first handed out. The rate limit's statement, the same for
 * every API request, is left out: the counts are of what each route itself reads and writes.
 */
export async function countStatements(
  pool: pg.Pool,
  fn: () => Promise<unknown>,
): Promise<{ count: number; statements: string[] }> {
  const statements: string[] = [];
  const wrapped = new WeakSet<object>();
  let counting = true;
  const onAcquire = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '?');
      if (counting && !RATE_LIMIT_HIT.test(text)) statements.push(text);
      return original(...args);
    };
  };
  pool.on('acquire', onAcquire);
  try {
    await fn();
  } finally {
    counting = false;
    pool.off('acquire', onAcquire);
  }
  return { count: statements.length, statements };
}
