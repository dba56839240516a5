/** The load bench's report: its figures as Markdown. */
import { cpus } from 'node:os';
import type { IntervalHistogram } from 'node:perf_hooks';
import {
  AFTER_WRITE_MS,
  BATCHES,
  KINDS,
  type Kind,
  MEMBERS,
  percentile,
  POLL_MS,
  ROWS,
  SECONDS,
} from './load.bench-kit';

/** What a process holds: RSS and live heap in MiB, one entry a process. */
export type Memory = { rss: number[]; heap: number[] };

export interface LoadFigures {
  elapsed: number;
  /** change events written */
  changes: number;
  loadBefore: number;
  loadAfter: number;
  timings: Map<Kind, number[]>;
  errors: Map<Kind, string[]>;
  /** every request of the run: when it started (Date.now) and how long it took */
  samples: { kind: Kind; at: number; ms: number }[];
  /** when each write batch began and when its matcher job was sent */
  batchWindows: { from: number; to: number }[];
  generatorDelay: IntervalHistogram;
  total: number[];
  matching: number[];
  delivery: number[];
  expected: number;
  /** notifications written */
  written: number;
  undelivered: number;
  processes: { name: string }[];
  before: Memory;
  steadyMemory: Memory;
  after: Memory;
  settled: Memory;
}

export function loadReport(f: LoadFigures): string {
  const { elapsed, changes, loadBefore, loadAfter, timings, errors, samples, batchWindows, generatorDelay } =
    f;
  const { total, matching, delivery, expected, written, undelivered, processes } = f;
  const { before, steadyMemory, after, settled } = f;
  // requests that started within 2 s after a write batch began (its commit, the matcher's run
  // and the notifications it writes) against the rest: does the tail line up with the writes?
  const nearWrite = (at: number) => batchWindows.some((w) => at >= w.from && at <= w.to + AFTER_WRITE_MS);
  const tailRows = KINDS.filter((k) => k !== 'stream').map((k) => {
    const near = samples.filter((s) => s.kind === k && nearWrite(s.at)).map((s) => s.ms);
    const away = samples.filter((s) => s.kind === k && !nearWrite(s.at)).map((s) => s.ms);
    for (const list of [near, away]) list.sort((a, b) => a - b);
    return { k, near, away };
  });
  const delayMs = (p: number) => generatorDelay.percentile(p) / 1e6;

  const ms = (v: number) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : Math.round(v).toString());
  const errorCount = [...errors.values()].reduce((n, e) => n + e.length, 0);
  const lines = [
    `${MEMBERS} signed-in members for ${elapsed.toFixed(0)} s against 2 web processes and 1 worker (the built service) on one PostgreSQL, ${ROWS.toLocaleString('en-GB')} legal changes; each member holds a notification stream and every ${POLL_MS / 1000} s polls notifications, and in 30% / 20% / 10% of the ticks also lists, searches or follows. Meanwhile ${changes} change events are written in ${BATCHES} transactions, each followed by the alert matcher's job. The load generator shares the machine's ${cpus().length} cores with the 3 processes and PostgreSQL (and whatever else runs there: the 1-minute load average was ${loadBefore.toFixed(1)} as the run began and ${loadAfter.toFixed(1)} at its end).`,
    '',
    `**Errors: ${errorCount}**${errorCount ? ` (${[...errors].flatMap(([k, e]) => (e.length ? [`${k}: ${e.length}, e.g. ${e[0]}`] : [])).join('; ')})` : ''}`,
    '',
    '| request | count | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|',
    ...KINDS.map((k) => {
      const t = [...timings.get(k)!].sort((a, b) => a - b);
      return `| ${k === 'stream' ? 'stream opened (before the run)' : k} | ${t.length} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 99))} | ${errors.get(k)!.length} |`;
    }),
    '',
    `Within ${AFTER_WRITE_MS / 1000} s after a write batch began, against the rest of the run:`,
    '',
    '| request | near a write: count, p50, p99 ms | away from writes: count, p50, p99 ms |',
    '|---|---|---|',
    ...tailRows.map(
      ({ k, near, away }) =>
        `| ${k} | ${near.length}, ${ms(percentile(near, 50))}, ${ms(percentile(near, 99))} | ${away.length}, ${ms(percentile(away, 50))}, ${ms(percentile(away, 99))} |`,
    ),
    '',
    `The load generator's own event-loop delay (it times every request, so its delay is in every figure): p50 ${ms(delayMs(50))} ms, p99 ${ms(delayMs(99))} ms, max ${ms(generatorDelay.max / 1e6)} ms.`,
    '',
    '| change → alert | count | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    `| change committed → the member's stream reads the notification | ${total.length} | ${ms(percentile(total, 50))} | ${ms(percentile(total, 99))} | ${ms(total.at(-1) ?? NaN)} |`,
    `| of which matching: change committed → notification row (worker) | ${matching.length} | ${ms(percentile(matching, 50))} | ${ms(percentile(matching, 99))} | ${ms(matching.at(-1) ?? NaN)} |`,
    `| of which delivery: notification row → stream (web, LISTEN/NOTIFY) | ${delivery.length} | ${ms(percentile(delivery, 50))} | ${ms(percentile(delivery, 99))} | ${ms(delivery.at(-1) ?? NaN)} |`,
    '',
    `Notifications expected (follows of the changed items made before the run): ${expected}; written: ${written}; not read on a stream within 20 s of the run's end: ${undelivered}.`,
    '',
    `Memory before the load (streams open, warmed up), a quarter into the load (${Math.round(SECONDS / 4)} s, its working set in place), at its end and 15 s later. The live heap is what each process still holds right after a full garbage collection (asked through its inspector), the measure of a leak; RSS also counts the room V8 lets its heap take between collections under load, and what the allocator keeps. "Under load" is the growth from the quarter to the end, under the same load.`,
    '',
    '| process | live heap MiB: before / a quarter in / end / 15 s later | heap growth under load | heap vs before, 15 s later | RSS MiB: before / a quarter in / end / 15 s later | RSS growth under load |',
    '|---|---|---:|---:|---|---:|',
    ...processes.map((p, i) => {
      const change = (v: number, from: number) => `${(((v - from) / from) * 100).toFixed(1)}%`;
      const series = (k: 'rss' | 'heap') =>
        [before, steadyMemory, after, settled].map((m) => m[k][i]!.toFixed(k === 'heap' ? 1 : 0)).join(' / ');
      return `| ${p.name} | ${series('heap')} | ${change(after.heap[i]!, steadyMemory.heap[i]!)} | ${change(settled.heap[i]!, before.heap[i]!)} | ${series('rss')} | ${change(after.rss[i]!, steadyMemory.rss[i]!)} |`;
    }),
  ];
  return lines.join('\n');
}
