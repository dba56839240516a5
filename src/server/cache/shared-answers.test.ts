import { describe, expect, it } from 'vitest';
import { SharedAnswers } from './shared-answers';

function setup(freshMs = 1000, maxEntries = 10) {
  let now = 0;
  const answers = new SharedAnswers({ freshMs, maxEntries, now: () => now });
  let reads = 0;
  const pending: ((value: string) => void)[] = [];
  /** a read that answers `body` at once, or when `release()` is called */
  const load =
    (body: string, wait = false) =>
    () => {
      reads++;
      return wait
        ? new Promise<Buffer>((resolve) => pending.push((v) => resolve(Buffer.from(v))))
        : Promise.resolve(Buffer.from(body));
    };
  const text = async (p: Promise<Buffer>) => (await p).toString();
  return {
    answers,
    load,
    text,
    reads: () => reads,
    advance: (ms: number) => (now += ms),
    release: (body: string) => pending.shift()!(body),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('SharedAnswers', () => {
  it('answers a fresh answer without reading again', async () => {
    const s = setup();
    expect(await s.text(s.answers.get('k', s.load('one')))).toBe('one');
    s.advance(999);
    expect(await s.text(s.answers.get('k', s.load('two')))).toBe('one');
    expect(s.reads()).toBe(1);
  });

  it('answers a stale answer while one request reads it again, then the new one', async () => {
    const s = setup();
    await s.answers.get('k', s.load('one'));
    s.advance(1500);
    expect(await s.text(s.answers.get('k', s.load('two', true)))).toBe('one');
    expect(await s.text(s.answers.get('k', s.load('three')))).toBe('one');
    expect(s.reads()).toBe(2);
    s.release('two');
    await tick();
    expect(await s.text(s.answers.get('k', s.load('four')))).toBe('two');
    expect(s.reads()).toBe(2);
  });

  it('never answers an answer older than twice the fresh time', async () => {
    const s = setup();
    await s.answers.get('k', s.load('one'));
    s.advance(2000);
    expect(await s.text(s.answers.get('k', s.load('two')))).toBe('two');
  });

  it('reads once for requests arriving together, and keeps no failed read', async () => {
    const s = setup();
    const first = s.answers.get('k', s.load('one', true));
    const second = s.answers.get('k', s.load('other'));
    s.release('one');
    expect([await s.text(first), await s.text(second)]).toEqual(['one', 'one']);
    expect(s.reads()).toBe(1);

    await expect(s.answers.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await s.text(s.answers.get('bad', s.load('up')))).toBe('up');
  });

  it('keeps no answer read across a clear', async () => {
    const s = setup();
    const reading = s.answers.get('k', s.load('before', true));
    s.answers.clear();
    s.release('before');
    expect(await s.text(reading)).toBe('before');
    expect(await s.text(s.answers.get('k', s.load('after')))).toBe('after');
  });

  it('shares nothing when the fresh time is 0', async () => {
    const s = setup(0);
    await s.answers.get('k', s.load('one'));
    expect(await s.text(s.answers.get('k', s.load('two')))).toBe('two');
    expect(s.answers.size).toBe(0);
  });

  it('keeps at most maxEntries answers, dropping expired ones first, then the oldest', async () => {
    const s = setup(1000, 3);
    await s.answers.get('a', s.load('a'));
    s.advance(2500);
    await s.answers.get('b', s.load('b'));
    await s.answers.get('c', s.load('c'));
    await s.answers.get('d', s.load('d'));
    expect(s.answers.size).toBe(3);
    await s.answers.get('e', s.load('e'));
    expect(s.answers.size).toBe(3);
    const before = s.reads();
    await s.answers.get('b', s.load('b2'));
    expect(s.reads()).toBe(before + 1);
  });
});
