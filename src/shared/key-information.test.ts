import { describe, expect, it } from 'vitest';
import { keyInformation, type KeyInfoItem } from './key-information';

const blank: KeyInfoItem = {
  legislationType: 'uksi',
  isDraft: false,
  jurisdictionId: 1,
  currentStage: null,
  currentHouse: null,
  parliamentarySession: null,
  legislationYear: null,
  legislationNumber: null,
  siNumber: null,
  isbn: null,
  enactmentDate: null,
  madeDate: null,
  dateLaid: null,
  effectiveDate: null,
  proposedDate: null,
  consultationStartDate: null,
  consultationEndDate: null,
  procedureName: null,
  enabledBy: null,
  subject: null,
  scottishBillReference: null,
  shortName: null,
  thirdPartyOrganisation: null,
  lastUpdatedDate: null,
};
const fields = (item: Partial<KeyInfoItem>) => keyInformation({ ...blank, ...item }).map((e) => e.field);

describe('keyInformation: the fields of each kind of law, each once', () => {
  it('an instrument: number, made, laid, comes into force, procedure; nothing it does not hold', () => {
    expect(
      fields({
        siNumber: '2026 No. 9001',
        madeDate: '2026-09-10',
        dateLaid: '2026-09-14',
        effectiveDate: '2026-10-05',
        procedureName: 'Negative',
      }),
    ).toEqual(['legislationType', 'siNumber', 'made', 'laid', 'comesIntoForce', 'procedure']);
  });

  it('a draft instrument is laid in draft, never made', () => {
    expect(
      fields({ legislationType: 'ukdsi', isDraft: true, isbn: '9780000090005', dateLaid: '2026-09-18' }),
    ).toEqual(['legislationType', 'isbn', 'laidDraft']);
  });

  it('an Act: chapter and Royal Assent, or only its year', () => {
    const act = { legislationType: 'ukpga', legislationYear: 2018, legislationNumber: '12' };
    expect(keyInformation({ ...blank, ...act, enactmentDate: '2018-05-23' })).toEqual([
      { field: 'legislationType', value: { kind: 'legislationType', code: 'ukpga' } },
      { field: 'chapter', value: { kind: 'text', text: '2018 c. 12' } },
      { field: 'royalAssent', value: { kind: 'date', date: '2018-05-23' } },
    ]);
    expect(fields(act)).toEqual(['legislationType', 'chapter', 'year']);
  });

  it('an Act commenced by instruments shows them after its Royal Assent; an instrument never does', () => {
    const commencement = {
      instruments: [
        {
          title: 'The Data Protection Act 2018 (Commencement No. 3) Regulations 2019',
          url: 'https://www.legislation.gov.uk/uksi/2019/1434',
          provisions: 2,
          firstInForce: '2019-12-02',
          lastInForce: '2019-12-02',
        },
      ],
      total: 1,
    };
    const act = { ...blank, legislationType: 'ukpga', enactmentDate: '2018-05-23' };
    expect(keyInformation(act, { commencement }).map((e) => e.field)).toEqual([
      'legislationType',
      'royalAssent',
      'commencement',
    ]);
    expect(keyInformation(act, { commencement: null }).map((e) => e.field)).toEqual([
      'legislationType',
      'royalAssent',
    ]);
    expect(
      keyInformation({ ...blank, madeDate: '2019-10-30' }, { commencement }).map((e) => e.field),
    ).toEqual(['legislationType', 'made']);
  });

  it('a bill keeps the spec’s fields, each once, saying where nothing is recorded', () => {
    const bill = keyInformation({
      ...blank,
      legislationType: 'uk_parliament_bill',
      currentStage: '2nd reading',
    });
    expect(bill.map((e) => e.field)).toEqual([
      'currentStage',
      'legislationType',
      'parliamentarySession',
      'currentHouse',
      'lastUpdated',
      'proposedDate',
      'consultationPeriod',
      'effectiveDate',
    ]);
    expect(bill.filter((e) => e.value.kind === 'notSpecified')).toHaveLength(6);
  });
});
