import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveNotifications } from './live-notifications';
import { FakeLocks, FakeEventSource, notification, tab, settle } from './live-notifications.fakes';

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
