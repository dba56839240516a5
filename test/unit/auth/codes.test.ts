import { describe, expect, it } from 'vitest';
import { digestsEqual, generateCode, generateToken, hashCode } from '#server/modules/auth/codes';

describe('codes and tokens', () => {
  it('makes 6-digit codes, leading zeros included', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('makes 256-bit URL-safe tokens', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(token);
  });

  it('binds a code hash to its secret and to what it verifies', () => {
    const a = hashCode('secret-one-that-is-long-enough-000', 'email:1', '123456');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(digestsEqual(a, hashCode('secret-one-that-is-long-enough-000', 'email:1', '123456'))).toBe(true);
    expect(digestsEqual(a, hashCode('secret-one-that-is-long-enough-000', 'email:2', '123456'))).toBe(false);
    expect(digestsEqual(a, hashCode('secret-two-that-is-long-enough-000', 'email:1', '123456'))).toBe(false);
    expect(digestsEqual(a, '')).toBe(false);
  });
});
