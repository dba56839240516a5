import { describe, expect, it } from 'vitest';
import { networkOf, waitText } from './sms-send-limits';

describe('SMS send limits', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('counts %s under %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });

  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [599, '10 minutes'],
    [89 * 60, '89 minutes'],
    [3 * 3600, '3 hours'],
    [86_400, '24 hours'],
  ])('says a wait of %s s as %s', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
