/**
 * The limits of the account fields (spec document 1 §5), apart from their zod schemas
 * (`schemas/auth.ts`) so that the sign-in and sign-up forms can check them without loading zod.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const VERIFICATION_CODE_LENGTH = 6;

/** The address shape the shared email schema accepts (zod's own `z.email()` pattern). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Exactly six digits. */
export const VERIFICATION_CODE_PATTERN = /^[0-9]{6}$/;
