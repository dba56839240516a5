import { describe, expect, it } from 'vitest';
import { InFlightRuns } from './in-flight-runs';

describe('InFlightRuns', () => {
  it('shares a run under way for the same key, and forgets it once settled', async () => {
    const runs = new InFlightRuns<number, string>();
    let started = 0;
    let finish: (value: string) => void = () => {};
    const start = () => {
      started++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = runs.run(1, start);
    const second = runs.run(1, start);
    expect(second).toBe(first);
    expect(started).toBe(1);
    finish('done');
    await expect(first).resolves.toBe('done');
    expect(runs.size).toBe(0);
    void runs.run(1, start);
    expect(started).toBe(2);
    finish('again');
  });

  it('forgets a failed run too', async () => {
    const runs = new InFlightRuns<string, number>();
    await expect(runs.run('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(runs.run('a', () => Promise.resolve(2))).resolves.toBe(2);
  });
});
