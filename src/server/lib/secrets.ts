/**
 * The service's own secrets: APP_SECRET (keys for codes, CSRF tokens and signed links) and the
 * administrator password. Each comes from the environment; when unset it is generated once into
 * a file in DATA_DIR that only the owner can read, so every process on the machine shares it.
 * The log names the file, never the value.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';

export const APP_SECRET_FILE = 'app-secret';
export const ADMIN_PASSWORD_FILE = 'admin-password';

export interface Secrets {
  /** at least 32 characters; keys HMACs, never sent anywhere */
  appSecret: string;
  /** the administrator password in clear, only to be hashed at start-up */
  adminPassword: string;
  /** where a generated administrator password is kept, or null when it came from ADMIN_PASSWORD */
  adminPasswordFile: string | null;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Reads the secret in `file`, or creates it with `generate()`; the file is mode 0600. */
export function readOrCreateSecretFile(
  dataDir: string,
  file: string,
  generate: () => string,
  log?: Log,
): string {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(dataDir, file);
  try {
    writeFileSync(path, `${generate()}\n`, { flag: 'wx', mode: 0o600 });
    log?.info({ file: path }, `generated ${file}; it is kept in this file, readable only by its owner`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if ((statSync(path).mode & 0o077) !== 0) {
      chmodSync(path, 0o600);
      log?.warn({ file: path }, 'the secret file was readable by others; its mode is now 0600');
    }
  }
  const value = readFileSync(path, 'utf8').trim();
  if (!value) throw new Error(`The secret file ${path} is empty; delete it to have a new one generated.`);
  return value;
}

/**
 * The secrets for this configuration, read (or created) from the files each call: a process reads
 * them once at start-up (main.ts; an app built without them, once in buildApp) and passes them on.
 */
export function loadSecrets(config: Config, log?: Log): Secrets {
  const appSecret =
    config.APP_SECRET ??
    readOrCreateSecretFile(
      config.DATA_DIR,
      APP_SECRET_FILE,
      () => randomBytes(48).toString('base64url'),
      log,
    );
  let adminPassword = config.ADMIN_PASSWORD;
  let adminPasswordFile: string | null = null;
  if (!adminPassword) {
    adminPassword = readOrCreateSecretFile(
      config.DATA_DIR,
      ADMIN_PASSWORD_FILE,
      () => randomBytes(18).toString('base64url'),
      log,
    );
    adminPasswordFile = resolve(config.DATA_DIR, ADMIN_PASSWORD_FILE);
    log?.info(
      { file: adminPasswordFile },
      'ADMIN_PASSWORD is not set: the administrator password is in this file',
    );
  }
  return { appSecret, adminPassword, adminPasswordFile };
}
