/**
 * Tells open notification streams that new notifications were committed. In this process it is
 * an EventEmitter; on PostgreSQL the writer also sends NOTIFY inside its transaction, which
 * PostgreSQL delivers at commit to every web process that LISTENs (see notification-hub.ts).
 * A signal carries only the highest new id: each stream reads what is new for its own member.
 */
import { EventEmitter } from 'node:events';
import type { DbOrTx } from '#server/db/client';
import { sendSignal } from './signals.queries';

export const NOTIFICATIONS_CHANNEL = 'lexwatch_notifications';
/** Member sessions may have ended (a sign-out in some process): streams re-check theirs at once. */
export const SESSIONS_CHANNEL = 'lexwatch_sessions';

/** One per app (`app.caches.notifier`): the app's streams hear what its own process committed. */
export class LocalNotifier {
  private readonly bus = new EventEmitter().setMaxListeners(0);

  /** Call after the commit that wrote notifications up to `maxId`. */
  published(maxId: number): void {
    this.bus.emit('published', maxId);
  }

  /** Listens for new notifications committed here; returns the function that stops listening. */
  subscribe(listener: (maxId: number) => void): () => void {
    this.bus.on('published', listener);
    return () => this.bus.off('published', listener);
  }
}

/** Inside the writing transaction on PostgreSQL: every listening process hears it at commit. */
export async function notifyAtCommit(tx: DbOrTx, maxId: number): Promise<void> {
  await sendSignal(tx, NOTIFICATIONS_CHANNEL, String(maxId));
}
