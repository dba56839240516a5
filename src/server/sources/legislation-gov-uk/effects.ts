/**
 * legislation.gov.uk's changes data: the effects recorded on one item
 * (`/changes/affected/{type}/{year}/{number}/data.feed`), newest modified first. Each entry
 * holds one `ukm:Effect`; its identity is `EffectId` (the `URI` attribute's key differs).
 */
import type { UpstreamClient } from '#server/sources/http';
import { parseFeed } from './feed';
import { attr, child, children, isoDate, textOf } from './xml';
import type { XmlNode } from '#server/sources/http';

export interface Effect {
  effectId: string;
  /** 'words substituted', 'repealed', 'inserted', 'coming into force', … as recorded */
  type: string;
  affectedUri: string | null;
  affectedProvisions: string | null;
  affectingUri: string | null;
  affectingTitle: string | null;
  affectingProvisions: string | null;
  /** whether the editors have applied it to the revised text */
  applied: boolean;
  requiresApplied: boolean;
  /** the first in-force date recorded, when one is */
  inForceDate: string | null;
  /** when the effect was last modified upstream (ISO date-time) */
  modified: string | null;
}

export interface EffectsPage {
  effects: Effect[];
  totalResults: number | null;
  nextPage: number | null;
}

const bool = (value: string | null) => value === 'true';

/**
 * A provision list as the source writes it: the attribute ('Sch. 2 para. 23(2)(3)'), else the
 * element's text (whose sections the parser joins with spaces: 'Sch. 2 para. 23(2) (3)').
 */
const provisions = (node: XmlNode | null, written: string | null) =>
  (written && written.trim()) || textOf(node);

export function parseEffect(node: XmlNode): Effect | null {
  const effectId = attr(node, 'EffectId');
  if (!effectId) return null;
  const inForce = children(child(node, 'ukm:InForceDates'), 'ukm:InForce')
    .map((f) => isoDate(attr(f, 'Date')))
    .filter((d): d is string => d !== null)
    .sort();
  return {
    effectId,
    type: attr(node, 'Type') ?? 'changed',
    affectedUri: attr(node, 'AffectedURI'),
    affectedProvisions: provisions(child(node, 'ukm:AffectedProvisions'), attr(node, 'AffectedProvisions')),
    affectingUri: attr(node, 'AffectingURI'),
    affectingTitle: textOf(child(node, 'ukm:AffectingTitle')),
    affectingProvisions: provisions(
      child(node, 'ukm:AffectingProvisions'),
      attr(node, 'AffectingProvisions'),
    ),
    applied: bool(attr(node, 'Applied')),
    requiresApplied: bool(attr(node, 'RequiresApplied')),
    inForceDate: inForce[0] ?? null,
    modified: attr(node, 'Modified'),
  };
}

export function effectsOf(doc: XmlNode): Effect[] {
  const root = doc.feed as XmlNode;
  return children(root, 'entry')
    .map((entry) => child(child(entry, 'content'), 'ukm:Effect'))
    .filter((e): e is XmlNode => e !== null)
    .map(parseEffect)
    .filter((e): e is Effect => e !== null);
}

/** '{type}/{year}/{number}' of a followed item, e.g. 'ukpga/2018/12' */
/** upstream_snapshots kind marking an item whose effects were read; its seen_at is the last read */
export const EFFECTS_CHECKED_KIND = 'effects-checked';

export const EFFECTS_PATH = /^[a-z]{2,8}\/(?:\d{4}|[A-Za-z0-9]+\/[0-9-]+)\/[0-9a-zA-Z-]+$/;

export async function effectsPage(
  client: UpstreamClient,
  itemPath: string,
  page = 1,
  resultsCount = 50,
): Promise<EffectsPage> {
  if (!EFFECTS_PATH.test(itemPath)) throw new RangeError(`not an item path: ${itemPath}`);
  const path = `/changes/affected/${itemPath}/data.feed?results-count=${resultsCount}&sort=modified${page > 1 ? `&page=${page}` : ''}`;
  const { data, url } = await client.getXml(path);
  const feed = parseFeed(data, url);
  const next = feed.links.some((l) => l.rel === 'next') ? page + 1 : null;
  return { effects: effectsOf(data), totalResults: feed.totalResults, nextPage: next };
}
