import { describe, expect, it } from 'vitest';
import { composeOfficialOverview } from '#server/providers/analysis/official-records';
import { emptyRecord, fullRecord, TODAY } from './official-records-fixtures';

describe('composeOfficialOverview with a full record', () => {
  const o = composeOfficialOverview(fullRecord, TODAY);

  it('summarises what the item is from its title, long title, summary and department', () => {
    expect(o.executiveSummary).toContain('Coastal Flood Defences Bill is a UK Parliament bill.');
    expect(o.executiveSummary).toContain(
      '“A Bill to make provision about the maintenance of coastal flood defences; and for connected purposes”',
    );
    expect(o.executiveSummary).toContain(
      'The official summary says: The Bill places duties on coastal authorities. It creates a register of sea walls.',
    );
    expect(o.executiveSummary).toContain('Department for Environment, Food & Rural Affairs');
  });

  it('states the current stage, house and date', () => {
    expect(o.currentStatus).toContain(
      'The current stage recorded is Committee stage in the House of Commons, dated Oct 8, 2026.',
    );
    // the service's own grouping ('active', 'enacted') is no recorded fact: it is not stated
    expect(o.currentStatus).not.toMatch(/recorded status|“active”/);
  });

  it('lists only recorded upcoming dates as next steps', () => {
    expect(o.nextSteps).toBe(
      'Report stage in the House of Commons is scheduled for Nov 4, 2026. The consultation closes on Nov 30, 2026.',
    );
  });

  it('takes key provisions from the long title and the summary sentences', () => {
    expect(o.keyProvisions).toEqual([
      'Purpose (long title): A Bill to make provision about the maintenance of coastal flood defences; and for connected purposes.',
      'The Bill places duties on coastal authorities.',
      'It creates a register of sea walls.',
      'Sets inspection intervals.',
    ]);
  });

  it('names only recorded stakeholders', () => {
    expect(o.stakeholderImpact.map((s) => s.category)).toEqual([
      'Government department',
      'Members of Parliament',
      'Consultation respondents',
      'Impact assessment',
    ]);
    expect(o.stakeholderImpact[1]!.impact).toBe(
      'Members leading the most amendments: Jane Example (Labour): 6 amendments; John Sample: 2 amendments.',
    );
    expect(o.stakeholderImpact[0]!.impact).toBe(
      'Department for Environment, Food & Rural Affairs is the department recorded for it.',
    );
    expect(o.stakeholderImpact[2]!.impact).toBe(
      'A consultation is recorded from Sep 1, 2026 to Nov 30, 2026.',
    );
  });

  it('gives the session, the recorded stages and the amendment decisions', () => {
    expect(o.politicalContext).toContain('It belongs to the 2026-27 parliamentary session.');
    expect(o.politicalContext).toContain(
      '4 dated stages are recorded, from 1st reading in the House of Commons on Sep 14, 2026 to Report stage in the House of Commons on Nov 4, 2026.',
    );
    expect(o.politicalContext).toContain(
      '14 amendments are recorded: 9 no decision yet, 3 agreed, 2 not moved.',
    );
    expect(o.politicalContext).toContain('By stage: 14 at Committee stage.');
  });

  it('adds no opinion and points to the official documents', () => {
    expect(o.expertCommentary).toContain('No expert commentary is included');
    expect(o.expertCommentary).toContain(
      '“Impact Assessment” (Sep 15, 2026), “Explanatory Notes” (Sep 14, 2026), “Unofficial briefing”.',
    );
  });

  it('lists past events and documents as related developments, never future ones', () => {
    expect(o.relatedDevelopments).toEqual([
      'Oct 8, 2026: Committee stage in the House of Commons',
      'Sep 28, 2026: 2nd reading in the House of Commons',
      'Sep 14, 2026: 1st reading in the House of Commons',
      'Sep 15, 2026: published “Impact Assessment”',
      'Sep 14, 2026: published “Explanatory Notes”',
      'published “Unofficial briefing”',
    ]);
  });
});

describe('composeOfficialOverview with almost nothing recorded', () => {
  const o = composeOfficialOverview(emptyRecord, TODAY);

  it('says plainly what is not recorded in every section', () => {
    expect(o.executiveSummary).toBe('The Example Regulations 2026 is listed under UK Statutory Instruments.');
    // an instrument is described by its dates, not by the service's own status grouping
    expect(o.currentStatus).toBe('The official records we hold give no date for it yet.');
    expect(o.nextSteps).toMatch(/^No upcoming stage or date is recorded/);
    expect(o.keyProvisions).toEqual([
      'The official records we hold do not summarise its provisions. Read the official text for the detail.',
    ]);
    expect(o.stakeholderImpact).toEqual([
      { category: 'Not recorded', impact: expect.stringContaining('do not identify the groups affected') },
    ]);
    expect(o.politicalContext).toBe(
      'The official records we hold give no parliamentary context for this item yet.',
    );
    expect(o.expertCommentary).toContain('No official documents are recorded for it yet.');
    expect(o.relatedDevelopments).toEqual([]);
  });
});

describe('composeOfficialOverview end states', () => {
  it('reads past dates as done and future ones as due', () => {
    const si = composeOfficialOverview(
      {
        ...emptyRecord,
        item: {
          ...emptyRecord.item,
          madeDate: '2026-01-10',
          dateLaid: '2026-01-12',
          effectiveDate: '2026-12-01',
          siNumber: '2026/1',
          enabledBy: 'Example Act 2020',
        },
      },
      TODAY,
    );
    expect(si.currentStatus).toContain(
      'It was made on Jan 10, 2026. It was laid before Parliament on Jan 12, 2026. It is due to come into force on Dec 1, 2026.',
    );
    expect(si.nextSteps).toBe('It is due to come into force on Dec 1, 2026.');
    expect(si.keyProvisions).toEqual(['Made under: Example Act 2020.', 'Number: 2026/1.']);
    const inForce = composeOfficialOverview(
      { ...emptyRecord, item: { ...emptyRecord.item, effectiveDate: '2026-02-01' } },
      TODAY,
    );
    expect(inForce.currentStatus).toContain('It came into force on Feb 1, 2026.');
  });

  it('says when no further stages are expected', () => {
    const withdrawn = composeOfficialOverview(
      {
        ...fullRecord,
        timeline: [],
        item: { ...fullRecord.item, withdrawn: true, consultationEndDate: null },
      },
      TODAY,
    );
    expect(withdrawn.nextSteps).toBe('No further stages are expected: it is recorded as withdrawn.');
    expect(withdrawn.currentStatus).toContain('It is recorded as withdrawn.');
    const enacted = composeOfficialOverview(
      {
        ...fullRecord,
        timeline: [],
        item: { ...fullRecord.item, enactmentDate: '2026-10-01', consultationEndDate: null },
      },
      TODAY,
    );
    expect(enacted.currentStatus).toContain('It received Royal Assent on Oct 1, 2026.');
    expect(enacted.nextSteps).toBe(
      'It has received Royal Assent; no further parliamentary stages are recorded.',
    );
  });
});
