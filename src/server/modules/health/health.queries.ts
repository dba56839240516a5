import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/** One round trip to the database (`select 1`); throws when it cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
