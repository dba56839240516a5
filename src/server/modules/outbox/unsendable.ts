/** Messages of a channel with no provider configured are kept in full for the administrator. */
import type { DbOrTx } from '#server/db/client';
import type { SenderLog } from './channels/channel';
import { keepQueuedOf } from './outbox.queries';

const SETTINGS = {
  email: { label: 'Email', setting: 'SMTP_URL' },
  sms: { label: 'SMS', setting: 'SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM' },
} as const;

/** Logged once per process and channel: the first time messages are kept. */
const keptNoticeLogged = { email: false, sms: false };

/** Marks the queued messages of these channels 'kept'; returns how many. */
export async function keepUnsendable(
  db: DbOrTx,
  log: SenderLog,
  channels: readonly ('email' | 'sms')[],
): Promise<number> {
  let kept = 0;
  for (const channel of channels) {
    const count = await keepQueuedOf(db, channel);
    kept += count;
    if (count && !keptNoticeLogged[channel]) {
      keptNoticeLogged[channel] = true;
      const { label, setting } = SETTINGS[channel];
      log.info(
        { channel, count },
        `${label} is not configured (${setting} unset): messages are kept in full in the outbox table; read them in the admin Notifications tab (/admin)`,
      );
    }
  }
  return kept;
}
