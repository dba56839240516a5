/**
 * New notifications for every tab of the browser over one Server-Sent Events connection.
 *
 * The tabs elect a leader with the Web Locks API: the tab holding the lock opens the stream and
 * relays each notification (and whether the stream is open) to the other tabs over a
 * BroadcastChannel. When the leader tab closes, its lock is released and the next waiting tab
 * takes it and opens the stream. Whenever the stream opens, every tab re-reads the list, so the
 * unread count is right after a reconnect or a change of leader.
 *
 * Only while no stream is open (it failed or is reconnecting), or when the browser lacks
 * EventSource, Web Locks or BroadcastChannel, does each tab poll: every 3 s while visible,
 * every 30 s while hidden, backing off after failures.
 */
import { NOTIFICATION_TABS, notificationTab, type NotificationTab } from '#shared/notification-tab';
import type { Notification } from '#shared/schemas/notifications';
import { backoff, nextPollDelay, NOTIFICATION_POLL_MS } from './poll-delay';

export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';
export const NOTIFICATION_STREAM_LOCK = 'lexwatch:notification-stream';
export const NOTIFICATION_CHANNEL = 'lexwatch:notifications';

/** What tabs tell each other. */
type TabMessage =
  | { kind: 'notification'; notification: Notification }
  /** the leader's stream opened: re-read the list */
  | { kind: 'opened' }
  /** whether the leader's stream is open */
  | { kind: 'status'; live: boolean }
  /** a new tab asks the leader for its status */
  | { kind: 'hello' }
  /** this tab marked read or dismissed: re-read the list */
  | { kind: 'changed' };

export interface LiveNotificationsHandlers {
  /** a new notification, from this tab's stream or relayed by the leader */
  onNotification(notification: Notification): void;
  /** the list may be out of date: re-read it */
  onStale(): void;
  /** one poll of the list; rejects when it failed */
  poll(): Promise<void>;
  /** whether a stream (this tab's or the leader's) is open */
  onLiveChange(live: boolean): void;
}

/** The browser APIs used; tests pass their own. */
export interface LiveNotificationsEnv {
  EventSource: typeof EventSource | undefined;
  locks: LockManager | undefined;
  BroadcastChannel: typeof BroadcastChannel | undefined;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> | undefined;
}

export function browserEnv(): LiveNotificationsEnv {
  return {
    EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
    locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
    BroadcastChannel: typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel,
    document: typeof document === 'undefined' ? undefined : document,
  };
}

/**
 * A stream event's notification, checked field by field (the shape of notificationSchema;
 * checked by hand so the member pages don't download zod for it).
 */
function parseNotification(value: unknown): Notification | null {
  if (typeof value !== 'object' || value === null) return null;
  const n = value as Record<string, unknown>;
  const strings = ['type', 'title', 'message', 'timestamp', 'createdAt'].every(
    (key) => typeof n[key] === 'string',
  );
  const flags = typeof n.read === 'boolean' && typeof n.isRead === 'boolean';
  const id = typeof n.id === 'number' && Number.isInteger(n.id) && n.id > 0;
  const item =
    n.legislationId === null || (typeof n.legislationId === 'number' && Number.isInteger(n.legislationId));
  if (!strings || !flags || !id || !item) return null;
  return {
    id: n.id as number,
    type: n.type as string,
    title: n.title as string,
    message: n.message as string,
    // a stream from an older server sends no tab: decided then from the (English) message
    tab: (NOTIFICATION_TABS as readonly unknown[]).includes(n.tab)
      ? (n.tab as NotificationTab)
      : notificationTab({ type: n.type as string, message: n.message as string }),
    read: n.read as boolean,
    isRead: n.isRead as boolean,
    timestamp: n.timestamp as string,
    createdAt: n.createdAt as string,
    legislationId: n.legislationId as number | null,
  };
}

export class LiveNotifications {
  private live = false;
  private running = false;
  private leader = false;
  private channel: BroadcastChannel | null = null;
  private source: EventSource | null = null;
  private lockRequest: AbortController | null = null;
  private releaseLock: (() => void) | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private reopenFailures = 0;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private pollFailures = 0;

  constructor(
    private readonly handlers: LiveNotificationsHandlers,
    private readonly env: LiveNotificationsEnv = browserEnv(),
  ) {}

  get isLive(): boolean {
    return this.live;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.env.document?.addEventListener('visibilitychange', this.onVisibilityChange);
    const { EventSource: ES, locks, BroadcastChannel: BC } = this.env;
    if (!ES || !locks || !BC) {
      this.schedulePoll();
      return;
    }
    this.channel = new BC(NOTIFICATION_CHANNEL);
    this.channel.addEventListener('message', this.onMessage);
    this.schedulePoll();
    this.lockRequest = new AbortController();
    locks
      .request(NOTIFICATION_STREAM_LOCK, { signal: this.lockRequest.signal }, () => this.lead())
      .catch(() => {
        // the request was given up (stop()) before the lock came
      });
    this.post({ kind: 'hello' });
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.env.document?.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.lockRequest?.abort();
    this.lockRequest = null;
    this.closeSource();
    if (this.leader) this.post({ kind: 'status', live: false });
    this.leader = false;
    this.releaseLock?.();
    this.releaseLock = null;
    this.channel?.removeEventListener('message', this.onMessage);
    this.channel?.close();
    this.channel = null;
    this.stopPolling();
    this.setLive(false, { quiet: true });
  }

  /** This tab marked read or dismissed: the other tabs re-read their lists. */
  changed(): void {
    this.post({ kind: 'changed' });
  }

  /** Holds the lock until stop(): this tab opens the stream for the browser. */
  private lead(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise<void>((release) => {
      this.releaseLock = release;
      this.leader = true;
      // the previous leader's stream is gone: every tab polls until this one opens
      this.post({ kind: 'status', live: false });
      this.setLive(false);
      this.openSource();
    });
  }

  private openSource(): void {
    const ES = this.env.EventSource;
    if (!ES || !this.running || !this.leader) return;
    const source = new ES(NOTIFICATION_STREAM_URL, { withCredentials: true });
    this.source = source;
    source.addEventListener('open', () => {
      this.reopenFailures = 0;
      this.setLive(true);
      // anything written while no stream was open
      this.handlers.onStale();
      this.post({ kind: 'opened' });
    });
    source.addEventListener('error', () => {
      this.setLive(false);
      // CONNECTING: the browser retries by itself; CLOSED (an error answer): try again later
      if (source.readyState !== ES.CLOSED || this.source !== source) return;
      this.closeSource();
      this.reopenTimer = setTimeout(
        () => this.openSource(),
        backoff(NOTIFICATION_POLL_MS, this.reopenFailures++),
      );
    });
    source.addEventListener('notification', (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      const notification = parseNotification(data);
      if (!notification) return;
      this.handlers.onNotification(notification);
      this.post({ kind: 'notification', notification });
    });
  }

  private closeSource(): void {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.source?.close();
    this.source = null;
  }

  private readonly onMessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    switch (message?.kind) {
      case 'notification': {
        const notification = parseNotification(message.notification);
        if (notification) this.handlers.onNotification(notification);
        break;
      }
      case 'opened':
      case 'changed':
        this.handlers.onStale();
        break;
      case 'status':
        if (!this.leader) this.setLive(message.live === true);
        break;
      case 'hello':
        if (this.leader) this.post({ kind: 'status', live: this.live });
        break;
    }
  };

  private post(message: TabMessage): void {
    this.channel?.postMessage(message);
  }

  private setLive(live: boolean, opts: { quiet?: boolean } = {}): void {
    if (this.live === live) return;
    this.live = live;
    if (this.leader && !opts.quiet) this.post({ kind: 'status', live });
    if (live) this.stopPolling();
    else if (this.running) this.schedulePoll();
    if (!opts.quiet) this.handlers.onLiveChange(live);
  }

  private hidden(): boolean {
    return this.env.document?.visibilityState === 'hidden';
  }

  private schedulePoll(delay = nextPollDelay({ hidden: this.hidden(), failures: this.pollFailures })): void {
    this.stopPolling();
    this.pollTimer = setTimeout(() => void this.pollNow(), delay);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private async pollNow(): Promise<void> {
    this.pollTimer = null;
    try {
      await this.handlers.poll();
      this.pollFailures = 0;
    } catch {
      this.pollFailures += 1;
    }
    if (this.running && !this.live && !this.pollTimer) this.schedulePoll();
  }

  private readonly onVisibilityChange = () => {
    if (this.hidden()) {
      if (this.pollTimer) this.schedulePoll();
      return;
    }
    // back on screen: read what changed elsewhere (another device) and poll on the visible rhythm
    if (this.live) this.handlers.onStale();
    else if (!this.pollFailures) this.schedulePoll(0);
    else this.schedulePoll();
  };
}
