import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '#server/db/client';
import { sortTimeline } from '#shared/legal-change-display';
import { idParamSchema } from '#shared/schemas/common';
import { count, desc, eq } from 'drizzle-orm';
import { legalChangeEffects } from '#server/db/schema';
import {
  amendmentListSchema,
  documentListSchema,
  effectListSchema,
  timelineSchema,
} from '#shared/schemas/legal-change-detail';
import { legalChangeNotFound } from './detail.errors';
import { presentAmendment, presentDocument, presentTimelineEvent } from './detail.presenter';
import { legalChangeExists, listAmendments, listDocuments, listTimelineEvents } from './detail.queries';

/** Runs a list query for an item, answering 404 when the item does not exist. */
async function listOf<T>(
  db: DbOrTx,
  legalChangeId: number,
  list: (db: DbOrTx, p: { legalChangeId: number }) => Promise<T[]>,
) {
  const [exists, rows] = await Promise.all([
    legalChangeExists(db, { legalChangeId }),
    list(db, { legalChangeId }),
  ]);
  if (!exists) throw legalChangeNotFound();
  return rows;
}

/** The timeline, documents and amendments tabs of the legal change page. */
export const legalChangeDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/legal-changes/:id/timeline',
    { schema: { params: idParamSchema, response: { 200: timelineSchema } } },
    async (request) =>
      sortTimeline((await listOf(app.db, request.params.id, listTimelineEvents)).map(presentTimelineEvent)),
  );

  app.get(
    '/api/legal-changes/:id/documents',
    { schema: { params: idParamSchema, response: { 200: documentListSchema } } },
    async (request) => (await listOf(app.db, request.params.id, listDocuments)).map(presentDocument),
  );

  app.get(
    '/api/legal-changes/:id/amendments',
    { schema: { params: idParamSchema, response: { 200: amendmentListSchema } } },
    async (request) => (await listOf(app.db, request.params.id, listAmendments)).map(presentAmendment),
  );

  app.get(
    '/api/legal-changes/:id/effects',
    { schema: { params: idParamSchema, response: { 200: effectListSchema } } },
    async (request) => {
      const legalChangeId = request.params.id;
      const e = legalChangeEffects;
      const [exists, rows, [total]] = await Promise.all([
        legalChangeExists(app.db, { legalChangeId }),
        app.db
          .select()
          .from(e)
          .where(eq(e.legalChangeId, legalChangeId))
          .orderBy(desc(e.modifiedAt), desc(e.id))
          .limit(100),
        app.db.select({ n: count() }).from(e).where(eq(e.legalChangeId, legalChangeId)),
      ]);
      if (!exists) throw legalChangeNotFound();
      return {
        total: total?.n ?? 0,
        effects: rows.map((r) => ({
          id: r.id,
          type: r.type,
          affectedProvisions: r.affectedProvisions,
          affectingTitle: r.affectingTitle,
          affectingUrl:
            r.affectingUri?.replace(
              /^http:\/\/www\.legislation\.gov\.uk\/id\//,
              'https://www.legislation.gov.uk/',
            ) ?? null,
          affectingProvisions: r.affectingProvisions,
          applied: r.applied,
          inForceDate: r.inForceDate,
          modifiedAt: r.modifiedAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
