/**
 * Generated, realistic legal changes for benchmarks: `seedLegalChanges(pool, n)` inserts n rows
 * with multi-row INSERT ... SELECT FROM generate_series, so PostgreSQL builds the rows (and their
 * search vectors) itself. Deterministic for a given n: word choice comes from hashint4 of the row
 * number. Secondary items have no long title. Word lists are skewed so that some terms are common ('regulations' is in most
 * secondary titles) and some rare ('zanzibar' is in 1 row in 5,000); invented place names give
 * thousands of selective terms. Dates spread over the last 10 years.
 */
import type pg from 'pg';
import {
  DEPARTMENTS,
  PLACES,
  PRIMARY_TYPES,
  SECONDARY_FORMS,
  SECONDARY_TYPES,
  STAGES,
  STATUSES,
  SUBJECTS,
  SYLLABLES,
  TOPICS,
  VERBS,
} from './legal-changes.bench-words';

/** A hash in [0, 1) for row g and a salt. */
const unit = (salt: number) => `((abs(hashint4(g * 7919 + ${salt})::bigint) % 1000003) / 1000003.0)`;
/** An element of the text[] parameter `$param`, skewed to its start when `skew` > 1 (common first, rare last). */
const pick = (param: number, salt: number, skew = 1) =>
  `($${param}::text[])[1 + floor(cardinality($${param}::text[]) * power(${unit(salt)}, ${skew}))::int]`;
const name = (salt: number) => `initcap(${pick(9, salt)} || ${pick(9, salt + 1)} || ${pick(9, salt + 2)})`;

const SQL = `
insert into legal_changes (
  source, upstream_id, title, long_title, description, category, legislation_type, status, jurisdiction_id,
  department_name, current_stage, item_date, enactment_date, consultation_start_date, consultation_end_date, official_url)
select 'bench', $1 || g, title, case when category = 'primary' then long_title end, description, category, legislation_type, status, 1,
  department, stage, item_date,
  case when status = 'enacted' then item_date end,
  case when consulted then item_date end,
  case when consulted then item_date + 30 + (abs(hashint4(g * 3)) % 60) end,
  'https://www.legislation.gov.uk/id/bench/' || g
from (
  select g, r.*,
    case when r.category = 'primary'
      then initcap(r.topic) || ' (' || r.place || ') Bill'
      else 'The ' || initcap(r.topic) || ' (' || r.place || ') (Amendment) ' || r.form || ' ' || r.year
    end as title,
    'A Bill to ' || r.verb || ' ' || r.topic || ' and ' || r.topic2 || ' in ' || r.place || '; and for connected purposes.' as long_title,
    'This ' || case when r.category = 'primary' then 'Bill' else 'instrument' end || ' would ' || r.verb || ' ' || r.subject
      || ' in relation to ' || r.topic || ' in ' || r.place || '. It also makes changes to ' || r.topic2 || ' and ' || r.topic3
      || ', including ' || r.subject2 || '. The ' || r.department || ' consulted interested parties, among them the '
      || r.rare || ' Partnership and the ' || r.rare2 || ' Trust, before the provisions were ' || case when r.status = 'enacted' then 'made' else 'laid' end
      || '. Further provisions ' || r.verb2 || ' ' || r.subject3 || ' with effect from ' || r.year || '.'
      || case when abs(hashint4(g * 13)) % 5000 = 0 then ' Arrangements for Zanzibar are unaffected.' else '' end as description
  from generate_series($2::int, $3::int) g
  cross join lateral (
    select
      case when ${unit(1)} < 0.35 then 'primary' else 'secondary' end as category,
      ${pick(4, 2, 2.2)} as topic, ${pick(4, 3, 1.5)} as topic2, ${pick(4, 4)} as topic3,
      ${pick(5, 5, 2)} as place, ${pick(6, 6)} as form, ${pick(7, 7)} as department,
      ${pick(8, 8)} as verb, ${pick(8, 9)} as verb2, ${pick(10, 10)} as subject, ${pick(10, 11)} as subject2, ${pick(10, 12)} as subject3,
      ${name(20)} as rare, ${name(30)} as rare2,
      ${pick(13, 13)} as status, ${pick(14, 14)} as stage,
      (current_date - (abs(hashint4(g * 17)) % 3650))::date as item_date,
      ${unit(15)} < 0.2 as consulted
  ) r0
  cross join lateral (
    select r0.*, case when r0.category = 'primary' then ${pick(11, 16)} else ${pick(12, 17)} end as legislation_type,
      extract(year from r0.item_date)::text as year
  ) r
) rows`;

const CHUNK = 20_000;

/** Runs `task` over `items`, `concurrency` at a time. */
async function inParallel<T>(
  items: T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await task(next);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/**
 * Drops legal_changes' non-unique indexes, answering their definitions as PostgreSQL reports
 * them, so that they can be built again exactly (building the GIN indexes once after the load
 * is about twice as fast as maintaining them row by row).
 */
async function dropSecondaryIndexes(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = 'legal_changes'::regclass and not x.indisunique and not x.indisprimary`,
  );
  for (const r of rows) await pool.query(`drop index if exists "${r.name}"`);
  return rows.map((r) => r.definition);
}

async function createIndexes(pool: pg.Pool, definitions: string[], concurrency: number): Promise<void> {
  await inParallel(definitions, concurrency, async (definition) => {
    const client = await pool.connect();
    try {
      await client.query(`set maintenance_work_mem = '256MB'`);
      await client.query(definition);
    } finally {
      client.release();
    }
  });
}

export interface SeedOptions {
  /** chunks of 20,000 rows loaded at once (default 2, one per core) */
  concurrency?: number;
  /** drop the non-unique indexes during the load and build them after (default: from 50,000 rows) */
  rebuildIndexes?: boolean;
}

/** Inserts n generated legal changes and answers how many were inserted. */
export async function seedLegalChanges(pool: pg.Pool, n: number, opts: SeedOptions = {}): Promise<number> {
  const concurrency = opts.concurrency ?? 2;
  const prefix = `bench-${Date.now().toString(36)}-`;
  const lists = [
    TOPICS,
    PLACES,
    SECONDARY_FORMS,
    DEPARTMENTS,
    VERBS,
    SYLLABLES,
    SUBJECTS,
    PRIMARY_TYPES,
    SECONDARY_TYPES,
    STATUSES,
    STAGES,
  ];
  const chunks: [number, number][] = [];
  for (let from = 1; from <= n; from += CHUNK) chunks.push([from, Math.min(n, from + CHUNK - 1)]);
  const dropped = (opts.rebuildIndexes ?? n >= 50_000) ? await dropSecondaryIndexes(pool) : [];
  let inserted = 0;
  try {
    await inParallel(chunks, concurrency, async ([from, to]) => {
      const result = await pool.query(SQL, [prefix, from, to, ...lists]);
      inserted += result.rowCount ?? 0;
    });
  } finally {
    await createIndexes(pool, dropped, concurrency);
  }
  return inserted;
}
