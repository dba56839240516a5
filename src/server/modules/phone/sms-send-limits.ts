/**
 * How many verification codes may be texted: per number 3 in 10 minutes and 5 a day, per member
 * 10 a day, per network (IPv4 address or IPv6 /64) 10 an hour. Counted in rate_limit_buckets
 * (fixed windows shared by every process, subjects stored only as hashes) inside the sending
 * transaction: a refused or failed send rolls its counts back, and concurrent sends for the same
 * subject wait on its bucket row, so no limit can be overrun.
 */
import { isIPv6 } from 'node:net';
import type { DbOrTx } from '#server/db/client';
import { tooManyRequests } from '#server/http/errors';
import { recordHit, type Limit } from '#server/lib/rate-limits';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SMS_SEND_LIMITS = {
  perNumber: {
    scope: 'sms-code-number',
    max: 3,
    windowSeconds: 10 * MINUTE,
    message: 'Too many codes have been sent to this number. Please wait {wait} and try again.',
  },
  perNumberDaily: {
    scope: 'sms-code-number-day',
    max: 5,
    windowSeconds: DAY,
    message: 'This number has received the most codes we send in a day. Please wait {wait} and try again.',
  },
  perMemberDaily: {
    scope: 'sms-code-member-day',
    max: 10,
    windowSeconds: DAY,
    message:
      'You have asked for the most verification codes we send in a day. Please wait {wait} and try again.',
  },
  perNetwork: {
    scope: 'sms-code-ip',
    max: 10,
    windowSeconds: HOUR,
    message:
      'Too many verification codes have been asked for from this network. Please wait {wait} and try again.',
  },
} satisfies Record<string, Limit>;

/** '45 seconds', '7 minutes', '3 hours'. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] =
    s < MINUTE
      ? [s, 'second']
      : s < 90 * MINUTE
        ? [Math.ceil(s / MINUTE), 'minute']
        : [Math.ceil(s / HOUR), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The address an IPv4 client counts under, or the /64 network of an IPv6 one (a household or a host). */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Counts one code for each subject; throws 429 with Retry-After at the first limit it would overrun. */
export async function consumeSmsSendLimits(
  tx: DbOrTx,
  params: { phone: string; userId: number; ip: string },
  now: Date,
): Promise<void> {
  const checks: [Limit, string][] = [
    [SMS_SEND_LIMITS.perNumber, params.phone],
    [SMS_SEND_LIMITS.perNumberDaily, params.phone],
    [SMS_SEND_LIMITS.perMemberDaily, String(params.userId)],
    [SMS_SEND_LIMITS.perNetwork, networkOf(params.ip)],
  ];
  for (const [limit, subject] of checks) {
    const hit = await recordHit(tx, limit, subject, now);
    if (hit.count > limit.max) {
      const seconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
      throw tooManyRequests(seconds, limit.message.replace('{wait}', waitText(seconds)));
    }
  }
}
