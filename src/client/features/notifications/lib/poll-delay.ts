import { MINUTE_MS } from '#shared/time';

/** The panel is polled every 3 s while the page is visible (spec) when there is no live stream. */
export const NOTIFICATION_POLL_MS = 3000;
/** …and every 30 s while the page is hidden. */
export const NOTIFICATION_POLL_HIDDEN_MS = 30_000;
/** Longest wait between polls, or between attempts to re-open the stream, after repeated failures. */
export const NOTIFICATION_BACKOFF_MAX_MS = 5 * MINUTE_MS;

/** The wait before the next poll: doubled after each failure in a row, up to five minutes. */
export function nextPollDelay({ hidden, failures }: { hidden: boolean; failures: number }): number {
  return backoff(hidden ? NOTIFICATION_POLL_HIDDEN_MS : NOTIFICATION_POLL_MS, failures);
}

/** `base` doubled `failures` times, at most NOTIFICATION_BACKOFF_MAX_MS. */
export function backoff(base: number, failures: number): number {
  return Math.min(base * 2 ** Math.min(Math.max(failures, 0), 20), NOTIFICATION_BACKOFF_MAX_MS);
}
