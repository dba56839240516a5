import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeLocks, FakeEventSource, fakeDocument, tab } from './live-notifications.fakes';
import { nextPollDelay } from './poll-delay';

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
