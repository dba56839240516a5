/**
 * The VAPID key pair (RFC 8292) push messages are signed with: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set; otherwise generated once into DATA_DIR (`vapid-keys`, mode 0600,
 * as the service's other generated secrets), so every process on the machine uses the same
 * pair and browsers' subscriptions stay valid across restarts. The private key is never logged.
 */
import webpush from 'web-push';
import type { Config } from '#server/config/config';
import { readOrCreateSecretFile } from './secrets';

export const VAPID_KEYS_FILE = 'vapid-keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for the push services */
  subject: string;
}

type Log = Parameters<typeof readOrCreateSecretFile>[3];

function subjectOf(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.appUrl.startsWith('https://')) return config.appUrl;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}

export function loadVapidKeys(config: Config, log?: Log): VapidKeys {
  const subject = subjectOf(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const stored = readOrCreateSecretFile(
    config.DATA_DIR,
    VAPID_KEYS_FILE,
    () => JSON.stringify(webpush.generateVAPIDKeys()),
    log,
  );
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
