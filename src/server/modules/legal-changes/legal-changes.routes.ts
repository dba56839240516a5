import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPrepared } from '#server/http/composed-answer';
import { serializedAnswer } from '#server/http/serialized-answer';
import {
  legalChange,
  legalChangeIdParams,
  listLegalChangesQuery,
  pagedLegalChanges,
} from '#shared/schemas/legal-changes';
import type { LegalChangesReader } from './legal-changes.caches';
import { legalChangeById, listLegalChanges } from './legal-changes.service';
import { legalChangesSearchRoutes } from './legal-changes-search.routes';

export const legalChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  // the app's shared answers and members' answers (legal-changes.caches.ts)
  const reader: LegalChangesReader = { db: app.db, caches: app.caches.legalChanges };
  await app.register(legalChangesSearchRoutes, { reader });

  app.get(
    '/api/legal-changes',
    {
      config: { memberActions: true },
      schema: { querystring: listLegalChangesQuery, response: { 200: pagedLegalChanges } },
    },
    async (request, reply) =>
      sendPrepared(
        reply,
        await listLegalChanges(reader, request.query, request.user, (answer) =>
          serializedAnswer(reply, answer),
        ),
      ),
  );

  app.get(
    '/api/legal-changes/:id',
    { schema: { params: legalChangeIdParams, response: { 200: legalChange } } },
    async (request) => legalChangeById(reader, request.params.id),
  );
};
