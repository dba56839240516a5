/** Limits and choices of a member's alert preferences and search terms (spec document 1 §2 /preferences). */

export const SEARCH_TERM_MAX_LENGTH = 100;
/** How many search terms one member may keep. */
export const SEARCH_TERMS_PER_MEMBER = 100;
export const PHONE_CODE_LENGTH = 6;

export const ALERT_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
