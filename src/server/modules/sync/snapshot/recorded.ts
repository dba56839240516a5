/**
 * Real upstream responses bundled with the service (data/recorded/, provenance in
 * data/README.md), mapped by the same mappers a live sync uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseXmlDocument } from '#server/sources/http';
import { parseClmlMetadata } from '#server/sources/legislation-gov-uk/clml';
import { parseFeed, type FeedEntry } from '#server/sources/legislation-gov-uk/feed';
import { mapLegislationItem, mapLegislationTimeline } from '#server/sources/legislation-gov-uk/mapper';
import { mapBill, mapStages } from '#server/sources/parliament-bills/mapper';
import {
  billDetailSchema,
  billSummarySchema,
  pageOf,
  stageSummarySchema,
} from '#server/sources/parliament-bills/schemas';
import type { ItemBundle } from '../store-item';

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

/** Bills of the recorded list; a bill whose detail and stages were recorded gets them. */
export function recordedBills(dir: string): ItemBundle[] {
  const list = pageOf(billSummarySchema).parse(JSON.parse(read(dir, 'bills-list.json')));
  const files = new Set(readdirSync(dir));
  return list.items.map((summary) => {
    if (files.has(`bill-${summary.billId}.json`) && files.has(`bill-${summary.billId}-stages.json`)) {
      const detail = billDetailSchema.parse(JSON.parse(read(dir, `bill-${summary.billId}.json`)));
      const stages = pageOf(stageSummarySchema).parse(
        JSON.parse(read(dir, `bill-${summary.billId}-stages.json`)),
      ).items;
      return { item: mapBill(detail, stages), timeline: mapStages(detail, stages) };
    }
    // the list item's own current stage is the one stage we know
    return {
      item: mapBill(summary),
      timeline: summary.currentStage ? mapStages(summary, [summary.currentStage]) : [],
    };
  });
}

function newestPerItem(entries: FeedEntry[]): FeedEntry[] {
  const byItem = new Map<string, FeedEntry>();
  for (const entry of entries) {
    const log = entry.publicationLog;
    if (log && log.contentType !== 'legislation' && log.contentType !== 'draft') continue;
    const key = entry.identifier ?? entry.id;
    const held = byItem.get(key);
    if (!held || (entry.updated ?? '') > (held.updated ?? '')) byItem.set(key, entry);
  }
  return [...byItem.values()];
}

/** Items of the recorded feeds (Publication Log, listings, searches) and CLML documents. */
export function recordedLegislation(dir: string): ItemBundle[] {
  const out: ItemBundle[] = [];
  for (const file of readdirSync(dir).sort()) {
    const doc = parseXmlDocument(read(dir, file), file);
    if (file.endsWith('.feed.xml')) {
      for (const entry of newestPerItem(parseFeed(doc, file).entries)) {
        const item = mapLegislationItem(entry);
        if (item) out.push({ item, timeline: mapLegislationTimeline(item) });
      }
    } else if (file.endsWith('.xml')) {
      const metadata = parseClmlMetadata(doc, file);
      const item = mapLegislationItem(null, metadata);
      if (item) out.push({ item, timeline: mapLegislationTimeline(item, metadata) });
    }
  }
  return out;
}
