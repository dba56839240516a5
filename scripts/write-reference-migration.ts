/**
 * Writes the reference-data migration from the shared constants, so the seeded rows and
 * the code that reads them cannot drift apart. Run: npx tsx scripts/write-reference-migration.ts
 */
import { writeFileSync } from 'node:fs';
import { LEGISLATION_TYPES } from '#shared/legislation';
import { JURISDICTIONS, LAW_AREAS } from '#shared/reference-data';

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

const lines = [
  '-- Reference data: jurisdictions (1 = UK), law areas, the 16 followed legislation types.',
  'INSERT INTO "jurisdictions" ("id", "name", "flag", "country_code", "is_active") VALUES',
  JURISDICTIONS.map(
    (j) => `  (${j.id}, ${q(j.name)}, ${q(j.flag)}, ${q(j.countryCode)}, ${j.isActive})`,
  ).join(',\n') + '\nON CONFLICT ("id") DO NOTHING;',
  '--> statement-breakpoint',
  'INSERT INTO "law_areas" ("id", "name") VALUES',
  LAW_AREAS.map((name, i) => `  (${i + 1}, ${q(name)})`).join(',\n') + '\nON CONFLICT ("id") DO NOTHING;',
  '--> statement-breakpoint',
  `SELECT setval(pg_get_serial_sequence('law_areas', 'id'), ${LAW_AREAS.length});`,
  '--> statement-breakpoint',
  'INSERT INTO "legislation_types" ("code", "preference_key", "name", "category", "sort_order") VALUES',
  LEGISLATION_TYPES.map(
    (t, i) => `  (${q(t.code)}, ${q(t.preferenceKey)}, ${q(t.name)}, ${q(t.category)}, ${i + 1})`,
  ).join(',\n') + '\nON CONFLICT ("code") DO NOTHING;',
  '',
];
writeFileSync(
  new URL('../src/server/db/migrations/0002_reference_data.sql', import.meta.url),
  lines.join('\n'),
);
