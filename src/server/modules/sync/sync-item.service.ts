/**
 * One item's amendments and timeline, on request, each as a recorded operation.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/app-types';
import { AppError, badRequest } from '#server/http/errors';
import { legalChangeNotFound } from '#server/modules/legal-change-detail/detail.errors';
import { presentTimelineEvent } from '#server/modules/legal-change-detail/detail.presenter';
import { listTimelineEvents } from '#server/modules/legal-change-detail/detail.queries';
import { sortTimeline } from '#shared/legal-change-display';
import type { AmendmentsSyncResponse } from '#shared/schemas/sync';
import type { TimelineEvent } from '#shared/schemas/legal-change-detail';
import { syncBillAmendments, type BillAmendmentsResult } from './amendments.sync';
import { recordedRun } from './run-sync';
import { legalChangeSourceOf } from './sync.queries';
import { syncContextOf } from './sync.service';
import { createTimeline } from './timeline';

export async function syncAmendmentsFor(
  deps: AppDeps,
  log: FastifyBaseLogger,
  legalChangeId: number,
  triggeredBy: string,
): Promise<AmendmentsSyncResponse> {
  const item = await legalChangeSourceOf(deps.database.db, { legalChangeId });
  if (!item) throw legalChangeNotFound();
  if (item.source !== 'parliament_bills') {
    throw badRequest(
      'Amendments can only be synced for UK Parliament bills.',
      { legislationType: item.legislationType },
      'not_a_uk_parliament_bill',
    );
  }
  const outcome = await recordedRun(
    syncContextOf(deps, log),
    { syncType: 'amendments', triggeredBy },
    (ctx, run) => syncBillAmendments(ctx, run, legalChangeId),
  );
  const result = outcome.summary as Partial<BillAmendmentsResult>;
  if (outcome.status === 'failed' || result.amendmentCount === undefined) {
    throw new AppError(
      502,
      'upstream_unavailable',
      'The amendments could not be synced. Please try again.',
    ).localized('errors.amendmentsSyncFailed');
  }
  const nothingRead =
    result.failedStages &&
    outcome.amendments.added + outcome.amendments.updated + outcome.amendments.unchanged === 0;
  if (nothingRead)
    throw new AppError(
      502,
      'upstream_unavailable',
      'UK Parliament could not be reached to sync the amendments. Please try again later.',
    ).localized('errors.parliamentUnreachable');
  return {
    amendmentCount: result.amendmentCount,
    newAmendments: result.newAmendments ?? 0,
    updatedAmendments: result.updatedAmendments ?? 0,
    failedStages: result.failedStages ?? 0,
    operationId: outcome.operationId!,
  };
}

export async function timelineFor(
  deps: AppDeps,
  log: FastifyBaseLogger,
  legalChangeId: number,
  triggeredBy: string,
): Promise<TimelineEvent[]> {
  const { db } = deps.database;
  if (!(await legalChangeSourceOf(db, { legalChangeId }))) throw legalChangeNotFound();
  const outcome = await recordedRun(
    syncContextOf(deps, log),
    { syncType: 'timeline', triggeredBy },
    async (ctx, run) => (await createTimeline(ctx, run, legalChangeId)) ?? {},
  );
  if (outcome.status === 'failed')
    throw new AppError(502, 'timeline_failed', 'The timeline could not be created. Please try again.');
  return sortTimeline((await listTimelineEvents(db, { legalChangeId })).map(presentTimelineEvent));
}
