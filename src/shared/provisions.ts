/**
 * Provisions of legislation.gov.uk items and their versions, as the redline view names them:
 * a provision path (`section/45`, `regulation/3`, `schedule/2/paragraph/5`) and a version label
 * (`enacted`, `made`, `current` or a date `YYYY-MM-DD`). Zod-free: the schemas and the client use it.
 */

/** The kinds of provision a path may start with. */
export const PROVISION_KINDS = ['section', 'regulation', 'article', 'rule', 'schedule', 'paragraph'] as const;

/** `section/45`, `schedule/2/paragraph/5`: kind/number pairs, numbers like 45, 2A, 164A */
export const PROVISION_PATH = new RegExp(
  `^(?:${PROVISION_KINDS.join('|')})/[0-9]{1,4}[A-Za-z]{0,4}(?:/(?:${PROVISION_KINDS.join('|')})/[0-9]{1,4}[A-Za-z]{0,4}){0,2}$`,
);

/** The versions legislation.gov.uk names without a date. */
export const NAMED_VERSIONS = ['enacted', 'made', 'current'] as const;
export type NamedVersion = (typeof NAMED_VERSIONS)[number];

/** 'YYYY-MM-DD' of a real calendar day */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === value;
}

export const isVersionLabel = (value: string): boolean =>
  (NAMED_VERSIONS as readonly string[]).includes(value) || isCalendarDate(value);

const ABBREVIATIONS: [RegExp, string][] = [
  [/^s\.\s*(\d{1,4}[A-Z]{0,3})\b/, 'section'],
  [/^reg\.\s*(\d{1,4}[A-Z]{0,3})\b/, 'regulation'],
  [/^art\.\s*(\d{1,4}[A-Z]{0,3})\b/, 'article'],
  [/^r\.\s*(\d{1,4}[A-Z]{0,3})\b/, 'rule'],
];

/**
 * The provision path of an effect's affected provisions as legislation.gov.uk writes them
 * ('s. 45(2)(f)' → 'section/45', 'Sch. 2 para. 5' → 'schedule/2/paragraph/5'); null for a
 * range, a list or anything else that names no single provision.
 */
export function provisionPathOf(affected: string | null): string | null {
  const text = affected?.trim();
  if (!text || /^(ss|regs|arts|rr|Schs)\./.test(text) || /\b(to|and)\b|[,–-]\s*\d/.test(text)) return null;
  const schedule = /^Sch\.\s*(\d{1,4}[A-Z]{0,3})\s+para\.\s*(\d{1,4}[A-Z]{0,3})\b/.exec(text);
  if (schedule) return `schedule/${schedule[1]}/paragraph/${schedule[2]}`;
  for (const [pattern, kind] of ABBREVIATIONS) {
    const match = pattern.exec(text);
    if (match) return `${kind}/${match[1]}`;
  }
  return null;
}

/** The day before an ISO date ('2026-06-19' → '2026-06-18'). */
export function dayBefore(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The two versions around an effect in force on `inForceDate`: the day before and that day. */
export function versionsAround(inForceDate: string): { from: string; to: string } {
  return { from: dayBefore(inForceDate), to: inForceDate };
}

/** `GET` path of the redline of a provision between two versions. */
export function diffApiPath(legalChangeId: number, provision: string, from: string, to: string): string {
  const query = new URLSearchParams({ from, to });
  return `/api/legal-changes/${legalChangeId}/provisions/${encodeURIComponent(provision)}/diff?${query}`;
}

/** The page of an item showing the redline of a provision between two versions. */
export function redlinePagePath(legalChangeId: number, provision: string, from: string, to: string): string {
  const query = new URLSearchParams({ tab: 'redline', provision, from, to });
  return `/legal-changes/${legalChangeId}?${query}`;
}
