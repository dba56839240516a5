/**
 * Password hashing (argon2id, OWASP parameters) and the password policy: 8–256 characters,
 * no composition rules, checked exactly as typed, refused when it is one of the 30,000 most
 * common passwords or is made of the member's own name or email.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { badRequest } from '#server/http/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/schemas/auth';
import commonPasswords from './data/common-passwords.json';

/** OWASP Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
export const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** Hashes run on libuv's thread pool; two at a time keeps a login flood from starving it or memory. */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export const hashPassword = (password: string) => limited(() => hash(password, ARGON2_OPTIONS));

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  return limited(() => verify(stored, password).catch(() => false));
}

/** True when a stored hash was made with other parameters and should be replaced at sign-in. */
export const needsRehash = (stored: string) => !stored.startsWith(ARGON2_PREFIX);

let dummyHash: Promise<string> | null = null;
/**
 * Runs one verification against a throw-away hash, so that an unknown email costs the same
 * time as a known one.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('lexwatch-dummy-password-for-equal-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

const COMMON = new Set<string>(commonPasswords.passwords);
export const COMMON_PASSWORD_COUNT = COMMON.size;

/** Words that make a password easy to guess for this service and this member. */
function contextWords(context: PasswordContext): string[] {
  const words = ['lexwatch', 'legislation', 'parliament', 'statute'];
  const email = context.email?.toLowerCase().trim();
  if (email) words.push(email, email.split('@')[0] ?? '');
  for (const name of [context.firstName, context.lastName]) if (name) words.push(name.toLowerCase().trim());
  if (context.firstName && context.lastName)
    words.push(`${context.firstName}${context.lastName}`.toLowerCase().replace(/\s+/g, ''));
  return words.filter((w) => w.length >= 3);
}

export interface PasswordContext {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common' | 'too_personal';

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  const lower = password.normalize('NFKC').toLowerCase();
  // "password2024!" is as guessable as "password": also look at the word before trailing digits and symbols
  const base = lower.replace(/[\p{N}\p{P}\p{S}\s]+$/u, '');
  if (COMMON.has(lower) || (base.length >= 4 && COMMON.has(base))) return 'too_common';
  const compact = (s: string) => s.replace(/\s+/g, '');
  if (contextWords(context).some((w) => compact(lower) === compact(w) || compact(base) === compact(w)))
    return 'too_personal';
  return null;
}

const MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  too_long: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  too_common: 'This password is one of the most commonly used passwords. Please choose a less common one.',
  too_personal:
    'This password is too easy to guess from your name, your email or this service. Please choose another one.',
};

/** Throws a 400 naming the field when the new password is refused. */
export function assertAcceptablePassword(password: string, context: PasswordContext, field: string): void {
  const problem = passwordProblem(password, context);
  if (!problem) return;
  const code =
    problem === 'too_common'
      ? 'password_too_common'
      : problem === 'too_personal'
        ? 'password_too_personal'
        : 'invalid_password';
  const error = badRequest(MESSAGES[problem], [{ field, message: MESSAGES[problem] }], code);
  if (problem === 'too_short')
    error.localized('errors.invalidPasswordTooShort', { min: PASSWORD_MIN_LENGTH });
  if (problem === 'too_long') error.localized('errors.invalidPasswordTooLong', { max: PASSWORD_MAX_LENGTH });
  throw error;
}
