import type pg from 'pg';

/**
 * Counts the SQL statements a pool runs (transactions' BEGIN and COMMIT included) while
 * `fn` runs: every query reaches the server through a checked-out client, so each client's
 * `query` is counted once it is first handed out.
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
      if (counting) statements.push(typeof first === 'string' ? first : (first?.text ?? '?'));
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
