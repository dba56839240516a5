/**
 * Builds or refreshes one item's timeline from its source: a UK Parliament bill's stages, or an
 * Act's or instrument's CLML dates (made, laid, coming into force). When the source cannot be
 * read, or gives nothing, the timeline is made from the dates we hold for the item.
 */
import { getItemMetadata } from '#server/sources/legislation-gov-uk/client';
import {
  mapLegislationItem,
  mapLegislationTimeline,
  parseItemUri,
} from '#server/sources/legislation-gov-uk/mapper';
import { getBillStages } from '#server/sources/parliament-bills/client';
import { mapStages } from '#server/sources/parliament-bills/mapper';
import type { MappedTimelineEvent } from '#server/sources/types';
import { timelineEventCount, timelineSubject, type TimelineSubject } from './held-items.queries';
import { monitoredClient } from './monitored-client';
import { recordFailure } from './store-item';
import type { SyncContext } from './sync-context';
import type { SyncRun } from './sync-operation';
import { upsertTimelineEvents } from './upsert-children';

type Item = TimelineSubject;

/** Events from the dates held for the item, keyed 'held:<field>' so a rebuild replaces them. */
export function heldDatesTimeline(item: Item): MappedTimelineEvent[] {
  const primary = item.category === 'primary';
  const candidates: [string, string, string | null, string][] = [
    ['proposed', primary ? 'Introduced' : 'Proposed', item.proposedDate, 'proposed'],
    ['consultation-start', 'Consultation opened', item.consultationStartDate, 'consultation_started'],
    ['consultation-end', 'Consultation closes', item.consultationEndDate, 'consultation_ended'],
    ['laid', 'Laid before Parliament', item.dateLaid, 'other'],
    ['made', 'Made', item.madeDate, 'enacted'],
    [
      'enacted',
      primary ? 'Royal Assent' : 'Enacted',
      item.enactmentDate !== item.madeDate ? item.enactmentDate : null,
      'enacted',
    ],
    ['effective', 'Comes into force', item.effectiveDate, 'effective'],
  ];
  const events = candidates
    .filter(([, , date]) => date)
    .map(([key, title, date, eventType]) => ({ key, title, date, eventType }));
  if (item.currentStage && !events.some((e) => e.date === item.currentStageDate && e.eventType !== 'other')) {
    events.push({
      key: 'current-stage',
      title: item.currentStage,
      date: item.currentStageDate,
      eventType: 'other',
    });
  }
  return events
    .sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999'))
    .map((e, index) => ({
      upstreamId: `held:${e.key}`,
      title: e.title,
      description: null,
      eventDate: e.date,
      eventType: e.eventType,
      house: null,
      sourceUrl: item.officialUrl,
      sourceName: 'Lexwatch (dates held for this item)',
      sortOrder: index + 1,
    }));
}

async function fromSource(ctx: SyncContext, run: SyncRun, item: Item): Promise<MappedTimelineEvent[]> {
  if (item.source === 'parliament_bills' && /^\d+$/.test(item.upstreamId)) {
    const client = monitoredClient(ctx.clients.parliament, run);
    const stages = await getBillStages(client, Number(item.upstreamId));
    // a bill starts in the house of its first stage
    const first = [...stages].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0))[0];
    return mapStages({ billId: Number(item.upstreamId), originatingHouse: first?.house ?? null }, stages);
  }
  const key =
    item.source === 'legislation_gov_uk' ? parseItemUri(`legislation.gov.uk/id/${item.upstreamId}`) : null;
  if (key && key.year !== null) {
    const client = monitoredClient(ctx.clients.legislation, run);
    const { metadata } = await getItemMetadata(client, key.code, key.year, key.number);
    const mapped = mapLegislationItem(null, metadata);
    return mapped ? mapLegislationTimeline({ ...mapped, officialUrl: item.officialUrl }, metadata) : [];
  }
  return [];
}

export interface TimelineResult {
  /** where the events came from */
  from: 'source' | 'held-dates' | 'existing';
  events: number;
}

/** Rebuilds the timeline of `item`; the events end in timeline_events (read them with the detail queries). */
export async function createTimeline(
  ctx: SyncContext,
  run: SyncRun,
  legalChangeId: number,
): Promise<TimelineResult | null> {
  const item = await timelineSubject(ctx.db, { legalChangeId });
  if (!item) return null;
  let events: MappedTimelineEvent[] = [];
  try {
    events = await fromSource(ctx, run, item);
  } catch (error) {
    recordFailure(
      run,
      item.category === 'primary' ? 'Primary' : 'Secondary',
      { title: item.title, upstreamId: item.upstreamId, dbId: item.id },
      'timeline source',
      error,
    );
  }
  if (!events.length) {
    // the source gave nothing: an item with a timeline keeps it; one without gets the dates we hold
    const held = await timelineEventCount(ctx.db, { legalChangeId: item.id });
    if (held > 0) {
      run.count(item.category === 'primary' ? 'Primary' : 'Secondary', 'unchanged');
      return { from: 'existing', events: held };
    }
  }
  const from = events.length ? 'source' : 'held-dates';
  if (!events.length) events = heldDatesTimeline(item);
  const counts = await ctx.db.transaction((tx) => upsertTimelineEvents(tx, item.id, events));
  const group = item.category === 'primary' ? 'Primary' : 'Secondary';
  if (counts.added || counts.updated) {
    run.recordUpdated(group, {
      title: item.title,
      dbId: item.id,
      billId: item.upstreamId,
      changeType: 'timeline_updated',
      fieldsChanged: ['timeline'],
      lastUpdatedDate: item.lastUpdatedDate?.toISOString() ?? null,
    });
  } else run.count(group, 'unchanged');
  return { from, events: events.length };
}
