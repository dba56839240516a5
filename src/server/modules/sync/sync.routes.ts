import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOnly, requireUser } from '#server/plugins/session';
import { idParamSchema } from '#shared/schemas/common';
import { timelineSchema } from '#shared/schemas/legal-change-detail';
import {
  amendmentsSyncResponseSchema,
  scottishSyncResponseSchema,
  secondaryLegislationSyncResponseSchema,
  ukLegislationSyncResponseSchema,
} from '#shared/schemas/sync';
import { presentCountsAnswer, presentSecondaryAnswer } from './sync.presenter';
import { syncAmendmentsFor, timelineFor } from './sync-item.service';
import { triggerSyncs } from './sync.service';

/** Per member (or address when signed out), counted before the handler runs. */
const perMember = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `sync-member:${request.user.id}` : `sync-ip:${request.ip}`,
  },
});

/** The members' sync triggers and the per-item amendments and timeline builders. */
export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = (schema: typeof ukLegislationSyncResponseSchema | typeof scottishSyncResponseSchema) => ({
    200: schema,
    202: schema,
  });

  app.post(
    '/api/sync-uk-legislation',
    {
      onRequest: memberOnly,
      config: perMember(3, '10 minutes'),
      schema: { response: answers(ukLegislationSyncResponseSchema) },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const result = await triggerSyncs(
        app.deps,
        request.log,
        ['uk-parliament', 'secondary-legislation'],
        `member:${user.id}`,
      );
      return reply
        .status(result.completed ? 200 : 202)
        .send(presentCountsAnswer(result, 'UK Parliament and legislation.gov.uk'));
    },
  );

  app.post(
    '/api/sync-secondary-legislation',
    {
      onRequest: memberOnly,
      config: perMember(3, '10 minutes'),
      schema: {
        response: {
          200: secondaryLegislationSyncResponseSchema,
          202: secondaryLegislationSyncResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const result = await triggerSyncs(
        app.deps,
        request.log,
        ['secondary-legislation'],
        `member:${user.id}`,
      );
      return reply.status(result.completed ? 200 : 202).send(presentSecondaryAnswer(result));
    },
  );

  app.post(
    '/api/sync-scottish-parliament',
    {
      onRequest: memberOnly,
      config: perMember(3, '10 minutes'),
      schema: { response: answers(scottishSyncResponseSchema) },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const result = await triggerSyncs(app.deps, request.log, ['scottish-parliament'], `member:${user.id}`);
      return reply
        .status(result.completed ? 200 : 202)
        .send(presentCountsAnswer(result, 'the Scottish Parliament'));
    },
  );

  app.post(
    '/api/legal-changes/:id/sync-amendments',
    {
      onRequest: memberOnly,
      config: perMember(10, '1 minute'),
      schema: { params: idParamSchema, response: { 200: amendmentsSyncResponseSchema } },
    },
    async (request) =>
      syncAmendmentsFor(app.deps, request.log, request.params.id, `member:${requireUser(request).id}`),
  );

  app.post(
    '/api/legal-changes/:id/create-timeline',
    {
      onRequest: memberOnly,
      config: perMember(20, '1 minute'),
      schema: { params: idParamSchema, response: { 200: timelineSchema } },
    },
    async (request) =>
      timelineFor(app.deps, request.log, request.params.id, `member:${requireUser(request).id}`),
  );
};
