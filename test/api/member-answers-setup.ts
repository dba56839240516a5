/**
 * Shared by the member-answers tests: the shape of a list or search answer, and what reading a
 * page with the member's actions joined in answers (the answer before sharing).
 */
import type { LegalChangesReader } from '#server/modules/legal-changes/legal-changes.caches';
import { ListFilter } from '#server/modules/legal-changes/legal-changes.filter';
import { directMemberList } from '#server/modules/legal-changes/legal-changes-member-list.service';
import {
  searchDirect,
  searchQuestion,
} from '#server/modules/legal-changes/legal-changes-ranked-search.service';
import { sortOrderFor } from '#server/modules/legal-changes/legal-changes.queries';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import { UK_JURISDICTION_ID } from '#shared/reference-data';
import { listLegalChangesQuery, searchLegalChangesQuery } from '#shared/schemas/legal-changes';
import type { TestApp } from '#test/support/build-test-app';
import type { buildSignedInUser } from '#test/support/factories';

export type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
export type Body = { data: { id: number; userAction: string | null }[]; total: number; hasMore: boolean };
export const idsOf = (body: Body) => body.data.map((r) => r.id);
export const actionOf = (body: Body, id: number) => body.data.find((r) => r.id === id)?.userAction;

/** The test app's database and list caches, as the list and search services read with them. */
export const readerOf = (t: TestApp): LegalChangesReader => ({ db: t.db, caches: t.app.caches.legalChanges });

/** What reading the page with the member's actions joined in answers (the answer before sharing). */
export async function directList(
  reader: LegalChangesReader,
  member: Member,
  disabled: string[],
  query: Record<string, string>,
) {
  const q = listLegalChangesQuery.parse(query);
  const filter = {
    jurisdictionId: q.jurisdictionId ?? (q.jurisdiction === 'uk' ? UK_JURISDICTION_ID : undefined),
    category: q.legislationType === 'all' ? undefined : q.legislationType,
    startDate: q.startDate,
    endDate: q.endDate,
    hiddenTypes: await hiddenItemTypes(
      reader.db,
      { disabledTypes: disabled },
      reader.caches.typeAvailability,
    ),
  };
  return directMemberList(reader, {
    filter: new ListFilter(filter),
    sort: sortOrderFor(q),
    limit: q.limit,
    page: q.page,
    member: { id: member.user.id, hideDismissed: !q.includeDismissed },
  });
}

export async function directSearch(
  reader: LegalChangesReader,
  member: Member,
  disabled: string[],
  query: Record<string, string>,
) {
  const q = searchLegalChangesQuery.parse(query);
  const hidden = await hiddenItemTypes(
    reader.db,
    { disabledTypes: disabled },
    reader.caches.typeAvailability,
  );
  return searchDirect(reader, searchQuestion(q, hidden), {
    id: member.user.id,
    hideDismissed: !q.includeDismissed,
  });
}
