/**
 * Alert matching. Takes unprocessed change events in id order, a batch at a time, and in one
 * set-based statement finds every member concerned: followers of the item, and members whose
 * active search terms occur in the item's title, long title or description (whole words,
 * any case, phrases as phrases: `search @@ phraseto_tsquery('english', term)`; see
 * term-matching.ts). Each member's
 * alert types, legislation type switches and dismissals filter the matches; what is left
 * becomes an in-app notification (its title and message in the member's language) and an
 * alert_items row (for email, SMS and digests). The
 * events are marked processed in the same transaction; dedupe keys and ON CONFLICT DO NOTHING
 * make a re-run after a crash write nothing twice.
 */
import type { AppScoped } from '#server/cache/app-scoped';
import type { Db, Tx } from '#server/db/client';
import { type LocalNotifier, notifyAtCommit } from '#server/modules/notifications/notifier';
import { alertRuleFor, preferenceCodeFor } from './alert-rules';
import { isMessageLanguage } from '#server/messages/i18n';
import { describeEvent } from './describe-event';
import {
  lockUnprocessedEvents,
  memberLanguages,
  writeBatchMatches,
  type BatchEvent,
} from './matcher.queries';
import { reopenClosedAssessments } from './team-reopen.queries';
import { hasTermLexemeIndex } from './term-matching';

export const MATCH_BATCH_SIZE = 1000;

export interface MatchResult {
  events: number;
  notifications: number;
  alertItems: number;
}

async function lockBatch(tx: Tx, batchSize: number): Promise<BatchEvent[]> {
  const rows = await lockUnprocessedEvents(tx, batchSize);
  const languages = rows.length ? (await memberLanguages(tx)).filter(isMessageLanguage) : [];
  return rows.map((r) => {
    const rule = alertRuleFor(r.kind);
    const text = describeEvent(r);
    const texts: BatchEvent['texts'] = {};
    for (const lang of languages) {
      const { title, message } = describeEvent(r, lang);
      texts[lang] = { title, message };
    }
    return {
      event_id: r.id,
      item_id: r.itemId,
      type_code: preferenceCodeFor(r.legislationType),
      alert_type: rule.alertType,
      followers_only: rule.followersOnly,
      detected_at: r.detectedAt,
      type: text.type,
      title: text.title,
      message: text.message,
      tab: text.tab,
      texts,
    };
  });
}

interface MatchOptions {
  batchSize?: number;
  notifyPostgres: boolean;
  /** the process's values made once (its caches): what it knows of the database is kept there */
  scoped?: AppScoped;
  /** the process's signal to its own notification streams (its app's); without it they hear at their next read */
  notifier?: LocalNotifier;
}

/** One batch: match, write notifications and alert items, mark the events processed. */
export async function matchAlertBatch(
  db: Db,
  opts: MatchOptions,
): Promise<MatchResult & { maxNotificationId: number | null }> {
  const indexed = await hasTermLexemeIndex(db, opts.scoped); // asked outside the transaction: the embedded database runs one at a time
  const result = await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, opts.batchSize ?? MATCH_BATCH_SIZE);
    if (!batch.length) return { events: 0, notifications: 0, alertItems: 0, maxNotificationId: null };
    await reopenClosedAssessments(tx, batch);
    const counts = await writeBatchMatches(tx, batch, indexed);
    const maxNotificationId = counts.max_id === null ? null : Number(counts.max_id);
    if (maxNotificationId !== null && opts.notifyPostgres) await notifyAtCommit(tx, maxNotificationId);
    return {
      events: batch.length,
      notifications: counts.notifications,
      alertItems: counts.alert_items,
      maxNotificationId,
    };
  });
  if (result.maxNotificationId !== null) opts.notifier?.published(result.maxNotificationId);
  return result;
}

/**
 * Runs batches until no unprocessed event is left (or `maxBatches` ran). With `concurrency` > 1
 * (PostgreSQL only: the embedded database runs one transaction at a time) several transactions
 * take different events side by side (SKIP LOCKED), sharing the writes across cores.
 */
export async function matchAlerts(
  db: Db,
  opts: MatchOptions & { maxBatches?: number; concurrency?: number },
): Promise<MatchResult> {
  const total: MatchResult = { events: 0, notifications: 0, alertItems: 0 };
  const batchSize = opts.batchSize ?? MATCH_BATCH_SIZE;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  let batches = 0;
  const worker = async () => {
    while (batches < (opts.maxBatches ?? 100)) {
      batches++;
      const r = await matchAlertBatch(db, { ...opts, batchSize: Math.ceil(batchSize / concurrency) });
      total.events += r.events;
      total.notifications += r.notifications;
      total.alertItems += r.alertItems;
      if (r.events < Math.ceil(batchSize / concurrency)) return;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total;
}
