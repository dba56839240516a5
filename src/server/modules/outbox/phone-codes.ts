/**
 * How long a phone verification code stays valid: the phone module stores it with this expiry
 * and says so in the text, and the sender refuses a code that expired while it waited.
 */
export const CODE_TTL_SECONDS = 10 * 60;
