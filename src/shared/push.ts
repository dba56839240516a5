/** Browser push (Web Push): how many browsers a member may have it in, and how long a push waits. */

/** A member's newest subscriptions kept; an older one beyond these is dropped when another is added. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;
/** How long a push service keeps an undelivered alert for a browser that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The largest push endpoint accepted (push services' are well under 1,000 characters). */
export const PUSH_ENDPOINT_MAX = 2000;
