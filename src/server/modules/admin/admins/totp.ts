/**
 * The administrators' second factor: RFC 6238 TOTP (SHA-1, six digits, 30-second steps) through
 * `otpauth`, the secret kept encrypted (AES-256-GCM, key derived from APP_SECRET) because it must
 * be read back to check codes, and ten one-use recovery codes stored only as HMACs.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '#shared/admin-admins';

const ISSUER = 'Lexwatch';
const PERIOD_SECONDS = 30;

const keyOf = (appSecret: string) => createHmac('sha256', appSecret).update('admin-totp-secret-key').digest();

export function encryptTotpSecret(appSecret: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptTotpSecret(appSecret: string, stored: string): string {
  const [, iv, tag, sealed] = stored.split('.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

const totpOf = (base32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(base32), period: PERIOD_SECONDS });

/** A new secret (160 bits, base32) and its otpauth:// URL for authenticator apps. */
export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, label).toString() };
}

/**
 * The 30-second step a code is valid for (the current one or either neighbour, for clock
 * drift), or null. The caller accepts a step only once.
 */
export function totpStepOf(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32, ISSUER).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7pq-3mzt-a9xe-w2rd` (about 80 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 4 }, () =>
      Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
    ).join('-'),
  );
}

/** The stored form of a recovery code, bound to its administrator; dashes and case do not matter. */
export const hashRecoveryCode = (appSecret: string, adminId: number, code: string) =>
  createHmac('sha256', appSecret)
    .update(`admin-recovery:${adminId}\n${code.replace(/-/g, '').toLowerCase()}`)
    .digest('hex');
