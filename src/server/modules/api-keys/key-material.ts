/**
 * Making and recognising keys: `lwk_live_` (or `lwk_test_`), 32 random base62 characters and a
 * 6-character CRC-32 checksum of them, so a scanner can tell a real key from a look-alike
 * without asking us. Only the SHA-256 of a key is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX_LIVE, API_KEY_PREFIX_TEST } from '#shared/api-keys';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** how many characters of the random part the visible prefix shows */
const VISIBLE = 8;
const KEY_SHAPE = /^lwk_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

function base62(n: number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    // 248 = 62 × 4: bytes at or above it are dropped, so every character is equally likely
    for (const byte of randomBytes(length)) if (byte < 248 && out.length < length) out += BASE62[byte % 62];
  }
  return out;
}

const checksum = (body: string) => base62(crc32(body), CHECKSUM_LENGTH);

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface NewKey {
  key: string;
  prefix: string;
  hash: string;
}

export function makeKey(mode: 'live' | 'test'): NewKey {
  const start = mode === 'live' ? API_KEY_PREFIX_LIVE : API_KEY_PREFIX_TEST;
  const body = randomBase62(RANDOM_LENGTH);
  const key = `${start}${body}${checksum(body)}`;
  return { key, prefix: `${start}${body.slice(0, VISIBLE)}`, hash: hashKey(key) };
}

/** True when the text has a key's shape and its checksum holds (no database needed). */
export function looksLikeKey(text: string): boolean {
  const m = KEY_SHAPE.exec(text);
  return m !== null && checksum(m[2]!) === m[3];
}
