/**
 * Versions of a provision and the redline between two of them. Each version is read from
 * legislation.gov.uk once and kept (provision_versions): a published version never changes,
 * except `current` and a day not yet past, which are read again after CHANGEABLE_MAX_AGE_MS.
 */
import type { DbOrTx } from '#server/db/client';
import { UpstreamError, type UpstreamClient } from '#server/sources/http';
import { EFFECTS_PATH } from '#server/sources/legislation-gov-uk/effects';
import {
  getProvisionVersion,
  type ProvisionDocument,
} from '#server/sources/legislation-gov-uk/provision-versions';
import { legalChangeNotFound } from '#server/modules/legal-change-detail/detail.errors';
import { isCalendarDate } from '#shared/provisions';
import type { ProvisionDiff, ProvisionVersions, VersionSource } from '#shared/schemas/redlines';
import { HOUR_MS } from '#shared/time';
import { legislationUnavailable, noRevisedText, provisionNotFound } from './redlines.errors';
import { findProvisionVersion, findRedlineItem, saveProvisionVersion } from './redlines.queries';
import { redline } from './redline';

/** how long a read of `current` (or of today or a later day) is used before it is read again */
export const CHANGEABLE_MAX_AGE_MS = 6 * HOUR_MS;

export interface RedlineDeps {
  db: DbOrTx;
  client: UpstreamClient;
  log?: { warn(obj: object, msg?: string): void };
  now?: () => Date;
}

export interface ReadVersion {
  doc: ProvisionDocument;
  fetchedAt: Date;
}

/** The item's path on legislation.gov.uk ('ukpga/2018/12'); 404 when there is none. */
export async function itemPathOf(db: DbOrTx, legalChangeId: number): Promise<string> {
  const item = await findRedlineItem(db, { legalChangeId });
  if (!item) throw legalChangeNotFound();
  if (item.source !== 'legislation_gov_uk' || !EFFECTS_PATH.test(item.upstreamId)) throw noRevisedText();
  return item.upstreamId;
}

const mayChange = (label: string, now: Date) =>
  label === 'current' || (isCalendarDate(label) && label >= now.toISOString().slice(0, 10));

/** One version of a provision, from the store or legislation.gov.uk; null when there is none. */
export async function readVersion(
  deps: RedlineDeps,
  itemPath: string,
  provision: string,
  label: string,
): Promise<ReadVersion | null> {
  const now = deps.now?.() ?? new Date();
  const key = { itemPath, provision, label };
  const kept = await findProvisionVersion(deps.db, key);
  const fresh =
    kept && (!mayChange(label, now) || now.getTime() - kept.fetchedAt.getTime() < CHANGEABLE_MAX_AGE_MS);
  if (kept && fresh) return { doc: kept.document as ProvisionDocument, fetchedAt: kept.fetchedAt };
  let doc: ProvisionDocument | null;
  try {
    doc = await getProvisionVersion(deps.client, itemPath, provision, label);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    deps.log?.warn(
      { source: 'legislation_gov_uk', url: error.url, kind: error.kind, status: error.status },
      'provision version could not be read',
    );
    // an older read of `current` is better than none
    if (kept) return { doc: kept.document as ProvisionDocument, fetchedAt: kept.fetchedAt };
    throw legislationUnavailable(error.status);
  }
  if (!doc) return null;
  await saveProvisionVersion(deps.db, { ...key, document: doc, sourceUrl: doc.sourceUrl, fetchedAt: now });
  return { doc, fetchedAt: now };
}

const ORDER = (label: string) => (label === 'enacted' || label === 'made' ? 0 : label === 'current' ? 2 : 1);

/** The versions legislation.gov.uk names for the provision, oldest first, `current` last. */
export async function provisionVersionsOf(
  deps: RedlineDeps,
  legalChangeId: number,
  provision: string,
): Promise<ProvisionVersions> {
  const itemPath = await itemPathOf(deps.db, legalChangeId);
  const current = await readVersion(deps, itemPath, provision, 'current');
  if (!current) throw provisionNotFound(provision);
  const labels = [...new Set([...current.doc.versionLabels, 'current'])].sort(
    (a, b) => ORDER(a) - ORDER(b) || a.localeCompare(b),
  );
  return {
    provision,
    title: current.doc.title,
    versions: labels.map((label) => ({
      label,
      validFrom: isCalendarDate(label) ? label : label === 'current' ? current.doc.validFrom : null,
    })),
    sourceUrl: current.doc.sourceUrl,
  };
}

const sourceOf = (label: string, read: ReadVersion): VersionSource => ({
  label,
  validFrom: read.doc.validFrom,
  sourceUrl: read.doc.sourceUrl,
  fetchedAt: read.fetchedAt.toISOString(),
});

/** Both versions of a provision, 404 naming the one legislation.gov.uk does not have. */
export async function readPair(
  deps: RedlineDeps,
  itemPath: string,
  provision: string,
  from: string,
  to: string,
) {
  const before = await readVersion(deps, itemPath, provision, from);
  if (!before) throw provisionNotFound(provision, from);
  const after = from === to ? before : await readVersion(deps, itemPath, provision, to);
  if (!after) throw provisionNotFound(provision, to);
  return { before, after };
}

export async function provisionDiffOf(
  deps: RedlineDeps,
  legalChangeId: number,
  provision: string,
  from: string,
  to: string,
): Promise<ProvisionDiff> {
  const itemPath = await itemPathOf(deps.db, legalChangeId);
  const { before, after } = await readPair(deps, itemPath, provision, from, to);
  return {
    provision,
    title: after.doc.title ?? before.doc.title,
    from,
    to,
    ...redline(before.doc, after.doc),
    sources: { from: sourceOf(from, before), to: sourceOf(to, after) },
  };
}
