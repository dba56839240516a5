import { describe, expect, it } from 'vitest';
import { operationOf } from './monitored-client';
import { syncCron } from './sync-jobs';

describe('syncCron', () => {
  it('runs every N minutes under an hour, never more often than the source allows', () => {
    expect(syncCron(30, 10, 7)).toBe('*/30 * * * *');
    expect(syncCron(1, 10, 7)).toBe('*/10 * * * *');
    expect(syncCron(5, 15, 13)).toBe('*/15 * * * *');
  });

  it('runs every N/60 hours at its minute past the hour, at most daily', () => {
    expect(syncCron(60, 10, 7)).toBe('7 * * * *');
    expect(syncCron(30, 60, 29)).toBe('29 * * * *');
    expect(syncCron(180, 10, 7)).toBe('7 */3 * * *');
    expect(syncCron(24 * 60, 10, 7)).toBe('7 0 * * *');
  });
});

describe('operationOf', () => {
  it('names the upstream operation of a request path', () => {
    expect(operationOf('/Bills?SortOrder=DateUpdatedDescending&Skip=0&Take=50')).toBe('List bills');
    expect(operationOf('/Bills/2818')).toBe('Fetch bill');
    expect(operationOf('/Bills/2818/Stages?Skip=0&Take=50')).toBe('Fetch bill stages');
    expect(operationOf('/Bills/2818/Stages/12654/Amendments?Skip=0&Take=50')).toBe('Fetch stage amendments');
    expect(operationOf('/Bills/2818/Publications')).toBe('Fetch bill publications');
    expect(operationOf('/update/2026-09-24/legislation/data.feed?sort=date')).toBe('Read Publication Log');
    expect(operationOf('/uksi/2026/1050/data.xml')).toBe('Fetch item metadata');
    expect(operationOf('/ukpga/data.feed?sort=published')).toBe('Read listing');
    expect(operationOf('/billstages')).toBe('Fetch collection');
  });
});
