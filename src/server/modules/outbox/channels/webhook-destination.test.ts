import { describe, expect, it } from 'vitest';
import {
  checkWebhookDestination,
  isNonPublicAddress,
  maskWebhookUrl,
  WebhookDestinationError,
} from './webhook-destination';

describe('webhook destinations', () => {
  it.each([
    '0.0.0.0',
    '10.20.30.40',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
  ])('refuses %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.63.255.255', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );

  it('refuses literal private hosts, http and odd spellings of loopback unless allow-listed', async () => {
    for (const url of [
      'http://93.184.216.34/x',
      'https://127.0.0.1/x',
      'https://0x7f.1/x', // the URL parser reads this as 127.0.0.1
      'https://2130706433/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'ftp://93.184.216.34/x',
      'not a url',
    ])
      await expect(checkWebhookDestination(url, []), url).rejects.toBeInstanceOf(WebhookDestinationError);
    await expect(checkWebhookDestination('http://127.0.0.1:9/x', ['127.0.0.1'])).resolves.toBeInstanceOf(URL);
    await expect(checkWebhookDestination('https://93.184.216.34/x', [])).resolves.toBeInstanceOf(URL);
  });

  it('masks all but the origin and the last four characters of the last path segment', () => {
    expect(maskWebhookUrl('https://hooks.slack.com/services/T000/B000/abcdefXYZ9')).toBe(
      'https://hooks.slack.com/…/XYZ9',
    );
    expect(
      maskWebhookUrl(
        'https://prod.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=SECRET',
      ),
    ).toBe('https://prod.westeurope.logic.azure.com/…/voke');
    expect(maskWebhookUrl('nonsense')).toBe('…');
  });
});
