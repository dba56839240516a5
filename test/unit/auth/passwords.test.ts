import { describe, expect, it, vi } from 'vitest';
import {
  ARGON2_PREFIX,
  COMMON_PASSWORD_COUNT,
  hashPassword,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from '#server/modules/auth/passwords';

const member = { email: 'grace.hopper@example.test', firstName: 'Grace', lastName: 'Hopper' };

describe('password policy', () => {
  it('ships a list of at least 10,000 common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  });

  it.each([
    ['a twelve-character passphrase with spaces', 'blue kettle at dawn'],
    ['exactly 8 characters, no composition rules', 'zqxjvbwk'],
    ['256 characters', 'k'.repeat(255) + 'é'],
    ['emoji and other scripts', '🦉 ночь сова 夜'],
    ['a long sentence that contains a common word', 'my password is a lighthouse keeper'],
  ])('accepts %s', (_label, password) => {
    expect(passwordProblem(password, member)).toBeNull();
  });

  it.each([
    ['7 characters', 'sevench', 'too_short'],
    ['257 characters', 'k'.repeat(257), 'too_long'],
    ['a top-list password', 'iloveyou', 'too_common'],
    ['a top-list password in capitals', 'QWERTYUIOP', 'too_common'],
    ['a common word with digits and symbols after it', 'password1234', 'too_common'],
    ['the product name with a year', 'lexwatch2025!', 'too_personal'],
    ['the member’s own name', 'Grace Hopper', 'too_personal'],
    ['the member’s email', 'grace.hopper@example.test', 'too_personal'],
    ['the email’s local part with a number', 'grace.hopper99', 'too_personal'],
  ])('refuses %s', (_label, password, problem) => {
    expect(passwordProblem(password, member)).toBe(problem);
  });

  it('checks exactly what was typed: no trimming or truncation', () => {
    expect(passwordProblem(' iloveyou ', member)).toBeNull();
  });
});

describe('argon2id hashing', () => {
  it('stores argon2id with at least the OWASP parameters and verifies only the same password', async () => {
    expect(ARGON2_PREFIX).toBe('$argon2id$v=19$m=19456,t=2,p=1$');
    const hash = await hashPassword('blue kettle at dawn');
    expect(hash.startsWith(ARGON2_PREFIX)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword(hash, 'blue kettle at dawn')).toBe(true);
    expect(await verifyPassword(hash, 'blue kettle at dawn ')).toBe(false);
    expect(await verifyPassword('not-a-usable-hash', 'anything')).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$abc$def')).toBe(true);
  });

  it('does the same work for an unknown account as for a known one: one verification of an argon2id hash with the same parameters', async () => {
    // the module again, on the real argon2 watched: which hashes it verifies, with which parameters
    const real = await vi.importActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
    const verify = vi.fn(real.verify);
    vi.resetModules();
    vi.doMock('@node-rs/argon2', () => ({ ...real, verify }));
    const passwords = await import('#server/modules/auth/passwords');
    vi.doUnmock('@node-rs/argon2');
    vi.resetModules();
    const known = await passwords.hashPassword('blue kettle at dawn');
    expect(await passwords.verifyPassword(known, 'wrong password')).toBe(false);
    expect(await passwords.verifyAgainstDummy('wrong password')).toBe(false);
    expect(verify).toHaveBeenCalledTimes(2);
    const [[knownHash, knownTry], [dummyHash, dummyTry]] = verify.mock.calls as unknown as [
      [string, string],
      [string, string],
    ];
    expect([knownHash, knownTry]).toEqual([known, 'wrong password']);
    expect(dummyTry).toBe('wrong password');
    // the same algorithm, memory, time and parallelism, and a salt and hash of the same lengths
    const shape = (hash: string) => hash.split('$').map((part, i) => (i < 4 ? part : part.length));
    expect(dummyHash.startsWith(ARGON2_PREFIX)).toBe(true);
    expect(shape(dummyHash)).toEqual(shape(knownHash));
    expect(dummyHash).not.toBe(knownHash);
  });
});
