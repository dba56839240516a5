/**
 * Everything the service holds about a member, as one JSON document written section by section
 * (the right of access and portability). Long lists are read in batches, so a member with years
 * of notifications is streamed, never held in memory at once.
 */
import type { DbOrTx } from '#server/db/client';
import { listConsentRecords } from '#server/modules/cookies/cookie-preferences.queries';
import {
  exportActionsBatch,
  exportAlertPreferences,
  exportCookiePreferences,
  exportLegislationPreferences,
  exportMessagesBatch,
  exportNotificationsBatch,
  exportProfile,
  exportSearchTerms,
  exportSessions,
  exportSubscriptions,
} from './export.queries';

const BATCH = 500;

async function* batches<T extends { id: number }>(read: (after: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) yield row;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The export as a stream of JSON text chunks. */
export async function* memberExport(db: DbOrTx, userId: number): AsyncGenerator<string> {
  const profile = await exportProfile(db, userId);
  yield `{"exportedAt":${JSON.stringify(new Date().toISOString())},"profile":${JSON.stringify(profile ?? null)}`;

  const section = async (name: string, value: unknown) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  yield await section('alertPreferences', await exportAlertPreferences(db, userId));
  yield await section('legislationPreferences', await exportLegislationPreferences(db, userId));
  yield await section('cookiePreferences', await exportCookiePreferences(db, userId));
  yield await section('consentRecords', await listConsentRecords(db, userId));
  yield await section('subscriptions', await exportSubscriptions(db, userId));
  yield await section('searchTerms', await exportSearchTerms(db, userId));
  yield await section('sessions', await exportSessions(db, userId));

  const list = async function* (name: string, rows: AsyncGenerator<unknown>) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const row of rows) {
      yield `${first ? '' : ','}${JSON.stringify(row)}`;
      first = false;
    }
    yield ']';
  };

  yield* list(
    'followsAndDismissals',
    batches((after) => exportActionsBatch(db, { userId, after, limit: BATCH })),
  );
  yield* list(
    'notifications',
    batches((after) => exportNotificationsBatch(db, { userId, after, limit: BATCH })),
  );
  yield* list(
    'messagesSent',
    batches((after) => exportMessagesBatch(db, { userId, after, limit: BATCH })),
  );
  yield '}\n';
}
