/**
 * A member's search answer, composed from the answers everyone shares (decision 008): the
 * shared pages and the shared ranking of the same question, with the member's actions.
 */
import type { SessionAction } from '#server/plugins/session';
import { SEARCH_RESULT_CAP } from '#shared/constants';
import type {
  LegalChangeSearchItem,
  LegalChangeSearchResult,
  UserAction,
} from '#shared/schemas/legal-changes';
import type { SharedRanking, SharedSearch } from './legal-changes.answers';
import type { LegalChangesReader } from './legal-changes.caches';
import { memberActions, type ListMember } from './legal-changes.queries';
import { countSearchMatches, searchDirect, type SearchQuestion } from './legal-changes-ranked-search.service';
import { presentSearchItem } from './legal-changes-search.presenter';
import {
  RANKING_SPARE,
  rankedCandidates,
  searchMatches,
  searchRowsByIds,
} from './legal-changes-search.queries';

/** The shared ranking of a search (see SharedRanking). */
export async function loadSharedRanking(
  reader: LegalChangesReader,
  s: SearchQuestion,
): Promise<SharedRanking> {
  const rows = await rankedCandidates(reader.db, { q: s.q.q, where: s.filter.where });
  const byDate = new Map(rows.map((r) => [r.id, r.byDate]));
  const places = new Map<number, number>();
  const spareIds: number[] = [];
  for (const r of rows) {
    if (r.byDate <= SEARCH_RESULT_CAP) places.set(r.id, places.size);
    else spareIds.push(r.id);
  }
  const spareRows = await searchRowsByIds(reader.db, s.q.q, spareIds);
  return {
    ids: rows.map((r) => r.id),
    byDate,
    newestFirst: rows.map((r) => r.id).sort((a, b) => byDate.get(a)! - byDate.get(b)!),
    places,
    spare: new Map(spareRows.map((r) => [r.id, presentSearchItem(r)])),
    memberRankings: new WeakMap(),
  };
}

/**
 * The member's ranked set in the shared rank order: the newest SEARCH_RESULT_CAP of the shared
 * ranking's matches less their dismissed ones; null when they dismissed more of the newest
 * matches than the shared ranking holds past its ranked set. Made once per shared ranking and
 * state of the member (`state`: the object their dismissed matches were read into, the same
 * while their state does not change).
 */
function memberRanking(ranking: SharedRanking, dismissed: Set<number>, state: object): number[] | null {
  const known = ranking.memberRankings.get(state);
  if (known !== undefined) return known;
  let cutoff = Infinity;
  let counted = 0;
  for (const id of ranking.newestFirst) {
    if (dismissed.has(id)) continue;
    if (++counted === SEARCH_RESULT_CAP) {
      cutoff = ranking.byDate.get(id)!;
      break;
    }
  }
  const mine =
    cutoff === Infinity && ranking.ids.length >= SEARCH_RESULT_CAP + RANKING_SPARE
      ? null
      : ranking.ids.filter((id) => !dismissed.has(id) && ranking.byDate.get(id)! <= cutoff);
  ranking.memberRankings.set(state, mine);
  return mine;
}

/**
 * A member's search answer: the shared answer for the same question with their actions set on
 * its items, in one statement of their own (their actions, with whether each dismissed item
 * matches; kept with their state's copies while it does not change). When they dismissed some
 * of the matches, their ranked set is the newest SEARCH_RESULT_CAP of the shared ranking's
 * matches less those (the shared ranking holds RANKING_SPARE matches past its own ranked set
 * for this), in the shared rank order, and their page is picked from the shared pages; the
 * total is less their dismissed matches. The same answer as ranking with their dismissed items
 * left out (`searchDirect`), which answers instead when they dismissed more than RANKING_SPARE
 * of the newest matches.
 */
export async function memberSearchAnswer(
  reader: LegalChangesReader,
  s: SearchQuestion,
  member: ListMember,
  shared: SharedSearch,
  known?: SessionAction[] | null,
): Promise<LegalChangeSearchResult> {
  const { db, caches } = reader;
  const { q } = s;
  const hide = member.hideDismissed;
  // read with their session: enough unless some dismissed item might match (a text search)
  const fromSession =
    known && (!hide || !known.some((a) => a.action === 'dismissed'))
      ? known.map((a) => ({ id: a.id, action: a.action, matches: false, before: false }))
      : null;
  const [first, state] = await Promise.all([
    shared.page(q.page),
    fromSession ??
      caches.memberSessions.remember(member.id, `search ${hide} ${shared.key}`, () =>
        memberActions(db, member.id, {
          needsMatches: hide,
          matches: hide ? searchMatches({ q: q.q, where: s.filter.where, member: null }) : undefined,
        }),
      ),
  ]);
  const actions = new Map<number, UserAction>();
  const dismissed = new Set<number>();
  for (const r of state) {
    actions.set(r.id, r.action);
    if (hide && r.action === 'dismissed' && r.matches) dismissed.add(r.id);
  }
  const withActions = (items: LegalChangeSearchItem[]) =>
    items.map((item) => caches.withAction.with(item, actions.get(item.id)));
  if (dismissed.size === 0) return { ...first.result, data: withActions(first.result.data) };
  const ranking = await shared.ranking();
  const mine = memberRanking(ranking, dismissed, state);
  // they dismissed more of the newest matches than the shared ranking holds past its ranked set
  if (!mine) return searchDirect(reader, s, member);
  const wanted = mine.slice((q.page - 1) * q.limit, q.page * q.limit);
  const pageNumbers = new Set<number>();
  for (const id of wanted) {
    const place = ranking.places.get(id);
    if (place !== undefined) pageNumbers.add(Math.floor(place / q.limit) + 1);
  }
  const pages = await Promise.all([...pageNumbers].map((n) => (n === q.page ? first : shared.page(n))));
  const byId = new Map<number, LegalChangeSearchItem>();
  for (const p of pages) for (const item of p.result.data) byId.set(item.id, item);
  const items: LegalChangeSearchItem[] = [];
  for (const id of wanted) {
    const item = byId.get(id) ?? ranking.spare.get(id);
    // the shared pages were read at another moment than the ranking (a sync in between)
    if (!item) return searchDirect(reader, s, member);
    items.push(item);
  }
  const { total, totalCapped } =
    mine.length < SEARCH_RESULT_CAP
      ? { total: mine.length, totalCapped: false }
      : await countSearchMatches(reader, s, member, dismissed.size);
  return {
    ...first.result,
    data: withActions(items),
    total,
    hasMore: (q.page - 1) * q.limit + items.length < Math.min(total, SEARCH_RESULT_CAP),
    totalCapped,
  };
}
