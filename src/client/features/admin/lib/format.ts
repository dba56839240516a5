/**
 * Dates of the console through the interface's formatter: 'MMM d, yyyy' and 'MMM d, yyyy HH:mm'
 * in English, the language's medium date elsewhere.
 */
import type { Formatter } from '#client/lib/format';
import { MINUTE_MS } from '#shared/time';

/** null → 'Not specified'; unparsable → 'Invalid date' (spec document 2 §5). */
export function formatAdminDate(
  value: string | null | undefined,
  format: Formatter,
  texts: { missing: string; invalid: string },
  withTime = true,
): string {
  if (!value) return texts.missing;
  return (withTime ? format.dateTime(value) : format.date(value)) || texts.invalid;
}

/** New when created within 60 s of the reference time, Updated when updated within 60 s, else No Change. */
export function cacheBadge(
  createdAt: string,
  updatedAt: string,
  reference: string,
): 'new' | 'updated' | 'unchanged' {
  const ref = new Date(reference).getTime();
  const within = (iso: string) => Math.abs(ref - new Date(iso).getTime()) <= MINUTE_MS;
  if (within(createdAt)) return 'new';
  if (within(updatedAt)) return 'updated';
  return 'unchanged';
}

/** A size in bytes, counted in 1024s: '512 kB', '1.5 MB'. */
export function formatBytes(bytes: number, format: Formatter): string {
  return format.fileSize(bytes, 1024);
}
