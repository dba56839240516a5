/**
 * Accuracy of what the service states about the law, on a fresh start with the upstreams
 * unreachable (the bundled snapshot: recorded upstream responses and the Acts dataset, listed in
 * src/server/modules/sync/snapshot/data/README.md). The facts below are written by hand from the
 * recorded files themselves, not from the mappers: the API must show exactly those dates with what
 * happened on them, the source's name, the snapshot's date, and the words of each kind of law.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyInformation } from '#shared/key-information';
import type { LegalChange, LegalChangeListItem } from '#shared/schemas/legal-changes';
import { firstStart } from '#server/modules/sync/first-start';
import { runSync } from '#server/modules/sync/run-sync';
import { buildTestApp, testConfig, type TestApp } from '#test/support/build-test-app';
import { startReplayServer, type ReplayServer } from '#test/support/replay-server';
import { buildLegalChange } from '#test/support/factories';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';
import { recordedBills, serveBills, syncContext } from './sync-fixtures';

const quiet = { info() {}, warn() {}, error() {} };
const UNREACHABLE = {
  PARLIAMENT_BILLS_API_URL: 'http://127.0.0.1:9/api/v1',
  LEGISLATION_API_URL: 'http://127.0.0.1:9',
};
const SNAPSHOT = { takenAt: '2026-09-24' };

interface Facts {
  /** the recorded file that states them */
  file: string;
  title: string;
  legislationType: string;
  sourceName: string;
  itemDate: string | null;
  itemDateKind: LegalChange['itemDateKind'];
  /** every other date field the item has: the ones named here, and null for the rest */
  dates: Partial<Record<DateField, string>>;
  more?: Partial<LegalChange>;
  /** words of its kind of law the composed overview uses, and words it must never use */
  overviewSays?: string[];
  overviewNever: RegExp[];
  keyInfo: string[];
}
const DATE_FIELDS = ['enactmentDate', 'madeDate', 'dateLaid', 'effectiveDate', 'currentStageDate'] as const;
type DateField = (typeof DATE_FIELDS)[number];

const FACTS: Facts[] = [
  {
    file: 'legislation-gov-uk/uksi-2019-1434-regulation-2-made.xml (ukm:Made 2019-10-30)',
    title: 'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019',
    legislationType: 'uksi',
    sourceName: 'legislation.gov.uk',
    itemDate: '2019-10-30',
    itemDateKind: 'made',
    dates: { madeDate: '2019-10-30' },
    more: { siNumber: '2019 No. 1434', subject: 'DATA PROTECTION', currentStage: null },
    overviewSays: ['It was made on Oct 30, 2019.'],
    overviewNever: [/Royal Assent/i, /enacted/i, /\bstages?\b/i],
    keyInfo: ['legislationType', 'siNumber', 'made', 'subject'],
  },
  {
    file: 'legislation-gov-uk/search-type-ukpga-2018-12.feed.xml (ukm:CreationDate 2018-05-23)',
    title: 'Data Protection Act 2018',
    legislationType: 'ukpga',
    sourceName: 'legislation.gov.uk',
    itemDate: '2018-05-23',
    itemDateKind: 'royal_assent',
    dates: { enactmentDate: '2018-05-23' },
    overviewSays: ['It received Royal Assent on May 23, 2018.'],
    overviewNever: [/\bmade on\b/i, /\blaid\b/i, /current stage/i],
    keyInfo: ['legislationType', 'chapter', 'royalAssent', 'lastUpdated'],
  },
  {
    file: 'legislation-gov-uk/search-type-uksi-2002-808-returns-wsi.feed.xml (a Welsh SI, ukm:CreationDate 2002-03-21)',
    title:
      'The Local Authorities (Executive and Alternative Arrangements) (Modification of Enactments and Other Provisions) (Wales) Order 2002',
    legislationType: 'wsi',
    sourceName: 'legislation.gov.uk',
    itemDate: '2002-03-21',
    itemDateKind: 'made',
    dates: { madeDate: '2002-03-21' },
    more: { siNumber: '2002 No. 808' },
    overviewNever: [/Royal Assent/i],
    keyInfo: ['legislationType', 'siNumber', 'made', 'subject', 'lastUpdated'],
  },
  {
    file: 'legislation-gov-uk/listing-anaw-2016-results-count-3-bilingual.feed.xml (ukm:CreationDate 2016-04-25)',
    title: 'Tax Collection and Management (Wales) Act 2016',
    legislationType: 'asc',
    sourceName: 'legislation.gov.uk',
    itemDate: '2016-04-25',
    itemDateKind: 'royal_assent',
    dates: { enactmentDate: '2016-04-25' },
    overviewNever: [/\bmade on\b/i],
    keyInfo: ['legislationType', 'number', 'royalAssent', 'lastUpdated'],
  },
  {
    file: 'legislation-gov-uk/publication-log-2026-09-24-legislation-new.feed.xml (ukm:Year 2026 only)',
    title: 'The Criminal Legal Assistance (Miscellaneous Amendment) (Scotland) Regulations 2026',
    legislationType: 'ssi',
    sourceName: 'legislation.gov.uk',
    itemDate: '2026-01-01',
    itemDateKind: 'year_only',
    dates: {},
    more: { siNumber: '2026 No. 267' },
    overviewNever: [/Royal Assent/i],
    keyInfo: ['legislationType', 'siNumber', 'year', 'lastUpdated'],
  },
  {
    file: 'uk_legislation_2025.csv (year 2025, number 21, no date)',
    title: 'Football Governance Act 2025',
    legislationType: 'ukpga',
    sourceName: 'legislation.gov.uk',
    itemDate: '2025-01-01',
    itemDateKind: 'year_only',
    dates: {},
    overviewSays: ['The official records we hold give no date for it yet.'],
    overviewNever: [/\bmade on\b/i, /received Royal Assent on/i, /official summary/i],
    keyInfo: ['legislationType', 'chapter', 'year'],
  },
  {
    file: 'parliament-bills/bill-2818.json, bill-2818-stages.json (1st reading 2021-01-12; 2nd reading undated)',
    title: 'Abolition of Business Rates Bill',
    legislationType: 'uk_parliament_bill',
    sourceName: 'UK Parliament',
    itemDate: '2021-01-12',
    itemDateKind: 'stage',
    dates: {},
    more: { currentStage: '2nd reading', currentHouse: 'Commons', parliamentarySession: '2019-21' },
    overviewSays: ['The current stage recorded is 2nd reading in the House of Commons.'],
    overviewNever: [/\bmade on\b/i, /received Royal Assent/i],
    keyInfo: [
      'currentStage',
      'legislationType',
      'parliamentarySession',
      'currentHouse',
      'lastUpdated',
      'proposedDate',
      'consultationPeriod',
      'effectiveDate',
    ],
  },
];

describe.skipIf(postgresUnavailable())('accuracy: a fresh start on the bundled snapshot', () => {
  let database: TestDatabase;
  let t: TestApp;
  let replay: ReplayServer;
  const all: LegalChangeListItem[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer();
    const start = await firstStart({ config: testConfig(UNREACHABLE), db: database.db, log: quiet });
    expect(start.snapshotLoaded).toBe(true);
    t = await buildTestApp({ database });
    for (let page = 1; ; page += 1) {
      const res = await t.app.inject({ method: 'GET', url: `/api/legal-changes?limit=50&page=${page}` });
      expect(res.statusCode).toBe(200);
      all.push(...res.json().data);
      if (!res.json().hasMore) break;
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await replay?.close();
    await database?.destroy();
  });

  const detailOf = async (title: string): Promise<LegalChange> => {
    const item = all.find((i) => i.title === title);
    expect(item, title).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: `/api/legal-changes/${item!.id}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('shows no item with the day it was loaded, nor any date the sources do not state', () => {
    expect(all).toHaveLength(353);
    const today = new Date().toISOString().slice(0, 10);
    for (const item of all) {
      expect(item.itemDate, item.title).not.toBe(today);
      expect(item.itemDate, item.title).not.toBe(item.createdAt.slice(0, 10));
      if (item.itemDate === null) expect(item.itemDateKind).toBeNull();
      if (item.itemDateKind === 'year_only') expect(item.itemDate).toMatch(/^\d{4}-01-01$/);
    }
    // the dataset's Acts state only their year
    const acts = all.filter((i) => i.itemDateKind === 'year_only' && i.category === 'primary');
    expect(acts.length).toBeGreaterThanOrEqual(317);
  });

  it('sorts newest legal date first, the undated last', () => {
    const keys = all.map((i) => i.itemDate ?? '0000-00-00');
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it.each(FACTS.map((f) => [f.title, f] as const))(
    '%s: exactly the facts its source states',
    async (_title, f) => {
      const item = await detailOf(f.title);
      expect(item).toMatchObject({
        legislationType: f.legislationType,
        itemDate: f.itemDate,
        itemDateKind: f.itemDateKind,
        sourceName: f.sourceName,
        fromSnapshot: SNAPSHOT,
        ...f.more,
      });
      for (const field of DATE_FIELDS)
        expect(item[field], `${f.title} ${field}`).toBe(f.dates[field] ?? null);
      expect(keyInformation(item).map((e) => e.field)).toEqual(f.keyInfo);
    },
  );

  it.each(FACTS.map((f) => [f.title, f] as const))(
    '%s: the overview uses the words of its kind',
    async (_title, f) => {
      const item = await detailOf(f.title);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/legal-changes/${item.id}/ai-overview?language=en`,
      });
      expect(res.statusCode).toBe(200);
      const overview = res.json();
      const text = [
        overview.executiveSummary,
        overview.currentStatus,
        overview.nextSteps,
        ...overview.keyProvisions,
      ].join('\n');
      expect(overview.generatedFrom).toBe(`Generated from official records (${f.sourceName})`);
      for (const words of f.overviewSays ?? []) expect(text).toContain(words);
      for (const never of f.overviewNever) expect(text).not.toMatch(never);
    },
  );

  it('keeps a citation whole in the key provisions', async () => {
    const item = await detailOf('The Data Protection Act 2018 (Commencement No. 3) Regulations 2019');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/legal-changes/${item.id}/ai-overview?language=en`,
    });
    expect(res.json().keyProvisions).toContain(
      'These Regulations are the third commencement regulations made under the Data Protection Act 2018 (c. 12).',
    );
  });

  it('a live sync makes an item no longer the snapshot’s', async () => {
    serveBills(replay, recordedBills());
    const run = await runSync(syncContext(database.db, replay), 'uk-parliament', { triggeredBy: 'test' });
    expect(run.status, run.errorMessage ?? '').toBe('completed');
    const bill = await detailOf('Abolition of Business Rates Bill');
    expect(bill.fromSnapshot).toBeNull();
    expect(bill).toMatchObject({
      itemDate: '2021-01-12',
      itemDateKind: 'stage',
      sourceName: 'UK Parliament',
    });
    expect((await detailOf('Data Protection Act 2018')).fromSnapshot).toEqual(SNAPSHOT);
  });

  it('lists an item whose source states no date after every dated item, and shows no date for it', async () => {
    const undated = await buildLegalChange(database.db, {
      title: 'An Undated Order 2026',
      source: 'legislation_gov_uk',
      legislationType: 'uksi',
      category: 'secondary',
      itemDate: null,
      itemDateKind: null,
    });
    // a question not asked before (the lists' answers are kept briefly)
    const url = '/api/legal-changes?legislationType=secondary&limit=50';
    const { total } = (await t.app.inject({ method: 'GET', url })).json();
    const res = await t.app.inject({ method: 'GET', url: `${url}&page=${Math.ceil(total / 50)}` });
    const page = res.json().data as LegalChangeListItem[];
    expect(page.at(-1)).toMatchObject({ id: undated.id, itemDate: null, itemDateKind: null });
  });
});
