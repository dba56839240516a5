import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/languages';
import { fixtureJson } from '#test/fixtures/sources/load';
import { isolate } from './index';
import { vocabularyIn } from './test-support';

const vocabularies = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, vocabularyIn(code)]));
const english = vocabularies.en!;
const german = vocabularies.de!;
const arabic = vocabularies.ar!;

/** GET /api/v1/Stages, first page as recorded (20 of the 48 stage types). */
const recorded = fixtureJson<{ items: { name: string; house: string }[] }>('parliament-bills', 'stages.json');

/** The Bills API's other stage types (Commons and Lords), and the names it gives ping-pong. */
const BILLS_API_STAGES = [
  'Carry-over motion',
  'Consideration of Lords message',
  'Motion to revive Bill',
  'Motion to suspend Bill till next session considered',
  'Motion to suspend Bill till next session approved',
  'Bill reintroduced',
  'Instruction',
  'Committal (to a Select Committee)',
  'Power of public bill committee to send for persons, papers and records',
  'Lords Special Public Bill Committee',
  '1st reading',
  '2nd reading',
  '3rd reading',
  'Committee stage',
  'Grand Committee',
  'Report stage',
  'Consideration of Commons amendments',
  'Consideration of Commons reasons',
  'Consideration of Commons message',
  'Consideration of amendments',
  'Ping pong',
  'Royal Assent',
  'Commons Examiners',
  'Lords Examiners',
  'Opposed Bill Committee',
  'Unopposed Bill Committee',
  'Select Committee',
];

/** Scottish Parliament bill stage types: public bills, then private and hybrid bills. */
const SCOTTISH_STAGES = [
  ...fixtureJson<{ Name: string }[]>('scottish-parliament', 'billstagetypes.json').map((type) => type.Name),
  'Stage 1',
  'Stage 1 evidence & report',
  'Stage 1 report',
  'Stage 2',
  'Stage 3',
  'Withdrawn',
  'Preliminary Stage',
  'Consideration Stage',
  'Final Stage',
  'Reconsideration Stage',
];

/** Titles and stages the mappers write (src/server/sources/*: timelines and `currentStage`). */
const MAPPED_TITLES = [
  // legislation.gov.uk
  'Made',
  'Enacted (Royal Assent)',
  'Laid',
  'Laid before the UK Parliament',
  'Laid before the House of Commons',
  'Laid before the House of Lords',
  'Laid before the Scottish Parliament',
  'Laid before the Senedd',
  'Laid before the National Assembly for Wales',
  'Laid before the Northern Ireland Assembly',
  'Comes into force',
  // EUR-Lex
  'Regulation adopted',
  'Directive adopted',
  'Decision adopted',
  'Entry into force',
  'In force',
  'No longer in force',
  'Adopted',
  // Federal Register of Legislation (Australia)
  'Assented to',
  'Repealed',
  // Justice Laws (Canada)
  'Registered',
  'Last amended',
  'Consolidated',
  // LEGISinfo (Canada)
  'First reading in the House of Commons',
  'Second reading in the House of Commons',
  'Third reading in the House of Commons',
  'First reading in the Senate',
  'Second reading in the Senate',
  'Third reading in the Senate',
  'Royal assent received',
  // Congress.gov
  'Introduced in the House',
  'Introduced in the Senate',
  // Federal Register (United States)
  'Published in the Federal Register',
  'Published in the Federal Register (89 FR 104321)',
  'Comment period closes',
  'Takes effect',
  'Final rule.',
  'Proposed rule',
];

/** Every language has its own words for the text: known, and not the English ones. */
function expectTranslated(text: string) {
  const inEnglish = english.stage(text);
  expect(inEnglish.startsWith('\u2068'), `English: ${text}`).toBe(false);
  for (const code of LANGUAGE_CODES.filter((c) => c !== 'en')) {
    const words = vocabularies[code]!.stage(text);
    expect(words.startsWith('\u2068'), `${code}: ${text}`).toBe(false);
    expect(words, `${code}: ${text}`).not.toBe(inEnglish);
    expect(vocabularies[code]!.eventTitle(text), `${code}: ${text}`).toBe(words);
  }
}

describe('stage names', () => {
  it('knows every recorded Bills API stage type, in its House too, in every language', () => {
    expect(recorded.items).toHaveLength(20);
    for (const { name, house } of recorded.items) {
      expectTranslated(name);
      expectTranslated(`${name} in the House of ${house}`);
    }
  });

  it('knows the Bills API’s other stage types', () => {
    for (const name of BILLS_API_STAGES) {
      expectTranslated(name);
      expectTranslated(`${name} in the House of Lords`);
    }
  });

  it('knows the Scottish Parliament’s stage types', () => {
    for (const name of SCOTTISH_STAGES) expectTranslated(name);
  });

  it('knows the titles and stages the other sources’ mappers write', () => {
    for (const title of MAPPED_TITLES) expectTranslated(title);
  });

  it('translates real forms in German and Arabic', () => {
    expect(german.stage('2nd reading in the House of Lords')).toBe('Zweite Lesung (Oberhaus)');
    expect(german.eventTitle('2nd reading in the House of Lords')).toBe('Zweite Lesung (Oberhaus)');
    expect(german.stage('Consideration of Lords amendments')).toBe('Beratung der Änderungen des Oberhauses');
    expect(german.stage('Stage 1 debate')).toBe('Phase 1: Aussprache');
    expect(german.stage('Laid before the Scottish Parliament')).toBe('Dem Schottischen Parlament vorgelegt');
    expect(german.stage('Committee stage (re-committed clauses and schedules)')).toBe(
      'Ausschussphase (erneut überwiesene Klauseln und Anhänge)',
    );
    expect(german.eventTitle('First reading in the Senate')).toBe('Erste Lesung (Senat)');
    expect(arabic.stage('2nd reading in the House of Lords')).toBe('القراءة الثانية (مجلس اللوردات)');
    expect(arabic.stage('Consideration of Lords amendments')).toBe('النظر في تعديلات مجلس اللوردات');
    expect(arabic.stage('Stage 1 debate')).toBe('المرحلة 1: المناقشة');
    expect(arabic.stage('Laid before the Scottish Parliament')).toBe('قُدِّم إلى البرلمان الاسكتلندي');
  });

  it('keeps a note in brackets as written after the stage’s words', () => {
    expect(german.stage('Published in the Federal Register (89 FR 104321)')).toBe(
      `Im Federal Register veröffentlicht ${isolate('(89 FR 104321)')}`,
    );
    expect(german.stage('Unheard of stage (in committee)')).toBe(isolate('Unheard of stage (in committee)'));
  });
});
