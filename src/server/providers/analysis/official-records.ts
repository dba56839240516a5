/**
 * The overview composed from the official records we hold, used when no AI service is
 * configured. Every sentence states a recorded fact (or says plainly that none is recorded);
 * nothing is inferred, predicted or invented.
 */
import { formatDisplayDate as day, houseLabel } from '#shared/legal-change-display';
import type { AnalysisContent, StakeholderImpact } from '#shared/schemas/legal-change-detail';
import {
  amendmentStatusCounts,
  itemNoun,
  kindSentence,
  plural,
  quoted,
  sentence,
  summaryExcerpt,
  summarySentences,
} from './official-records-text';
import type { AnalysisProvider, OfficialRecord } from './types';

export const OFFICIAL_RECORDS_LABEL = 'Generated from official records (UK Parliament, legislation.gov.uk)';

const upcoming = (date: string | null, today: string): date is string => Boolean(date && date > today);

function executiveSummary({ item }: OfficialRecord): string {
  const parts = [kindSentence(item)];
  if (item.longTitle) parts.push(`Its long title reads: ${quoted(item.longTitle)}`);
  const summary = summaryExcerpt(item);
  if (summary) parts.push(`The official summary says: ${summary}`);
  if (item.departmentName) parts.push(`The department recorded for it is ${item.departmentName}.`);
  if (item.thirdPartyOrganisation)
    parts.push(`Its sponsoring organisation is ${item.thirdPartyOrganisation}.`);
  return parts.join(' ');
}

function currentStatus({ item }: OfficialRecord, today: string): string {
  const noun = itemNoun(item);
  const parts: string[] = [];
  const house = houseLabel(item.currentHouse);
  if (item.currentStage) {
    const where = house?.startsWith('House of') ? ` in the ${house}` : '';
    const when = item.currentStageDate ? `, dated ${day(item.currentStageDate)}` : '';
    parts.push(`The current stage recorded is ${item.currentStage}${where}${when}.`);
  }
  if (item.withdrawn) parts.push(`The ${noun} is recorded as withdrawn.`);
  if (item.defeated) parts.push(`The ${noun} is recorded as defeated.`);
  if (item.enactmentDate) parts.push(`It received Royal Assent on ${day(item.enactmentDate)}.`);
  if (item.dateLaid) parts.push(`It was laid before Parliament on ${day(item.dateLaid)}.`);
  if (item.madeDate) parts.push(`It was made on ${day(item.madeDate)}.`);
  if (item.effectiveDate) {
    parts.push(
      upcoming(item.effectiveDate, today)
        ? `It is due to come into force on ${day(item.effectiveDate)}.`
        : `It came into force on ${day(item.effectiveDate)}.`,
    );
  }
  parts.push(`Its recorded status is ${quoted(item.status)}`);
  if (!item.currentStage) parts.unshift('The official records we hold do not give a current stage.');
  return parts.join(' ');
}

function nextSteps(record: OfficialRecord, today: string): string {
  const { item } = record;
  const parts: string[] = [];
  for (const event of [...record.timeline].reverse()) {
    if (upcoming(event.eventDate, today))
      parts.push(`${sentence(event.title, '')} is scheduled for ${day(event.eventDate)}.`);
  }
  if (upcoming(item.consultationStartDate, today))
    parts.push(`A consultation opens on ${day(item.consultationStartDate)}.`);
  if (upcoming(item.consultationEndDate, today))
    parts.push(`The consultation closes on ${day(item.consultationEndDate)}.`);
  if (upcoming(item.effectiveDate, today))
    parts.push(`It is due to come into force on ${day(item.effectiveDate)}.`);
  if (parts.length) return parts.join(' ');
  if (item.withdrawn || item.defeated)
    return `No further stages are expected: the ${itemNoun(item)} is recorded as ${item.withdrawn ? 'withdrawn' : 'defeated'}.`;
  if (item.enactmentDate)
    return 'It has received Royal Assent; no further parliamentary stages are recorded.';
  return 'No upcoming stage or date is recorded in the official data we hold yet. Follow this item to be alerted when the next stage is recorded.';
}

function keyProvisions({ item }: OfficialRecord): string[] {
  const provisions: string[] = [];
  if (item.longTitle) provisions.push(`Purpose (long title): ${sentence(item.longTitle)}`);
  provisions.push(...summarySentences(item, 5));
  if (item.enabledBy) provisions.push(`Made under: ${sentence(item.enabledBy)}`);
  if (item.procedureName) provisions.push(`Parliamentary procedure: ${sentence(item.procedureName)}`);
  if (item.siNumber) provisions.push(`Number: ${item.siNumber}.`);
  if (item.subject) provisions.push(`Subject: ${sentence(item.subject)}`);
  if (item.scottishBillReference) provisions.push(`Bill reference: ${item.scottishBillReference}.`);
  return provisions.length
    ? provisions
    : [
        'The official records we hold do not summarise its provisions. Read the official text for the detail.',
      ];
}

function stakeholderImpact(record: OfficialRecord): StakeholderImpact[] {
  const { item, amendments, documents } = record;
  const noun = itemNoun(item);
  const impacts: StakeholderImpact[] = [];
  if (item.departmentName)
    impacts.push({
      category: 'Government department',
      impact: `${item.departmentName} is the department recorded for this ${noun}.`,
    });
  if (item.governmentBodyName) {
    const type = item.governmentBodyType ? ` (${item.governmentBodyType})` : '';
    impacts.push({
      category: 'Government body',
      impact: `${item.governmentBodyName}${type} is the body recorded for this ${noun}.`,
    });
  }
  if (item.thirdPartyOrganisation)
    impacts.push({
      category: 'Sponsoring organisation',
      impact: `${item.thirdPartyOrganisation} is recorded as its sponsor.`,
    });
  if (amendments.leadSponsors.length) {
    const names = amendments.leadSponsors.map(
      (s) => `${s.name}${s.party ? ` (${s.party})` : ''}: ${plural(s.count, 'amendment')}`,
    );
    impacts.push({
      category: 'Members of Parliament',
      impact: `Members leading the most amendments: ${names.join('; ')}.`,
    });
  }
  if (item.consultationStartDate || item.consultationEndDate) {
    const from = item.consultationStartDate ? ` from ${day(item.consultationStartDate)}` : '';
    const to = item.consultationEndDate ? ` to ${day(item.consultationEndDate)}` : '';
    impacts.push({ category: 'Consultation respondents', impact: `A consultation is recorded${from}${to}.` });
  }
  for (const doc of documents.filter((d) => d.documentType === 'impact_assessment').slice(0, 2)) {
    const when = doc.publishedDate ? `, published ${day(doc.publishedDate)}` : '';
    impacts.push({
      category: 'Impact assessment',
      impact: `An impact assessment is available: ${quoted(doc.title, '')}${when}.`,
    });
  }
  return impacts.length
    ? impacts
    : [
        {
          category: 'Not recorded',
          impact:
            'The official records we hold do not identify the groups affected. Read the official text and any impact assessment to judge the effect on your organisation.',
        },
      ];
}

function politicalContext(record: OfficialRecord): string {
  const { item, timeline, amendments } = record;
  const parts: string[] = [];
  if (item.parliamentarySession)
    parts.push(`It belongs to the ${item.parliamentarySession} parliamentary session.`);
  const dated = timeline.filter((event) => event.eventDate);
  if (dated.length) {
    const first = dated.at(-1)!;
    const latest = dated[0]!;
    parts.push(
      `${plural(dated.length, 'dated stage')} ${dated.length === 1 ? 'is' : 'are'} recorded, from ${sentence(first.title, '')} on ${day(first.eventDate)}${dated.length > 1 ? ` to ${sentence(latest.title, '')} on ${day(latest.eventDate)}` : ''}.`,
    );
  }
  if (amendments.total) {
    const decisions = amendmentStatusCounts(amendments.byStatus);
    const stages = amendments.byStage.filter((s) => s.stageName).map((s) => `${s.count} at ${s.stageName}`);
    parts.push(
      `${plural(amendments.total, 'amendment')} ${amendments.total === 1 ? 'is' : 'are'} recorded${decisions ? `: ${decisions}` : ''}.`,
    );
    if (stages.length) parts.push(`By stage: ${stages.join('; ')}.`);
  }
  return parts.length
    ? parts.join(' ')
    : 'The official records we hold give no parliamentary context for this item yet.';
}

function expertCommentary({ documents }: OfficialRecord): string {
  const intro =
    'No expert commentary is included: this overview is composed only from official records and adds no opinion.';
  if (!documents.length) return `${intro} No official documents are recorded for it yet.`;
  const listed = documents
    .slice(0, 3)
    .map((d) => `${quoted(d.title, '')}${d.publishedDate ? ` (${day(d.publishedDate)})` : ''}`);
  return `${intro} Official documents to read: ${listed.join(', ')}.`;
}

function relatedDevelopments(record: OfficialRecord, today: string): string[] {
  const events = record.timeline
    .filter((event) => event.eventDate && event.eventDate <= today)
    .slice(0, 5)
    .map((event) => `${day(event.eventDate)}: ${sentence(event.title, '')}`);
  const docs = record.documents
    .slice(0, 3)
    .map(
      (doc) => `${doc.publishedDate ? `${day(doc.publishedDate)}: ` : ''}published ${quoted(doc.title, '')}`,
    );
  return [...events, ...docs];
}

/** Composes every section from the record; `today` is 'YYYY-MM-DD'. */
export function composeOfficialOverview(record: OfficialRecord, today: string): AnalysisContent {
  return {
    executiveSummary: executiveSummary(record),
    currentStatus: currentStatus(record, today),
    nextSteps: nextSteps(record, today),
    keyProvisions: keyProvisions(record),
    stakeholderImpact: stakeholderImpact(record),
    politicalContext: politicalContext(record),
    expertCommentary: expertCommentary(record),
    relatedDevelopments: relatedDevelopments(record, today),
  };
}

export const officialRecordsProvider: AnalysisProvider = {
  name: 'official-records',
  model: null,
  version: 'official-records-1',
  generatedFrom: OFFICIAL_RECORDS_LABEL,
  analyse: async (record, today) => composeOfficialOverview(record, today),
};
