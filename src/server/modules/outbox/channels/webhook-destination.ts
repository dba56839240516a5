/**
 * Where a team-chat webhook may post: only `https://` hosts whose every address is public. Private
 * (RFC 1918), loopback, link-local, CGNAT, multicast, reserved, unique-local IPv6 and IPv4-mapped
 * IPv6 forms of those are refused, as literal addresses and as what a name resolves to. The check
 * runs when a hook is added and again inside the connection's own DNS lookup at delivery (so a
 * name that re-resolves to a private address later, DNS rebinding, is refused too).
 *
 * WEBHOOK_ALLOW_PRIVATE_HOSTS (tests only) lists hosts or addresses that may be reached anyway,
 * over plain http as well.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible forms
  ['64:ff9b::', 96], // NAT64 (embeds IPv4)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address a webhook must never reach. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  // IPv4-mapped forms (::ffff:127.0.0.1, ::ffff:7f00:1) are checked against the IPv4 ranges
  if (family === 6) return blocked.check(address, 'ipv6');
  return true; // not an address at all
}

export class WebhookDestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookDestinationError';
  }
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** Refuses a malformed URL, a scheme other than https (unless allow-listed) or credentials in it. */
export function parseWebhookUrl(raw: string, allowPrivate: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookDestinationError('Enter the full webhook URL, starting with https://.');
  }
  const allowed = allowPrivate.includes(hostOf(url));
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:'))
    throw new WebhookDestinationError('The webhook URL must start with https://.');
  if (url.username || url.password)
    throw new WebhookDestinationError('The webhook URL must not contain a user name or password.');
  return url;
}

const refusedMessage =
  'This webhook URL points to a private, local or reserved network address. Use the public URL Slack or Teams gave you.';

/** Checks addresses of `host` (already resolved): every one must be public or allow-listed. */
export function checkAddresses(
  host: string,
  addresses: readonly string[],
  allowPrivate: readonly string[],
): void {
  if (allowPrivate.includes(host.toLowerCase())) return;
  if (!addresses.length) throw new WebhookDestinationError('The webhook host could not be found.');
  for (const address of addresses)
    if (isNonPublicAddress(address) && !allowPrivate.includes(address.toLowerCase()))
      throw new WebhookDestinationError(refusedMessage);
}

/** Parses and checks a destination, resolving its host (every address). */
export async function checkWebhookDestination(raw: string, allowPrivate: readonly string[]): Promise<URL> {
  const url = parseWebhookUrl(raw, allowPrivate);
  const host = hostOf(url);
  if (isIP(host)) {
    checkAddresses(host, [host], allowPrivate);
    return url;
  }
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new WebhookDestinationError('The webhook host could not be found.');
  }
  checkAddresses(host, addresses, allowPrivate);
  return url;
}

/** `https://hooks.slack.com/…/XYZ9`: the origin and the last four characters, never the secret path. */
export function maskWebhookUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const tail = (url.pathname.split('/').filter(Boolean).pop() ?? '').slice(-4);
    return `${url.protocol}//${url.host}/…${tail ? `/${tail}` : ''}`;
  } catch {
    return '…';
  }
}
