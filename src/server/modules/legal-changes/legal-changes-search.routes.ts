import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ComposedAnswers } from '#server/http/composed-answer';
import { SharedAnswers, sendSerialized, serializedAnswer } from '#server/lib/shared-answers';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import { requireUser } from '#server/plugins/session';
import {
  legalChangeSearchItem,
  legalChangeSearchResult,
  searchLegalChangesQuery,
  searchTermMatches,
  searchTermMatchesQuery,
} from '#shared/schemas/legal-changes';
import {
  loadSharedRanking,
  loadSharedSearchPage,
  memberSearchAnswer,
  searchQuestion,
  type SharedRanking,
  type SharedSearch,
  type SharedSearchPage,
  termMatchesForMember,
} from './legal-changes-search.service';

/** `sharing`: how long answers are shared, and how many are kept (see SharedAnswers) */
export const legalChangesSearchRoutes: FastifyPluginAsyncZod<{
  sharing: { freshMs: number; maxEntries: number };
}> = async (app, { sharing }) => {
  // everyone gets the same page for the same question; a member's answer is composed from it
  const pages = new SharedAnswers<SharedSearchPage>(sharing);
  const rankings = new SharedAnswers<SharedRanking>({ ...sharing, maxEntries: 50 });
  const composed = new ComposedAnswers(legalChangeSearchItem, legalChangeSearchResult);

  app.get(
    '/api/legal-changes/search',
    {
      config: { memberActions: true },
      schema: { querystring: searchLegalChangesQuery, response: { 200: legalChangeSearchResult } },
    },
    async (request, reply) => {
      const q = request.query;
      const hiddenTypes = await hiddenItemTypes(app.db, request.user);
      const base = JSON.stringify([q.q, q.jurisdictionId ?? null, q.legislationType, hiddenTypes]);
      const shared: SharedSearch = {
        key: base,
        page: (page) =>
          pages.get(`${page} ${q.limit} ${base}`, () =>
            loadSharedSearchPage(app.db, searchQuestion({ ...q, page }, hiddenTypes)),
          ),
        ranking: () => rankings.get(base, () => loadSharedRanking(app.db, searchQuestion(q, hiddenTypes))),
      };
      if (request.user) {
        const member = { id: request.user.id, hideDismissed: !q.includeDismissed };
        const answer = await memberSearchAnswer(
          app.db,
          searchQuestion(q, hiddenTypes),
          member,
          shared,
          request.user.actions,
          (key, load) => app.memberSessions.remember(member.id, key, load),
        );
        return composed.send(reply, answer);
      }
      const answer = await shared.page(q.page);
      answer.bytes ??= serializedAnswer(reply, answer.result);
      return sendSerialized(reply, answer.bytes);
    },
  );

  app.get(
    '/api/legal-changes/search-terms',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { querystring: searchTermMatchesQuery, response: { 200: searchTermMatches } },
    },
    async (request) => termMatchesForMember(app.db, requireUser(request), request.query),
  );
};
