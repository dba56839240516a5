/** Dates of the console: 'MMM d, yyyy' and 'MMM d, yyyy HH:mm' in English, Intl's medium date elsewhere. */
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short', hourCycle: 'h23' as const } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** null → 'Not specified'; unparsable → 'Invalid date' (spec document 2 §5). */
export function formatAdminDate(
  value: string | null | undefined,
  locale: string,
  texts: { missing: string; invalid: string },
  withTime = true,
): string {
  if (!value) return texts.missing;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return texts.invalid;
  return formatter(locale, withTime).format(date);
}

/** New when created within 60 s of the reference time, Updated when updated within 60 s, else No Change. */
export function cacheBadge(
  createdAt: string,
  updatedAt: string,
  reference: string,
): 'new' | 'updated' | 'unchanged' {
  const ref = new Date(reference).getTime();
  const within = (iso: string) => Math.abs(ref - new Date(iso).getTime()) <= 60_000;
  if (within(createdAt)) return 'new';
  if (within(updatedAt)) return 'updated';
  return 'unchanged';
}

export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit ? 1 : 0,
  }).format(value);
}
