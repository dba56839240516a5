/** Stand-ins for the browser APIs live notifications use (Web Locks, EventSource, the document), and a tab built on them. */
import type { Notification } from '#shared/schemas/notifications';
import {
  LiveNotifications,
  type LiveNotificationsEnv,
  type LiveNotificationsHandlers,
} from './live-notifications';

/** A Web Locks stand-in: exclusive locks granted in request order, released when the callback's promise settles. */
export class FakeLocks {
  private readonly queues = new Map<string, Array<() => void>>();
  private readonly held = new Set<string>();

  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        void Promise.resolve(callback())
          .finally(() => {
            const next = this.queues.get(name)?.shift();
            if (next) next();
            else this.held.delete(name);
          })
          .then(resolve, reject);
      };
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        const at = queue.indexOf(grant);
        if (at >= 0) {
          queue.splice(at, 1);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      if (this.held.has(name)) queue.push(grant);
      else {
        this.held.add(name);
        queueMicrotask(grant);
      }
    });
  }
}

export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }

  push(notification: Notification) {
    this.dispatchEvent(new MessageEvent('notification', { data: JSON.stringify(notification) }));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

export function fakeDocument() {
  const target = new EventTarget();
  return Object.assign(target, {
    visibilityState: 'visible' as DocumentVisibilityState,
    show(state: DocumentVisibilityState) {
      this.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  });
}

export const notification = (id: number): Notification => ({
  id,
  type: 'update',
  title: `Update ${id}`,
  message: 'Stage changed.',
  tab: 'timeline',
  legislationId: 7,
  read: false,
  isRead: false,
  timestamp: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
});

export function tab(env: Partial<LiveNotificationsEnv>) {
  const received: number[] = [];
  const handlers: LiveNotificationsHandlers & {
    stale: number;
    polls: number;
    pollResult: () => Promise<void>;
  } = {
    stale: 0,
    polls: 0,
    pollResult: () => Promise.resolve(),
    onNotification: (n) => received.push(n.id),
    onStale: () => (handlers.stale += 1),
    poll: () => {
      handlers.polls += 1;
      return handlers.pollResult();
    },
    onLiveChange: () => {},
  };
  const live = new LiveNotifications(handlers, {
    EventSource: undefined,
    locks: undefined,
    BroadcastChannel: undefined,
    document: undefined,
    ...env,
  });
  return { live, handlers, received };
}

export const settle = () => new Promise((r) => setTimeout(r, 30));
