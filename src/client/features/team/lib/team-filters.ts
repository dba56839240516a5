/** The team view's filters and the query each one asks the server for. */
import { DAY_MS } from '#shared/time';

export const TEAM_FILTERS = ['all', 'assigned', 'action_required', 'due_soon', 'not_assessed'] as const;
export type TeamFilter = (typeof TEAM_FILTERS)[number];

/** How far ahead 'Due in 30 days' looks. */
export const DUE_SOON_DAYS = 30;

export function isTeamFilter(value: string | null): value is TeamFilter {
  return (TEAM_FILTERS as readonly string[]).includes(value ?? '');
}

/** The query string's parameters of a filter (`today` as an ISO date, in the member's day). */
export function teamItemsParams(filter: TeamFilter, page: number, today: string): Record<string, string> {
  const params: Record<string, string> = { page: String(page) };
  if (filter === 'assigned') params.assigned = 'me';
  if (filter === 'action_required') params.status = 'action_required';
  if (filter === 'not_assessed') params.status = 'new';
  if (filter === 'due_soon') params.dueBefore = addDays(today, DUE_SOON_DAYS);
  return params;
}

/** An ISO date `days` after another. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a due date has passed (`today` as an ISO date) and the item is not closed. */
export function isOverdue(dueDate: string | null, status: string, today: string): boolean {
  return dueDate !== null && dueDate < today && status !== 'done' && status !== 'not_applicable';
}

/** Today's ISO date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
