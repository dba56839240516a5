/**
 * Storing an item found in a legal source as a legal change, so it can be followed like a UK
 * item (or finding the one already stored).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/app-types';
import { AppError, badRequest, notFound } from '#server/http/errors';
import { recordedRun } from '#server/modules/sync/run-sync';
import { syncContextOf } from '#server/modules/sync/sync.service';
import { storeItem } from '#server/modules/sync/store-item';
import { syncLegislationItem } from '#server/modules/sync/legislation-gov-uk.sync';
import { InvalidIdentifierError, SourceItemNotFoundError } from '#server/sources/common/international';
import { UpstreamError } from '#server/sources/http';
import { parseItemUri } from '#server/sources/legislation-gov-uk/mapper';
import { legalSourceByCode, type LegalSourceCode } from '#shared/legal-sources';
import {
  adaptersOf,
  DATABASE_SOURCES,
  isExternal,
  STORED_SOURCE,
  type DatabaseSourceCode,
} from './legal-sources.clients';
import { storedLegalChangeId } from './legal-sources.queries';
import { apiKeyRequired } from './source-failures';

/**
 * Stores a found item as a legal change (or finds the stored one) and answers its id. Storing
 * is quiet: an item a member is about to follow is not news for anyone's search terms.
 */
export async function storeLegalSourceItem(
  deps: AppDeps,
  log: FastifyBaseLogger,
  code: LegalSourceCode,
  identifier: string,
): Promise<number> {
  const db = deps.database.db;
  const stored =
    code === 'uk'
      ? 'legislation_gov_uk'
      : isExternal(code)
        ? STORED_SOURCE[code]
        : DATABASE_SOURCES[code as DatabaseSourceCode].source;
  const find = (upstreamId: string) => storedLegalChangeId(db, { source: stored, upstreamId });
  const held = await find(identifier);
  if (held !== undefined) return held;
  const info = legalSourceByCode(code)!;
  const ctx = syncContextOf(deps, log);
  if (code === 'uk') {
    const key = parseItemUri(`https://www.legislation.gov.uk/id/${identifier}`);
    if (!key) throw badRequest('That is not a legislation.gov.uk item.', undefined, 'invalid_identifier');
    await recordedRun(ctx, { syncType: 'legal-source-item', jurisdiction: info.jurisdiction }, (c, run) =>
      syncLegislationItem(
        c,
        run,
        c.clients.legislation,
        `http://www.legislation.gov.uk/id/${key.path}`,
        [],
      ).then((ok) => ({ ok })),
    );
    const id = await find(key.path);
    if (id === undefined)
      throw new AppError(
        502,
        'source_unavailable',
        'The item could not be read from legislation.gov.uk.',
      ).localized('errors.sourceReadFailedLegislation');
    return id;
  }
  if (!isExternal(code))
    throw notFound('That item is not stored here.', 'legal_change_not_found').localized(
      'errors.itemNotStored',
    );
  const adapter = adaptersOf(deps)[code];
  if (!adapter) throw apiKeyRequired();
  let bundle;
  try {
    bundle = await adapter.fetchItem(identifier);
  } catch (error) {
    if (error instanceof InvalidIdentifierError)
      throw badRequest(error.message, undefined, 'invalid_identifier');
    if (error instanceof SourceItemNotFoundError || (error instanceof UpstreamError && error.status === 404))
      throw notFound('The source has no item with that identifier.', 'source_item_not_found');
    log.warn({ err: error, source: code }, 'reading an item from a legal source failed');
    throw new AppError(
      502,
      'source_unavailable',
      'The item could not be read from the source. Please try again.',
    ).localized('errors.sourceReadFailed');
  }
  let id: number | undefined;
  await recordedRun(
    ctx,
    { syncType: 'legal-source-item', jurisdiction: info.jurisdiction },
    async (c, run) => {
      id = (await storeItem(c.db, run, bundle, { quiet: true }))?.id;
      return { identifier };
    },
  );
  if (id === undefined)
    throw new AppError(
      502,
      'source_unavailable',
      'The item could not be stored. Please try again.',
    ).localized('errors.sourceStoreFailed');
  return id;
}
