import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, MemberSessionCache, writtenAtOf } from './member-session-cache';
import type { SessionUser } from '#server/plugins/session';

const user = (id: number): SessionUser => ({
  id,
  email: `m${id}@example.test`,
  firstName: 'M',
  lastName: String(id),
  subscriptionTier: 'trial',
  sessionId: `s${id}`,
  disabledTypes: [],
  actions: [],
});
const T0 = 1_800_000_000_000;
const entry = (id: number, readAt = T0) => ({
  user: user(id),
  hasActions: true,
  readAt,
  sessionExpiresAt: T0 + 3_600_000,
  lastSeenAt: readAt,
});

describe('the copies of members’ state kept by a web process', () => {
  it('answers a copy within its lifetime and its session, never after', () => {
    const cache = new MemberSessionCache({ ttlMs: 10_000, needsListener: false });
    cache.set('a', entry(1));
    expect(cache.get('a', 0, T0 + 9_999)?.user.id).toBe(1);
    expect(cache.get('a', 0, T0 + 10_000)).toBeUndefined();
    const ending = { ...entry(2), sessionExpiresAt: T0 + 5_000 };
    cache.set('b', ending);
    expect(cache.get('b', 0, T0 + 5_000)).toBeUndefined();
  });

  it('does not answer a copy read before the member’s last write (their cookie), allowing for clocks', () => {
    const cache = new MemberSessionCache({ needsListener: false });
    cache.set('a', entry(1, T0));
    expect(cache.get('a', T0 - CLOCK_SKEW_MS - 1, T0 + 1)?.user.id).toBe(1);
    expect(cache.get('a', T0 - CLOCK_SKEW_MS, T0 + 1)).toBeUndefined();
    expect(cache.get('a', T0 + 500, T0 + 600)).toBeUndefined();
  });

  it('drops every session of a member, and does not keep a read that began before the drop', () => {
    const cache = new MemberSessionCache({ needsListener: false });
    cache.set('phone', entry(1, T0));
    cache.set('laptop', entry(1, T0));
    cache.set('other', entry(2, T0));
    cache.heard('1');
    expect(cache.get('phone', 0, T0 + 1)).toBeUndefined();
    expect(cache.get('laptop', 0, T0 + 1)).toBeUndefined();
    expect(cache.get('other', 0, T0 + 1)?.user.id).toBe(2);
    cache.forgetMember(2, T0 + 100);
    cache.set('other', entry(2, T0 + 50)); // read before the change was heard: stale
    expect(cache.get('other', 0, T0 + 200)).toBeUndefined();
    cache.set('other', entry(2, T0 + 150));
    expect(cache.get('other', 0, T0 + 200)?.user.id).toBe(2);
    cache.heard('*');
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while changes made elsewhere could go unheard', () => {
    const cache = new MemberSessionCache({ needsListener: true });
    cache.set('a', entry(1, Date.now()));
    expect(cache.size).toBe(0);
    cache.setListening(true);
    cache.set('a', entry(1, Date.now() + 1));
    expect(cache.get('a', 0)?.user.id).toBe(1);
    cache.setListening(false);
    expect(cache.size).toBe(0);
    expect(cache.enabled).toBe(false);
  });

  it('keeps a member’s figures as their copies are kept', () => {
    const cache = new MemberSessionCache({ ttlMs: 10_000, needsListener: false });
    cache.setFigures(1, 'dashboard', { follows: 3 }, T0);
    expect(cache.getFigures(1, 'dashboard', T0 + 1)).toEqual({ follows: 3 });
    expect(cache.getFigures(1, 'search', T0 + 1)).toBeUndefined();
    cache.heard('1');
    expect(cache.getFigures(1, 'dashboard', T0 + 1)).toBeUndefined();
    cache.setFigures(2, 'dashboard', { follows: 1 }, Date.now());
    expect(cache.getFigures(2, 'dashboard', Date.now() + 10_001)).toBeUndefined();
  });

  it('freezes a kept member, so no request can change what the next one reads', () => {
    const cache = new MemberSessionCache({ needsListener: false });
    const e = entry(1);
    cache.set('a', e);
    expect(() => {
      (e.user as { firstName: string }).firstName = 'X';
    }).toThrow(TypeError);
  });

  it('reads the write-time cookie only when it is a millisecond time', () => {
    expect(writtenAtOf('1800000000000')).toBe(1_800_000_000_000);
    expect(writtenAtOf(undefined)).toBe(0);
    expect(writtenAtOf('soon')).toBe(0);
    expect(writtenAtOf('1e20')).toBe(0);
  });
});
