/**
 * Alert matching at scale: 100,000 members with 5 search terms each (single words and
 * two-word phrases), 10,000 follows, and 1,000 change events on generated items, in a scratch
 * PostgreSQL database that is dropped afterwards. Times the matcher (notifications + alert
 * items + events marked processed) and then the queueing of the immediate emails and texts.
 *
 *   node --import tsx bench/alert-matching.bench.ts [postgres://postgres@127.0.0.1:5432/test]
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '#server/config/config';
import { openDatabase, runMigrations } from '#server/db/client';
import { queueImmediateAlerts } from '#server/modules/alerts/delivery';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { TERM_LEXEME_INDEX } from '#server/modules/alerts/term-matching';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const TERMS_PER_MEMBER = 5;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const WORDS = Number(process.env.BENCH_WORDS ?? 100_000);
const PHRASES = Number(process.env.BENCH_PHRASES ?? 50_000);
const FOLLOWS = 10_000;
const RUNS = 5;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);

/** Deterministic pseudo-random numbers, so every run generates the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** WORDS distinct made-up words of 3–5 syllables. */
function vocabulary(rand: () => number): string[] {
  const syllables = [
    'ba',
    'ke',
    'ri',
    'mo',
    'tu',
    'la',
    'ne',
    'si',
    'po',
    'gu',
    'da',
    'fe',
    'hi',
    'jo',
    'vu',
    'ra',
    'ze',
    'ni',
    'co',
    'pu',
    'ta',
    'le',
    'mi',
    'do',
  ];
  const words = new Set<string>();
  while (words.size < WORDS) {
    const n = 3 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += syllables[Math.floor(rand() * syllables.length)];
    words.add(`${w}n`);
  }
  return [...words];
}

async function seed(client: pg.Client) {
  const rand = random(42);
  const words = vocabulary(rand);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const phrases = Array.from({ length: PHRASES }, () => `${pick(words)} ${pick(words)}`);

  await client.query(
    `create temp table bench_words as select i::int, w from unnest($1::text[]) with ordinality as t(w, i)`,
    [words],
  );
  await client.query(
    `create temp table bench_phrases as select i::int, p from unnest($1::text[]) with ordinality as t(p, i)`,
    [phrases],
  );
  await client.query(`
    insert into users (email, password_hash, first_name, last_name, trial_ends_at, created_at)
    select 'bench' || g || '@example.test', 'x', 'Bench', 'Member ' || g, now() + interval '30 days', now() - interval '2 days'
    from generate_series(1, ${MEMBERS}) g`);
  await client.query(`
    insert into search_terms (user_id, search_term, created_at)
    select s.user_id, case when s.kind < 0.4 then w.w else p.p end, now() - interval '1 day'
    from (
      select u.id as user_id, random() as kind,
             1 + floor(random() * ${WORDS})::int as wi, 1 + floor(random() * ${PHRASES})::int as pi
      from users u cross join generate_series(1, ${TERMS_PER_MEMBER})
    ) s
    join bench_words w on w.i = s.wi
    join bench_phrases p on p.i = s.pi
    on conflict do nothing`);

  // items: a title of 4 words and a description of 10 words with one members' phrase inside
  const titles: string[] = [];
  const descriptions: string[] = [];
  const types: string[] = [];
  for (let i = 0; i < EVENTS; i++) {
    titles.push(`The ${pick(words)} ${pick(words)} (${pick(words)}) ${pick(words)} Bill`);
    descriptions.push(
      `A Bill about ${pick(words)} ${pick(words)}, ${pick(phrases)} and ${pick(words)} ${pick(words)} ${pick(words)}.`,
    );
    types.push(rand() < 0.7 ? 'uk_parliament_bill' : 'uksi');
  }
  await client.query(
    `insert into legal_changes (source, upstream_id, title, description, category, legislation_type)
     select 'bench', 'bench-' || i, t, d, case when ty = 'uksi' then 'secondary' else 'primary' end, ty
     from unnest($1::text[], $2::text[], $3::text[]) with ordinality as x(t, d, ty, i)`,
    [titles, descriptions, types],
  );
  await client.query(`
    insert into user_actions (user_id, legal_change_id, action)
    select 1 + floor(random() * ${MEMBERS})::int, first.id + floor(random() * ${EVENTS})::int, 'followed'
    from generate_series(1, ${FOLLOWS}), (select min(id) as id from legal_changes) first
    on conflict do nothing`);
  await client.query(`
    insert into alert_preferences (user_id, alert_frequency, stage_change_alerts, deadline_alerts)
    select id, (array['daily','weekly'])[1 + (id % 2)], id % 3 <> 0, true from users where id % 10 = 0`);
  await client.query(`
    insert into user_legislation_preferences (user_id, legislation_type_code, enabled)
    select id, 'uksi', false from users where id % 20 = 0`);
  await client.query(`
    insert into change_events (legal_change_id, kind, before, after)
    select id, (array['new_item','stage_changed','amendments_added','status_changed'])[1 + id % 4]::text,
           '{"stage":"2nd reading","house":"Commons","status":"proposed"}'::jsonb,
           '{"stage":"Committee stage","house":"Commons","status":"active","count":3}'::jsonb
    from legal_changes`);
  // a steady state, as autovacuum leaves it: hint bits set, statistics fresh
  await client.query('vacuum analyze');
}

/** Undoes a matcher run: its notifications and alert items go, its events are unprocessed again. */
async function resetMatches(pool: pg.Pool) {
  await pool.query('truncate notifications, alert_items, outbox');
  await pool.query('update change_events set processed_at = null');
  await pool.query('vacuum analyze notifications, alert_items, change_events');
}

/** Runs the benchmark in a scratch database beside `databaseUrl`'s; returns a Markdown summary. */
export async function runAlertMatchingBench(databaseUrl: string): Promise<string> {
  const name = `lexwatch_bench_alerts_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { max: 4 });
  try {
    await runMigrations(database.db);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const seeded = Date.now();
    await seed(client);
    await client.end();
    const seedSeconds = (Date.now() - seeded) / 1000;

    if (process.env.BENCH_SEED_ONLY === '1') return `seeded ${name}`;

    // RUNS runs from the same state; between runs the matcher's writes are undone
    const timeRuns = async (db: typeof database) => {
      const runs: number[] = [];
      let matched = { events: 0, notifications: 0, alertItems: 0 };
      for (let run = 0; run < RUNS; run++) {
        await resetMatches(database.pool);
        await database.pool.query('checkpoint');
        const started = Date.now();
        matched = await matchAlerts(db.db, { notifyPostgres: true, concurrency: CONCURRENCY });
        runs.push(Date.now() - started);
      }
      const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
      return { runs, median, matched };
    };
    // as migrated: active terms looked up by their first lexeme (migration 0003's index)
    const indexed = await timeRuns(database);
    // the same without that index: every active term is analysed on each run
    await database.pool.query(`drop index ${TERM_LEXEME_INDEX}`);
    const withoutIndex = openDatabase(url.toString(), { max: 4 });
    const scan = await timeRuns(withoutIndex).finally(() => withoutIndex.close());
    const { matched } = indexed;

    const appSecret = 'b'.repeat(32);
    const config = loadConfig({
      DATABASE_URL: url.toString(),
      APP_SECRET: appSecret,
      APP_URL: 'https://lexwatch.example',
    });
    const deliveryStarted = Date.now();
    const delivered = await queueImmediateAlerts(database.db, config, appSecret);
    const deliveryMs = Date.now() - deliveryStarted;

    const lines = [
      `${MEMBERS.toLocaleString('en-GB')} members × ${TERMS_PER_MEMBER} search terms (40% words, 60% two-word phrases), ${FOLLOWS.toLocaleString('en-GB')} follows, ${EVENTS.toLocaleString('en-GB')} change events (seeded in ${seedSeconds.toFixed(1)} s).`,
      '',
      `| step | time | result |`,
      `|---|---:|---|`,
      `| match, as migrated (\`${TERM_LEXEME_INDEX}\`): median of ${indexed.runs.join(' / ')} ms | ${indexed.median} ms | ${matched.events} events → ${matched.notifications} notifications, ${matched.alertItems} alert items |`,
      `| match without that index (every active term analysed): median of ${scan.runs.join(' / ')} ms | ${scan.median} ms | ${scan.matched.events} events → ${scan.matched.notifications} notifications, ${scan.matched.alertItems} alert items |`,
      `| as migrated, against the 2 s target | ${(indexed.median / 2000).toFixed(2)}× | below 1.00× is within target |`,
      `| queue immediate emails and texts | ${deliveryMs} ms | ${delivered.items} items → ${delivered.emails} emails, ${delivered.sms} texts |`,
    ];
    return lines.join('\n');
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') console.log(`kept the scratch database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAlertMatchingBench(
    process.argv[2] ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  )
    .then((report) => console.log(report))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
