/** Plain rules of the named administrators, shared by the server and the console. */

/** An invite link's token: 256 random bits, base64url. */
export const ADMIN_INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A TOTP code: six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: four groups of four letters or digits, e.g. `k7pq-3mzt-…`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{4}(-?[a-z0-9]{4}){3}$/i;
export const RECOVERY_CODE_COUNT = 10;
/** How long an invite link works. */
export const ADMIN_INVITE_TTL_DAYS = 7;
/** The client route the invite email links to. */
export const ADMIN_ACCEPT_PATH = '/admin/accept-invite';
