import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/schemas/notifications';
import {
  LiveNotifications,
  type LiveNotificationsEnv,
  type LiveNotificationsHandlers,
} from './live-notifications';
import { nextPollDelay } from './poll-delay';

/** A Web Locks stand-in: exclusive locks granted in request order, released when the callback's promise settles. */
class FakeLocks {
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

class FakeEventSource extends EventTarget {
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

function fakeDocument() {
  const target = new EventTarget();
  return Object.assign(target, {
    visibilityState: 'visible' as DocumentVisibilityState,
    show(state: DocumentVisibilityState) {
      this.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  });
}

const notification = (id: number): Notification => ({
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

function tab(env: Partial<LiveNotificationsEnv>) {
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

const settle = () => new Promise((r) => setTimeout(r, 30));

describe('live notifications across tabs', () => {
  const running: LiveNotifications[] = [];
  afterEach(() => {
    for (const l of running.splice(0)) l.stop();
    FakeEventSource.opened = [];
    vi.useRealTimers();
  });

  function browserTabs(count: number) {
    const locks = new FakeLocks();
    const env = {
      EventSource: FakeEventSource as unknown as typeof EventSource,
      locks: locks as unknown as LockManager,
      BroadcastChannel,
    };
    const tabs = Array.from({ length: count }, () => tab(env));
    for (const t of tabs) {
      t.live.start();
      running.push(t.live);
    }
    return tabs;
  }

  it('opens one stream for all tabs and relays its notifications to every tab', async () => {
    const tabs = browserTabs(3);
    await settle();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(tabs.filter((t) => t.live.isLeader)).toHaveLength(1);
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe('/api/notifications/stream');

    stream.open();
    await settle();
    // every tab knows the stream is open and re-read its list
    expect(tabs.map((t) => t.live.isLive)).toEqual([true, true, true]);
    expect(tabs.map((t) => t.handlers.stale)).toEqual([1, 1, 1]);

    stream.push(notification(41));
    await settle();
    expect(tabs.map((t) => t.received)).toEqual([[41], [41], [41]]);
  });

  it('ignores stream events that are not notifications', async () => {
    const [only] = browserTabs(1);
    await settle();
    const stream = FakeEventSource.opened[0]!;
    stream.open();
    const { id: _id, ...noId } = notification(7);
    for (const data of [
      'not json',
      'null',
      JSON.stringify(noId),
      JSON.stringify({ ...notification(8), read: 'yes' }),
      JSON.stringify({ ...notification(9), legislationId: 'x' }),
    ]) {
      stream.dispatchEvent(new MessageEvent('notification', { data }));
    }
    stream.push(notification(10));
    await settle();
    expect(only!.received).toEqual([10]);
  });

  it('hands the stream to another tab when the leader tab goes, and that tab re-reads after it opens', async () => {
    const tabs = browserTabs(3);
    await settle();
    FakeEventSource.opened[0]!.open();
    await settle();
    const leader = tabs.find((t) => t.live.isLeader)!;
    leader.live.stop();
    await settle();

    expect(FakeEventSource.opened).toHaveLength(2);
    const rest = tabs.filter((t) => t !== leader);
    expect(rest.filter((t) => t.live.isLeader)).toHaveLength(1);
    // no stream is open until the new one opens
    expect(rest.map((t) => t.live.isLive)).toEqual([false, false]);
    FakeEventSource.opened[1]!.open();
    await settle();
    expect(rest.map((t) => t.live.isLive)).toEqual([true, true]);
    expect(rest.map((t) => t.handlers.stale)).toEqual([2, 2]);
    FakeEventSource.opened[1]!.push(notification(42));
    await settle();
    expect(rest.map((t) => t.received)).toEqual([[42], [42]]);
    expect(leader.received).toEqual([]);
  });

  it('a tab that marked something read makes the other tabs re-read', async () => {
    const tabs = browserTabs(2);
    await settle();
    tabs[1]!.live.changed();
    await settle();
    expect(tabs.map((t) => t.handlers.stale)).toEqual([1, 0]);
  });
});

describe('polling fallback', () => {
  afterEach(() => {
    FakeEventSource.opened = [];
    vi.useRealTimers();
  });

  it('polls every 3 s while visible and 30 s while hidden when the browser lacks Web Locks', async () => {
    vi.useFakeTimers();
    const document = fakeDocument();
    const t = tab({ EventSource: FakeEventSource as unknown as typeof EventSource, document });
    t.live.start();
    await vi.advanceTimersByTimeAsync(9000);
    expect(FakeEventSource.opened).toHaveLength(0);
    expect(t.handlers.polls).toBe(3);

    document.show('hidden');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(t.handlers.polls).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.handlers.polls).toBe(4);

    // back on screen: at once, then every 3 s
    document.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.handlers.polls).toBe(5);
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.handlers.polls).toBe(6);
    t.live.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.handlers.polls).toBe(6);
  });

  it('backs off after failed polls and returns to 3 s after a success', async () => {
    vi.useFakeTimers();
    const t = tab({});
    let fail = true;
    t.handlers.pollResult = () => (fail ? Promise.reject(new Error('503')) : Promise.resolve());
    t.live.start();
    const pollTimes: number[] = [];
    const poll = t.handlers.poll;
    t.handlers.poll = () => {
      pollTimes.push(Date.now());
      return poll();
    };
    const started = Date.now();
    await vi.advanceTimersByTimeAsync(3000 + 6000 + 12_000 + 24_000);
    expect(pollTimes.map((at) => at - started)).toEqual([3000, 9000, 21_000, 45_000]);
    fail = false;
    await vi.advanceTimersByTimeAsync(48_000);
    expect(pollTimes.at(-1)! - started).toBe(93_000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(pollTimes.at(-1)! - started).toBe(96_000);
    t.live.stop();
  });

  it('polls only while the stream is not open', async () => {
    vi.useFakeTimers();
    const locks = new FakeLocks();
    const t = tab({
      EventSource: FakeEventSource as unknown as typeof EventSource,
      locks: locks as unknown as LockManager,
      BroadcastChannel,
    });
    t.live.start();
    await vi.advanceTimersByTimeAsync(0);
    const stream = FakeEventSource.opened[0]!;
    stream.open();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.handlers.polls).toBe(0);

    // the browser is reconnecting by itself: poll meanwhile
    stream.fail(FakeEventSource.CONNECTING);
    await vi.advanceTimersByTimeAsync(6000);
    expect(t.handlers.polls).toBe(2);
    stream.open();
    expect(t.handlers.stale).toBe(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.handlers.polls).toBe(2);

    // an error answer closes the stream: a new one is tried after 3 s
    stream.fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeEventSource.opened).toHaveLength(2);
    t.live.stop();
  });

  it('waits longer between polls when hidden, per the schedule', () => {
    expect(nextPollDelay({ hidden: false, failures: 0 })).toBe(3000);
    expect(nextPollDelay({ hidden: true, failures: 0 })).toBe(30_000);
    expect(nextPollDelay({ hidden: false, failures: 2 })).toBe(12_000);
    expect(nextPollDelay({ hidden: true, failures: 10 })).toBe(300_000);
  });
});
