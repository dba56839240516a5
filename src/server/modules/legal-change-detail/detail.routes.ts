import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#shared/schemas/common';
import {
  amendmentListSchema,
  documentListSchema,
  effectListSchema,
  timelineSchema,
} from '#shared/schemas/legal-change-detail';
import { amendmentsOf, documentsOf, effectsOf, timelineOf } from './detail.service';

/** The timeline, documents, amendments and effects tabs of the legal change page. */
export const legalChangeDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/legal-changes/:id/timeline',
    { schema: { params: idParamSchema, response: { 200: timelineSchema } } },
    async (request) => timelineOf(app.db, request.params.id),
  );

  app.get(
    '/api/legal-changes/:id/documents',
    { schema: { params: idParamSchema, response: { 200: documentListSchema } } },
    async (request) => documentsOf(app.db, request.params.id),
  );

  app.get(
    '/api/legal-changes/:id/amendments',
    { schema: { params: idParamSchema, response: { 200: amendmentListSchema } } },
    async (request) => amendmentsOf(app.db, request.params.id),
  );

  app.get(
    '/api/legal-changes/:id/effects',
    { schema: { params: idParamSchema, response: { 200: effectListSchema } } },
    async (request) => effectsOf(app.db, request.params.id),
  );
};
