/**
 * Plain values the client and server share that the zod schemas don't need: kept apart from
 * `schemas/` so a screen can read one without downloading zod.
 */

/** Search answers at most this many ranked results. */
export const SEARCH_RESULT_CAP = 1000;
/** Counts stop here: a larger total is answered as 10,000 with `totalCapped` (shown as "10,000+"). */
export const TOTAL_COUNT_CAP = 10_000;

/** Marker in an error message meaning the AI service refused our key: show "needs configuration". */
export const AI_NOT_CONFIGURED_MARKER = 'AI_NOT_CONFIGURED';
