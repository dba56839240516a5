/**
 * The account forms' own checks, the same rules as the shared schemas (`#shared/schemas/auth`)
 * without loading zod on the sign-in page. They only spare a round trip: the server checks every
 * request again with the schemas, and its answer (a 4xx with a message) is shown as it comes.
 * test/unit/auth/form-rules.test.ts holds each rule against its schema.
 *
 * A rule answers the first problem of a value, in the order the schema finds them, as the kind
 * of problem `validation.<field>.<kind>` messages are written for (see `#client/lib/form-errors`).
 */
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_PATTERN,
} from '#shared/auth-limits';
import type { IssueKind } from '#client/lib/form-errors';

export interface FieldIssue {
  kind: IssueKind;
  minimum?: number;
  maximum?: number;
}

/** Lengths count characters (code points), as the schemas do: an emoji is one, not two. */
const length = (value: string) => [...value].length;

const required: FieldIssue = { kind: 'required', minimum: 1 };
const tooLong = (maximum: number): FieldIssue => ({ kind: 'tooLong', maximum });

/** An email address: surrounding spaces removed, then 1–254 characters of the accepted shape. */
export function checkEmail(value: string): FieldIssue | null {
  const email = value.trim();
  if (length(email) < 1) return required;
  if (length(email) > EMAIL_MAX_LENGTH) return tooLong(EMAIL_MAX_LENGTH);
  return EMAIL_PATTERN.test(email) ? null : { kind: 'invalidEmail' };
}

/** The password of a sign-in: anything from 1 to 256 characters. */
export function checkCurrentPassword(value: string): FieldIssue | null {
  if (length(value) < 1) return required;
  return length(value) > PASSWORD_MAX_LENGTH ? tooLong(PASSWORD_MAX_LENGTH) : null;
}

/** A new password: 8–256 characters, no composition rules. */
export function checkNewPassword(value: string): FieldIssue | null {
  if (length(value) < PASSWORD_MIN_LENGTH) return { kind: 'tooShort', minimum: PASSWORD_MIN_LENGTH };
  return length(value) > PASSWORD_MAX_LENGTH ? tooLong(PASSWORD_MAX_LENGTH) : null;
}

/** The new password typed again: required, and the same as the first. */
export function checkConfirmation(value: string, password: string): FieldIssue | null {
  if (length(value) < 1) return required;
  return value === password ? null : { kind: 'custom' };
}

/** A first or last name: 1–100 characters after trimming. */
export function checkName(value: string): FieldIssue | null {
  const name = value.trim();
  if (length(name) < 1) return required;
  return length(name) > NAME_MAX_LENGTH ? tooLong(NAME_MAX_LENGTH) : null;
}

/** The emailed code: six digits, surrounding spaces removed. */
export function checkVerificationCode(value: string): FieldIssue | null {
  const code = value.trim();
  if (length(code) < 1) return required;
  if (length(code) > VERIFICATION_CODE_LENGTH) return tooLong(VERIFICATION_CODE_LENGTH);
  return VERIFICATION_CODE_PATTERN.test(code) ? null : { kind: 'invalidFormat' };
}
