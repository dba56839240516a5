import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ComposedAnswers } from '#server/http/composed-answer';
import { notFound } from '#server/http/errors';
import { MemberAnswerMemo } from '#server/lib/member-answer-memo';
import { SharedAnswers, sendSerialized, serializedAnswer } from '#server/lib/shared-answers';
import { UK_JURISDICTION_ID } from '#shared/reference-data';
import {
  legalChange,
  legalChangeIdParams,
  legalChangeListItem,
  listLegalChangesQuery,
  pagedLegalChanges,
} from '#shared/schemas/legal-changes';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import { legalChangesSearchRoutes } from './legal-changes-search.routes';
import { presentLegalChange } from './legal-changes.presenter';
import { filterConditions, getLegalChangeById, sortOrderFor } from './legal-changes.queries';
import {
  loadSharedListPage,
  memberListAnswer,
  type AnswerMadeOf,
  type SharedListPage,
} from './legal-changes.service';

/** Different shared pages kept at once (a page of 50 is about 35 kB). */
const SHARED_ANSWERS_MAX = 500;
/** Members' recent list answers kept for reuse, in bytes (about 450 pages of 50). */
const MEMBER_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

export const legalChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  // everyone gets the same page for the same question: it is shared briefly, and a member's
  // answer is composed from it with their own actions (legal-changes.service.ts)
  const sharing = {
    freshMs: app.deps.config.ANONYMOUS_ANSWER_CACHE_SECONDS * 1000,
    maxEntries: SHARED_ANSWERS_MAX,
  };
  const pages = new SharedAnswers<SharedListPage>(sharing);
  const composed = new ComposedAnswers(legalChangeListItem, pagedLegalChanges);
  const memberAnswers = new MemberAnswerMemo<AnswerMadeOf['pages'][number]>(MEMBER_ANSWERS_MAX_BYTES);
  await app.register(legalChangesSearchRoutes, { sharing });

  app.get(
    '/api/legal-changes',
    {
      config: { memberActions: true },
      schema: { querystring: listLegalChangesQuery, response: { 200: pagedLegalChanges } },
    },
    async (request, reply) => {
      const q = request.query;
      const filter = {
        jurisdictionId: q.jurisdictionId ?? (q.jurisdiction === 'uk' ? UK_JURISDICTION_ID : undefined),
        category: q.legislationType === 'all' ? undefined : q.legislationType,
        startDate: q.startDate,
        endDate: q.endDate,
        hiddenTypes: await hiddenItemTypes(app.db, request.user),
      };
      const countKey = JSON.stringify(filter);
      const question = {
        filter,
        where: filterConditions(filter),
        sort: sortOrderFor(q),
        limit: q.limit,
        countKey,
      };
      const base = JSON.stringify([countKey, question.sort.sortBy, question.sort.sortOrder, q.limit]);
      const sharedPage = (page: number, after?: { key: string; id: number }) =>
        pages.get(`${page} ${base}`, () => loadSharedListPage(app.db, question, page, after));
      if (request.user) {
        const member = { id: request.user.id, hideDismissed: !q.includeDismissed };
        const known = request.user.actions;
        // the member asking again with the same state, while the same shared pages live: the
        // answer they were given is the answer (a new shared page or state makes a new one)
        const memoKey = `${member.id} ${member.hideDismissed} ${q.page} ${base}`;
        const kept = known && memberAnswers.get(memoKey, known);
        if (kept) {
          let same = true;
          for (const part of kept.parts)
            if ((await sharedPage(part.page, part.after)) !== part.body) {
              same = false;
              break;
            }
          if (same) return sendSerialized(reply, kept.bytes);
        }
        const made: AnswerMadeOf = { pages: [], readDatabase: false };
        const answer = await memberListAnswer(
          app.db,
          { ...question, page: q.page, member, known },
          sharedPage,
          made,
        );
        const bytes = composed.compose(answer);
        if (!bytes) return answer;
        if (known && !made.readDatabase) memberAnswers.set(memoKey, known, made.pages, bytes);
        return sendSerialized(reply, bytes);
      }
      const shared = await sharedPage(q.page);
      shared.bytes ??= serializedAnswer(reply, {
        data: shared.items,
        total: shared.total,
        hasMore: shared.hasMore,
        page: q.page,
        limit: q.limit,
      });
      return sendSerialized(reply, shared.bytes);
    },
  );

  app.get(
    '/api/legal-changes/:id',
    { schema: { params: legalChangeIdParams, response: { 200: legalChange } } },
    async (request) => {
      const row = await getLegalChangeById(app.db, request.params.id);
      if (!row)
        throw notFound("The legal change you're looking for doesn't exist.", 'legal_change_not_found');
      return presentLegalChange(row);
    },
  );
};
