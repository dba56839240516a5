/**
 * Calls to the Scottish Parliament open data API. There is no paging and no change signal:
 * each call returns a whole collection, and the sync diffs snapshots (snapshot.ts).
 */
import type { UpstreamClient, UpstreamClientOptions } from '#server/sources/http';
import {
  scottishBillStagesSchema,
  scottishBillStageTypesSchema,
  scottishBillsSchema,
  scottishBillTypesSchema,
  scottishSessionsSchema,
  type ScottishBill,
  type ScottishBillStage,
  type ScottishBillStageType,
  type ScottishBillType,
  type ScottishSession,
} from './schemas';

export const SCOTTISH_PARLIAMENT_BASE_URL = 'https://data.parliament.scot/api';

/** Whole collections (e.g. ~1,750 stage rows) come in one response: a longer timeout. */
export const SCOTTISH_PARLIAMENT_CLIENT_DEFAULTS = {
  name: 'scottish_parliament',
  minIntervalMs: 1000,
  timeoutMs: 60_000,
  maxRetries: 3,
  rateLimitBackoffMs: 60_000,
  canonicalBaseUrl: SCOTTISH_PARLIAMENT_BASE_URL,
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

export const fetchBills = (client: UpstreamClient): Promise<ScottishBill[]> =>
  client.getJson('/bills', scottishBillsSchema);

export const fetchBillStages = (client: UpstreamClient): Promise<ScottishBillStage[]> =>
  client.getJson('/billstages', scottishBillStagesSchema);

export const fetchBillStageTypes = (client: UpstreamClient): Promise<ScottishBillStageType[]> =>
  client.getJson('/billstagetypes', scottishBillStageTypesSchema);

export const fetchBillTypes = (client: UpstreamClient): Promise<ScottishBillType[]> =>
  client.getJson('/billtypes', scottishBillTypesSchema);

export const fetchSessions = (client: UpstreamClient): Promise<ScottishSession[]> =>
  client.getJson('/sessions', scottishSessionsSchema);

export interface ScottishBillsSnapshot {
  bills: ScottishBill[];
  stages: ScottishBillStage[];
  stageTypes: ScottishBillStageType[];
  billTypes: ScottishBillType[];
  sessions: ScottishSession[];
}

/** Every collection the bill mapping needs, fetched one after another (the client paces them). */
export async function fetchBillsSnapshot(client: UpstreamClient): Promise<ScottishBillsSnapshot> {
  const bills = await fetchBills(client);
  const stages = await fetchBillStages(client);
  const stageTypes = await fetchBillStageTypes(client);
  const billTypes = await fetchBillTypes(client);
  const sessions = await fetchSessions(client);
  return { bills, stages, stageTypes, billTypes, sessions };
}
