import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/http/errors';
import { SharedAnswers, sendSharedAnswer } from '#server/lib/shared-answers';
import { UK_JURISDICTION_ID } from '#shared/reference-data';
import {
  legalChange,
  legalChangeIdParams,
  listLegalChangesQuery,
  pagedLegalChanges,
} from '#shared/schemas/legal-changes';
import { hiddenItemTypes } from '#server/modules/settings/legislation-types';
import { legalChangesSearchRoutes } from './legal-changes-search.routes';
import { presentLegalChange, presentListItem } from './legal-changes.presenter';
import {
  countForMember,
  filterConditions,
  getLegalChangeById,
  listPage,
  sortOrderFor,
} from './legal-changes.queries';

/** Different anonymous answers kept at once (a page of 50 is about 35 kB). */
const SHARED_ANSWERS_MAX = 200;

export const legalChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  // signed-out visitors all get the same answer to the same question: it is shared briefly
  const answers = new SharedAnswers({
    freshMs: app.deps.config.ANONYMOUS_ANSWER_CACHE_SECONDS * 1000,
    maxEntries: SHARED_ANSWERS_MAX,
  });
  await app.register(legalChangesSearchRoutes, { answers });

  app.get(
    '/api/legal-changes',
    { schema: { querystring: listLegalChangesQuery, response: { 200: pagedLegalChanges } } },
    async (request, reply) => {
      const q = request.query;
      const filter = {
        jurisdictionId: q.jurisdictionId ?? (q.jurisdiction === 'uk' ? UK_JURISDICTION_ID : undefined),
        category: q.legislationType === 'all' ? undefined : q.legislationType,
        startDate: q.startDate,
        endDate: q.endDate,
        hiddenTypes: await hiddenItemTypes(app.db, request.user),
      };
      const where = filterConditions(filter);
      const member = request.user ? { id: request.user.id, hideDismissed: !q.includeDismissed } : null;
      const answer = async () => {
        const [{ rows, hasMore }, total] = await Promise.all([
          listPage(app.db, { where, sort: sortOrderFor(q), page: q.page, limit: q.limit, member }),
          countForMember(app.db, JSON.stringify(filter), where, member),
        ]);
        return { data: rows.map(presentListItem), total, hasMore, page: q.page, limit: q.limit };
      };
      if (member) return answer();
      return sendSharedAnswer(reply, answers, `list ${JSON.stringify(q)}`, answer);
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
