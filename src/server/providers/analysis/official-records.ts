/**
 * The overview composed from the official records we hold, used when no AI service is
 * configured. Every sentence states a recorded fact (or says plainly that none is recorded);
 * nothing is inferred, predicted or invented. The sentences are in the reader's language, with
 * the sources' stage, House and type names in the words the interface shows; the recorded
 * titles and summaries are quoted as the official sources give them.
 */
import type { MessageLanguage } from '#server/messages/i18n';
import { legalKindOf } from '#shared/item-date';
import { enactmentDateName } from '#shared/key-information';
import { houseLabel } from '#shared/legal-change-display';
import type { AnalysisContent, StakeholderImpact } from '#shared/schemas/legal-change-detail';
import {
  amendmentStatusCounts,
  bare,
  kindMessage,
  officialRecordsLabel,
  sentence,
  summaryExcerpt,
  summarySentences,
} from './official-records-text';
import type { AnalysisProvider, OfficialRecord } from './types';
import { type Wording, wording } from './wording';

export { officialRecordsLabel };
export const OFFICIAL_RECORDS_LABEL = officialRecordsLabel('en');

const upcoming = (date: string | null, today: string): date is string => Boolean(date && date > today);

function executiveSummary({ item }: OfficialRecord, w: Wording): string {
  const kind = kindMessage(item, w.typeName);
  const parts = [w.say(kind.key, kind.values)];
  if (item.longTitle) parts.push(w.say('summary.longTitle', { longTitle: w.quote(item.longTitle) }));
  const summary = summaryExcerpt(item);
  if (summary) parts.push(w.say('summary.officialSummary', { summary }));
  if (item.departmentName) parts.push(w.say('summary.department', { name: item.departmentName }));
  if (item.thirdPartyOrganisation)
    parts.push(w.say('summary.sponsor', { name: item.thirdPartyOrganisation }));
  return w.join(parts);
}

function currentStatus({ item }: OfficialRecord, today: string, w: Wording): string {
  const parts: string[] = [];
  const house = houseLabel(item.currentHouse);
  if (item.currentStage) {
    const stage = house?.startsWith('House of')
      ? w.stageInHouse(item.currentStage, house)
      : w.stage(item.currentStage, 'quoted');
    const key = item.currentStageDate ? 'status.stageDated' : 'status.stage';
    parts.push(w.say(key, { stage, date: w.day(item.currentStageDate) }));
  }
  if (item.withdrawn) parts.push(w.say('status.withdrawn'));
  if (item.defeated) parts.push(w.say('status.defeated'));
  parts.push(...datedSteps(item, w));
  if (item.effectiveDate) parts.push(inForce(item, today, w));
  // stages are a bill's; an Act or instrument with no date recorded says so instead
  const kind = legalKindOf(item.legislationType, item.isDraft);
  if (!item.currentStage && (kind === 'bill' || kind === 'other')) parts.unshift(w.say('status.noStage'));
  if (!parts.length) parts.push(w.say('status.noDates'));
  return w.join(parts);
}

/**
 * The dated steps in the words of the item's kind: Acts and bills receive Royal Assent;
 * instruments are made and laid (drafts are laid in draft for approval); an item of a source
 * beyond the UK has its date named as its source names it (published, became law, Royal Assent…).
 */
function datedSteps(item: OfficialRecord['item'], w: Wording): string[] {
  const kind = legalKindOf(item.legislationType, item.isDraft);
  const parts: string[] = [];
  if (item.enactmentDate && (kind === 'act' || kind === 'bill'))
    parts.push(w.say('status.royalAssent', { date: w.day(item.enactmentDate) }));
  if (item.enactmentDate && kind === 'other')
    parts.push(
      w.say(`status.${enactmentDateName(item.legislationType)}`, { date: w.day(item.enactmentDate) }),
    );
  if (kind === 'instrument' || kind === 'draft_instrument') {
    if (item.madeDate && kind === 'instrument')
      parts.push(w.say('status.made', { date: w.day(item.madeDate) }));
    if (item.dateLaid) {
      const key =
        kind === 'draft_instrument' ? 'status.laidDraft' : ukWide(item) ? 'status.laid' : 'status.laidOn';
      parts.push(w.say(key, { date: w.day(item.dateLaid) }));
    }
  }
  return parts;
}

/** Its in-force date; a Federal Register rule's is its effective date, as the source words it. */
function inForce(item: OfficialRecord['item'], today: string, w: Wording): string {
  const due = upcoming(item.effectiveDate, today);
  const effective =
    legalKindOf(item.legislationType) === 'other' && enactmentDateName(item.legislationType) === 'published';
  const key = effective
    ? due
      ? 'status.dueEffective'
      : 'status.becameEffective'
    : due
      ? 'status.dueInForce'
      : 'status.cameIntoForce';
  return w.say(key, { date: w.day(item.effectiveDate) });
}

/** Laid before the UK Parliament: UK instruments (not Scottish, Welsh or Northern Irish ones). */
const ukWide = (item: OfficialRecord['item']) => ['uksi', 'ukmd', 'ukmo'].includes(item.legislationType);

function nextSteps(record: OfficialRecord, today: string, w: Wording): string {
  const { item } = record;
  const parts: string[] = [];
  for (const event of [...record.timeline].reverse()) {
    if (upcoming(event.eventDate, today))
      parts.push(w.say('next.scheduled', { event: w.stage(event.title), date: w.day(event.eventDate) }));
  }
  if (upcoming(item.consultationStartDate, today))
    parts.push(w.say('next.consultationOpens', { date: w.day(item.consultationStartDate) }));
  if (upcoming(item.consultationEndDate, today))
    parts.push(w.say('next.consultationCloses', { date: w.day(item.consultationEndDate) }));
  if (upcoming(item.effectiveDate, today)) parts.push(inForce(item, today, w));
  if (parts.length) return w.join(parts);
  if (item.withdrawn) return w.say('next.noneWithdrawn');
  if (item.defeated) return w.say('next.noneDefeated');
  const kind = legalKindOf(item.legislationType, item.isDraft);
  if (item.enactmentDate && (kind === 'act' || kind === 'bill')) return w.say('next.noneEnacted');
  if (item.madeDate && kind === 'instrument') return w.say('next.noneMade');
  return w.say('next.noneRecorded');
}

function keyProvisions({ item }: OfficialRecord, w: Wording): string[] {
  const provisions: string[] = [];
  if (item.longTitle) provisions.push(w.say('provisions.purpose', { text: sentence(item.longTitle) }));
  provisions.push(...summarySentences(item, 5).map(w.recorded));
  if (item.enabledBy) provisions.push(w.say('provisions.madeUnder', { text: sentence(item.enabledBy) }));
  if (item.procedureName)
    provisions.push(w.say('provisions.procedure', { text: sentence(item.procedureName) }));
  if (item.siNumber) provisions.push(w.say('provisions.number', { text: bare(item.siNumber) }));
  if (item.subject) provisions.push(w.say('provisions.subject', { text: sentence(item.subject) }));
  if (item.scottishBillReference)
    provisions.push(w.say('provisions.billReference', { text: bare(item.scottishBillReference) }));
  return provisions.length ? provisions : [w.say('provisions.none')];
}

function stakeholderImpact(record: OfficialRecord, w: Wording): StakeholderImpact[] {
  const { item, amendments, documents } = record;
  const impacts: StakeholderImpact[] = [];
  const add = (category: string, impact: string) =>
    impacts.push({ category: w.say(`stakeholders.${category}`), impact });
  if (item.departmentName)
    add('departmentCategory', w.say('stakeholders.department', { name: item.departmentName }));
  if (item.governmentBodyName) {
    const values = { name: item.governmentBodyName, type: item.governmentBodyType ?? '' };
    add(
      'bodyCategory',
      w.say(item.governmentBodyType ? 'stakeholders.bodyWithType' : 'stakeholders.body', values),
    );
  }
  if (item.thirdPartyOrganisation)
    add('sponsorCategory', w.say('stakeholders.sponsor', { name: item.thirdPartyOrganisation }));
  if (amendments.leadSponsors.length) {
    const names = amendments.leadSponsors.map((s) =>
      w.say(s.party ? 'stakeholders.memberWithParty' : 'stakeholders.member', {
        name: s.name,
        party: s.party ?? '',
        amendments: w.say('stakeholders.amendmentCount', { count: s.count }),
      }),
    );
    add('membersCategory', w.say('stakeholders.members', { list: names.join(w.say('listSeparator')) }));
  }
  if (item.consultationStartDate || item.consultationEndDate) {
    const from = w.day(item.consultationStartDate);
    const to = w.day(item.consultationEndDate);
    const key = from && to ? 'consultationFromTo' : from ? 'consultationFrom' : 'consultationTo';
    add('consultationCategory', w.say(`stakeholders.${key}`, { from, to }));
  }
  for (const doc of documents.filter((d) => d.documentType === 'impact_assessment').slice(0, 2)) {
    const values = { title: w.quote(doc.title), date: w.day(doc.publishedDate) };
    const key = doc.publishedDate ? 'impactAssessmentDated' : 'impactAssessment';
    add('impactAssessmentCategory', w.say(`stakeholders.${key}`, values));
  }
  if (!impacts.length) add('notRecordedCategory', w.say('stakeholders.notRecorded'));
  return impacts;
}

function politicalContext(record: OfficialRecord, lang: MessageLanguage, w: Wording): string {
  const { item, timeline, amendments } = record;
  const parts: string[] = [];
  if (item.parliamentarySession) parts.push(w.say('context.session', { session: item.parliamentarySession }));
  // stages are a bill's: an Act's or instrument's dated steps are in its status and developments
  const kind = legalKindOf(item.legislationType, item.isDraft);
  const bill = kind === 'bill' || kind === 'other';
  const dated = timeline.filter((event) => event.eventDate);
  if (bill && dated.length) {
    const first = dated.at(-1)!;
    const latest = dated[0]!;
    const ends = {
      first: w.stage(first.title),
      firstDate: w.day(first.eventDate),
      latest: w.stage(latest.title),
      latestDate: w.day(latest.eventDate),
    };
    parts.push(
      dated.length === 1
        ? w.say('context.stageSingle', ends)
        : w.say('context.stageRange', { ...ends, count: dated.length }),
    );
  }
  if (amendments.total) {
    const decisions = amendmentStatusCounts(lang, amendments.byStatus);
    parts.push(
      decisions
        ? w.say('context.amendmentsWithDecisions', { count: amendments.total, decisions })
        : w.say('context.amendments', { count: amendments.total }),
    );
    const stages = amendments.byStage
      .filter((s) => s.stageName)
      .map((s) => w.say('context.stageCount', { count: s.count, stage: w.stage(s.stageName!) }));
    if (stages.length) parts.push(w.say('context.byStage', { list: stages.join(w.say('listSeparator')) }));
  }
  return parts.length ? w.join(parts) : w.say('context.none');
}

function expertCommentary({ documents }: OfficialRecord, w: Wording): string {
  const intro = w.say('commentary.intro');
  if (!documents.length) return w.join([intro, w.say('commentary.noDocuments')]);
  const listed = documents
    .slice(0, 3)
    .map((d) =>
      d.publishedDate
        ? w.say('commentary.documentDated', { title: w.quote(d.title), date: w.day(d.publishedDate) })
        : w.quote(d.title),
    );
  return w.join([intro, w.say('commentary.documents', { list: listed.join(w.say('commaSeparator')) })]);
}

function relatedDevelopments(record: OfficialRecord, today: string, w: Wording): string[] {
  const events = record.timeline
    .filter((event) => event.eventDate && event.eventDate <= today)
    .slice(0, 5)
    .map((event) => w.say('related.event', { date: w.day(event.eventDate), title: w.stage(event.title) }));
  const docs = record.documents
    .slice(0, 3)
    .map((doc) =>
      doc.publishedDate
        ? w.say('related.documentDated', { date: w.day(doc.publishedDate), title: w.quote(doc.title) })
        : w.say('related.document', { title: w.quote(doc.title) }),
    );
  return [...events, ...docs];
}

/** Composes every section from the record in `lang` (English by default); `today` is 'YYYY-MM-DD'. */
export function composeOfficialOverview(
  record: OfficialRecord,
  today: string,
  lang: MessageLanguage = 'en',
): AnalysisContent {
  const w = wording(lang);
  return {
    executiveSummary: executiveSummary(record, w),
    currentStatus: currentStatus(record, today, w),
    nextSteps: nextSteps(record, today, w),
    keyProvisions: keyProvisions(record, w),
    stakeholderImpact: stakeholderImpact(record, w),
    politicalContext: politicalContext(record, lang, w),
    expertCommentary: expertCommentary(record, w),
    relatedDevelopments: relatedDevelopments(record, today, w),
  };
}

export const officialRecordsProvider: AnalysisProvider = {
  name: 'official-records',
  model: null,
  version: 'official-records-4',
  generatedFrom: officialRecordsLabel,
  analyse: async (record, today, lang) => composeOfficialOverview(record, today, lang),
};
