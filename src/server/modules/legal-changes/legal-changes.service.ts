import type { PreparedAnswer } from '#server/http/composed-answer';
import { notFound } from '#server/http/errors';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import type { SessionUser } from '#server/plugins/session';
import { UK_JURISDICTION_ID } from '#shared/reference-data';
import type { LegalChange, ListLegalChangesQuery, PagedLegalChanges } from '#shared/schemas/legal-changes';
import type { PageAfter, SharedListPage } from './legal-changes.answers';
import type { LegalChangesReader } from './legal-changes.caches';
import { ListFilter } from './legal-changes.filter';
import {
  memberListPrepared,
  sharedTotal,
  type ListQuestion,
  type SharedListPages,
} from './legal-changes-member-list.service';
import { presentLegalChange, presentListItem } from './legal-changes.presenter';
import { getLegalChangeById, listPage, sortKey, sortOrderFor } from './legal-changes.queries';

/**
 * The answer to GET /api/legal-changes. Everyone gets the same page for the same question: it is
 * shared briefly, a visitor is sent its bytes, and a member's answer is composed from it with
 * their own actions (legal-changes-member-list.service.ts). `serialize`: the route's serializer.
 */
export async function listLegalChanges(
  reader: LegalChangesReader,
  q: ListLegalChangesQuery,
  user: SessionUser | null,
  serialize: (answer: PagedLegalChanges) => Buffer,
): Promise<PreparedAnswer<PagedLegalChanges>> {
  const filter = new ListFilter({
    jurisdictionId: q.jurisdictionId ?? (q.jurisdiction === 'uk' ? UK_JURISDICTION_ID : undefined),
    category: q.legislationType === 'all' ? undefined : q.legislationType,
    startDate: q.startDate,
    endDate: q.endDate,
    hiddenTypes: await hiddenItemTypes(reader.db, user, reader.caches.typeAvailability),
  });
  const question: ListQuestion = { filter, sort: sortOrderFor(q), limit: q.limit };
  const base = JSON.stringify([filter.key, question.sort.sortBy, question.sort.sortOrder, q.limit]);
  const sharedPage: SharedListPages = (page, after) =>
    reader.caches.listPages.get(`${page} ${base}`, () => loadSharedListPage(reader, question, page, after));
  if (user) {
    const member = { id: user.id, hideDismissed: !q.includeDismissed };
    return memberListPrepared(
      reader,
      { ...question, page: q.page, member, known: user.actions },
      base,
      sharedPage,
    );
  }
  const shared = await sharedPage(q.page);
  shared.bytes ??= serialize({
    data: shared.items,
    total: shared.total,
    hasMore: shared.hasMore,
    page: q.page,
    limit: q.limit,
  });
  return { bytes: shared.bytes };
}

/** A shared page; `after`: the last item of the page before, when the reader has it. */
export async function loadSharedListPage(
  reader: LegalChangesReader,
  q: ListQuestion,
  page: number,
  after?: PageAfter,
): Promise<SharedListPage> {
  const [{ rows, hasMore }, total] = await Promise.all([
    listPage(reader.db, {
      where: q.filter.where,
      sort: q.sort,
      page,
      limit: q.limit,
      member: null,
      extraColumns: { sortKey: sortKey(q.sort) },
      after,
    }),
    sharedTotal(reader, q.filter),
  ]);
  return {
    items: rows.map(presentListItem),
    keys: rows.map((r) => String(r.sortKey)),
    total,
    hasMore,
    bytes: null,
  };
}

/** One legal change in full; 404 when there is none with this id. */
export async function legalChangeById(reader: LegalChangesReader, id: number): Promise<LegalChange> {
  const row = await getLegalChangeById(reader.db, id);
  if (!row) throw notFound("The legal change you're looking for doesn't exist.", 'legal_change_not_found');
  return presentLegalChange(row);
}
