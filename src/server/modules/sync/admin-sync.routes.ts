import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/modules/admin/admin-auth.guard';
import {
  adminLegislationSyncResponseSchema,
  adminSyncStartedSchema,
  monitoringLogListSchema,
  syncKindParamSchema,
  syncOperationListSchema,
  type SyncKind,
} from '#shared/schemas/sync';
import { presentAdminLegislationAnswer, presentSyncQueued } from './sync.presenter';
import { startSync, triggerSyncs } from './sync.service';
import { legislationSyncOverview, monitoringLog } from './sync-status.service';

const KIND_NAMES: Record<SyncKind, string> = {
  'uk-parliament': 'UK Parliament',
  'secondary-legislation': 'legislation.gov.uk',
  'scottish-parliament': 'Scottish Parliament',
  effects: 'changes to law in force (legislation.gov.uk)',
};

/** The administrator's Data Sync buttons, Legislation Sync list and Monitoring log. */
export const adminSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/sync/:kind',
    { schema: { params: syncKindParamSchema, response: { 202: adminSyncStartedSchema } } },
    async (request, reply) => {
      requireAdmin(request);
      const operationId = await startSync(app.deps, request.log, request.params.kind, 'admin');
      return reply.status(202).send(presentSyncQueued(KIND_NAMES[request.params.kind], operationId));
    },
  );

  app.post(
    '/api/admin/sync-legislation',
    {
      schema: {
        response: { 200: adminLegislationSyncResponseSchema, 202: adminLegislationSyncResponseSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const result = await triggerSyncs(
        app.deps,
        request.log,
        ['uk-parliament', 'secondary-legislation'],
        'admin',
      );
      return reply.status(result.completed ? 200 : 202).send(presentAdminLegislationAnswer(result));
    },
  );

  app.get(
    '/api/admin/legislation-sync-cache',
    { schema: { response: { 200: syncOperationListSchema } } },
    async (request) => {
      requireAdmin(request);
      return legislationSyncOverview(app.db, app.deps.config.SYNC_INTERVAL_MINUTES);
    },
  );

  app.get(
    '/api/admin/monitoring-logs',
    { schema: { response: { 200: monitoringLogListSchema } } },
    async (request) => {
      requireAdmin(request);
      return monitoringLog(app.db);
    },
  );
};
