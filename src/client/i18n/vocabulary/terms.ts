/**
 * The words the official sources use for stages, houses, statuses and jurisdictions, as they
 * write them in English, each mapped to the id of its entry in the `vocabulary` dictionary
 * (`locales/<lang>.json`). Source text is compared without case, spacing or punctuation
 * differences; text found in no table is shown as the source wrote it.
 */

/** Stage and event names of UK Parliament, the Scottish Parliament and legislation.gov.uk. */
const STAGES: Record<string, readonly string[]> = {
  firstReading: ['1st reading', 'first reading'],
  secondReading: ['2nd reading', 'second reading'],
  thirdReading: ['3rd reading', 'third reading'],
  committeeStage: ['committee stage'],
  reportStage: ['report stage'],
  royalAssent: ['royal assent', 'enacted (royal assent)'],
  considerationOfAmendments: ['consideration of amendments'],
  considerationOfLordsAmendments: ['consideration of lords amendments'],
  considerationOfCommonsAmendments: ['consideration of commons amendments'],
  committeeOfWholeHouse: ['committee of the whole house'],
  secondReadingCommittee: ['second reading committee'],
  legislativeGrandCommittee: ['legislative grand committee'],
  moneyResolution: ['money resolution'],
  waysAndMeansResolution: ['ways and means resolution'],
  programmeMotion: ['programme motion'],
  carryOverMotion: ['carry-over motion', 'carry over motion'],
  introduced: ['introduced', 'bill introduced'],
  stage1Evidence: [
    'stage 1 evidence & report',
    'stage 1 evidence and report',
    'stage 1 evidence &amp; report',
  ],
  stage1Debate: ['stage 1 debate'],
  stage2Completed: ['stage 2 completed'],
  stage3Passed: ['stage 3 passed'],
  billFell: ['bill fell'],
  withdrawn: ['withdrawn', 'bill withdrawn'],
  defeated: ['defeated'],
  made: ['made'],
  enacted: ['enacted'],
  laid: ['laid'],
  laidBeforeParliament: ['laid before parliament'],
  laidBeforeCommons: ['laid before the house of commons'],
  laidBeforeLords: ['laid before the house of lords'],
  laidBeforeScottishParliament: ['laid before the scottish parliament'],
  laidBeforeSenedd: ['laid before the senedd', 'laid before the national assembly for wales'],
  laidBeforeNiAssembly: ['laid before the northern ireland assembly'],
  comesIntoForce: ['comes into force', 'coming into force'],
  proposed: ['proposed'],
  consultationOpened: ['consultation opened'],
  consultationCloses: ['consultation closes'],
  inForce: ['in force'],
  noLongerInForce: ['no longer in force'],
  adopted: ['adopted'],
  repealed: ['repealed'],
};

const HOUSES: Record<string, readonly string[]> = {
  commons: ['commons', 'house of commons'],
  lords: ['lords', 'house of lords'],
  finalStages: ['final stages'],
  scottishParliament: ['scottish parliament'],
};

/** The reference data's jurisdictions and the UK's nations (legislation types name those). */
const JURISDICTIONS: Record<string, readonly string[]> = {
  unitedKingdom: ['united kingdom', 'uk'],
  scotland: ['scotland'],
  wales: ['wales'],
  northernIreland: ['northern ireland', 'northern_ireland'],
  europeanUnion: ['european union'],
  unitedStates: ['united states'],
  canada: ['canada'],
  australia: ['australia'],
  germany: ['germany'],
  france: ['france'],
  japan: ['japan'],
  singapore: ['singapore'],
};

/** Item statuses (src/shared/legislation.ts STATUSES). */
export const STATUS_IDS = ['enacted', 'active', 'consultation', 'proposed'] as const;

/** Lower case, single spaces, no full stop at the end. */
export function normalizeTerm(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.]+$/, '');
}

function index(table: Record<string, readonly string[]>): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [id, forms] of Object.entries(table)) for (const form of forms) map.set(form, id);
  return map;
}

const STAGE_INDEX = index(STAGES);
const HOUSE_INDEX = index(HOUSES);
const JURISDICTION_INDEX = index(JURISDICTIONS);

export type TermGroup = 'stage' | 'house' | 'jurisdiction' | 'status';

/** The vocabulary id of a source text in a group, or null when the table does not know it. */
export function termId(group: TermGroup, text: string | null | undefined): string | null {
  if (!text) return null;
  const key = normalizeTerm(text);
  if (group === 'status') return (STATUS_IDS as readonly string[]).includes(key) ? key : null;
  const table = group === 'stage' ? STAGE_INDEX : group === 'house' ? HOUSE_INDEX : JURISDICTION_INDEX;
  return table.get(key) ?? null;
}

/** A UK Parliament stage title, '2nd reading in the House of Commons', split into its stage and house. */
export function splitStageInHouse(title: string): { stage: string; house: string } | null {
  const match = /^(.+?) in the (house of (?:commons|lords))$/i.exec(title.trim());
  return match ? { stage: match[1]!, house: match[2]! } : null;
}
