/**
 * Shared by the replay server tests: a recorded bill list and publication feed, and a fixtures
 * folder holding them (made before the file's tests, removed after).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const BILLS_JSON = JSON.stringify({
  items: [{ billId: 3786, shortTitle: 'Employment Rights Bill', currentHouse: 'Lords' }],
  totalResults: 1,
  itemsPerPage: 20,
});
export const FEED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Search Results</title>
<entry><id>http://www.legislation.gov.uk/id/uksi/2026/1050</id><title>The Example Regulations 2026</title></entry>
</feed>
`;

/** Registers the fixtures folder's making and removal; answers its path once made. */
export function useFixturesDir(): () => string {
  let fixturesDir: string;

  beforeAll(() => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'replay-fixtures-'));
    mkdirSync(join(fixturesDir, 'bills'));
    mkdirSync(join(fixturesDir, 'leg'));
    writeFileSync(join(fixturesDir, 'bills', 'bills-updated.json'), BILLS_JSON);
    writeFileSync(
      join(fixturesDir, 'bills', 'bills-page-2.json'),
      JSON.stringify({ items: [], totalResults: 1 }),
    );
    writeFileSync(join(fixturesDir, 'leg', 'new.feed.xml'), FEED_XML);
    writeFileSync(join(fixturesDir, 'leg', 'item.xml'), '<Legislation><ukm:Metadata/></Legislation>');
  });

  afterAll(() => {
    rmSync(fixturesDir, { recursive: true, force: true });
  });
  return () => fixturesDir;
}
