import { describe, expect, it } from 'vitest';
import { amendmentsText, listsAmendments } from './kind-text';

describe('the Amendments tab’s words', () => {
  it('syncs amendments only for UK Parliament bills, the only bills the server syncs them for', () => {
    expect(listsAmendments('uk_parliament_bill')).toBe(true);
    expect(listsAmendments('scottish_parliament_bill')).toBe(false);
    expect(listsAmendments('us_bill')).toBe(false);
    expect(listsAmendments(undefined)).toBe(false);
  });

  it('says where the amendments are for a bill the service does not list them for', () => {
    expect(amendmentsText('bill', 'uk_parliament_bill')).toBe('legalChange.amendments.empty');
    expect(amendmentsText('bill', 'scottish_parliament_bill')).toBe('legalChange.amendments.ukBillsOnly');
    expect(amendmentsText('other', 'us_bill')).toBe('legalChange.amendments.ukBillsOnly');
    expect(amendmentsText('other', 'ca_bill')).toBe('legalChange.amendments.ukBillsOnly');
  });

  it('an Act or instrument is no bill', () => {
    expect(amendmentsText('act', 'ukpga')).toBe('legalChange.amendments.notBill');
    expect(amendmentsText('instrument', 'uksi')).toBe('legalChange.amendments.notBill');
  });
});
