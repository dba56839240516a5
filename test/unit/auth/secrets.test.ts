import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { loadSecrets, readOrCreateSecretFile } from '#server/lib/secrets';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'lexwatch-secrets-')), ...env });

describe('secrets', () => {
  it('generates the app secret and the admin password once, into files only their owner can read', () => {
    const c = config();
    const lines: unknown[] = [];
    const log = {
      info: (o: unknown, m?: string) => lines.push([o, m]),
      warn: (o: unknown, m?: string) => lines.push([o, m]),
    };
    const secrets = loadSecrets(c, log);
    expect(secrets.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(secrets.adminPassword.length).toBeGreaterThanOrEqual(20);
    expect(secrets.adminPasswordFile).toBe(join(c.DATA_DIR, 'admin-password'));
    for (const file of ['app-secret', 'admin-password'])
      expect(statSync(join(c.DATA_DIR, file)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(c.DATA_DIR, 'admin-password'), 'utf8').trim()).toBe(secrets.adminPassword);
    const logged = JSON.stringify(lines);
    expect(logged).toContain(join(c.DATA_DIR, 'admin-password'));
    expect(logged).not.toContain(secrets.adminPassword);
    expect(logged).not.toContain(secrets.appSecret);
    // a second process reads the same values
    expect(readOrCreateSecretFile(c.DATA_DIR, 'app-secret', () => 'other')).toBe(secrets.appSecret);
  });

  it('prefers the environment and writes no file then', () => {
    const c = config({ APP_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'an admin password' });
    const secrets = loadSecrets(c);
    expect(secrets).toEqual({
      appSecret: 'x'.repeat(40),
      adminPassword: 'an admin password',
      adminPasswordFile: null,
    });
    expect(() => statSync(join(c.DATA_DIR, 'admin-password'))).toThrow();
  });

  it('tightens a secret file that others could read', () => {
    const c = config();
    writeFileSync(join(c.DATA_DIR, 'app-secret'), 'y'.repeat(40));
    chmodSync(join(c.DATA_DIR, 'app-secret'), 0o644);
    expect(readOrCreateSecretFile(c.DATA_DIR, 'app-secret', () => 'unused')).toBe('y'.repeat(40));
    expect(statSync(join(c.DATA_DIR, 'app-secret')).mode & 0o777).toBe(0o600);
  });
});
