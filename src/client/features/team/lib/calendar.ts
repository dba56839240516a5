/** A month's calendar: its first and last ISO dates and its weeks (Monday first), days outside it `null`. */
export interface MonthGrid {
  from: string;
  to: string;
  weeks: (string | null)[][];
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** `month` is 'YYYY-MM'. */
export function monthGrid(month: string): MonthGrid {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  // Monday 0 … Sunday 6
  const lead = (new Date(Date.UTC(year, m - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => iso(year, m, i + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { from: iso(year, m, 1), to: iso(year, m, days), weeks };
}

/** The month `delta` months after `month` ('YYYY-MM'). */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(year, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Events grouped by their date, in date order. */
export function byDate<E extends { date: string }>(events: readonly E[]): Map<string, E[]> {
  const groups = new Map<string, E[]>();
  for (const event of [...events].sort((a, b) => a.date.localeCompare(b.date))) {
    const day = event.date.slice(0, 10);
    groups.set(day, [...(groups.get(day) ?? []), event]);
  }
  return groups;
}
