/**
 * The words of a change to a legal item: the title and message of its notification, alert email
 * subject, team-chat post and text, in the member's language.
 * A message never repeats the item's title, so an Act named "(Amendment)" does not send the
 * reader to the amendments tab (spec document 1 §4).
 */
import { effectTypeId } from '#shared/effect-types';
import { legalKindOf } from '#shared/item-date';
import { formatDate, hasMessage, t, type MessageLanguage } from './i18n';

export interface EventFacts {
  kind: string;
  before: unknown;
  after: unknown;
  itemTitle: string;
  legislationType: string;
  category: string;
  consultationEndDate: string | null;
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** 2026-10-12 → 12 October 2026 (in the language's own words) */
export function longDate(isoDate: string, lang: MessageLanguage = 'en'): string {
  return formatDate(lang, isoDate);
}

function itemNoun(legislationType: string, category: string): 'Bill' | 'Act' | 'Instrument' {
  if (legislationType.endsWith('_bill')) return 'Bill';
  if (category === 'primary') return 'Act';
  return 'Instrument';
}

/** What 'enacted' means for the kind of law: a bill receives Royal Assent, an instrument is made. */
function enactedMessage(legislationType: string): string {
  const kind = legalKindOf(legislationType);
  if (kind === 'bill') return 'enactedBill';
  if (kind === 'instrument' || kind === 'draft_instrument') return 'made';
  return 'enacted';
}

function stageLabel(value: unknown): string | null {
  const stage = text(field(value, 'stage'));
  if (!stage) return null;
  const house = text(field(value, 'house'));
  return house ? `${stage} (${house})` : stage;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The kind of a change to law in force in the member's language (`events.effectTypes`, by the
 * forms of `#shared/effect-types`); a kind the table lacks in legislation.gov.uk's own words.
 */
function effectTypeWords(type: string, m: (key: string) => string): string {
  const id = effectTypeId(type);
  return id && hasMessage(`events.effectTypes.${id}`) ? m(`effectTypes.${id}`) : type;
}

/** The words a change to law in force inserted and omitted, quoted as written (effect-quotes.ts). */
function quotedWords(after: unknown, m: (key: string, values?: object) => string): string[] {
  const quote = field(after, 'quote');
  const inserted = text(field(quote, 'inserted'));
  const omitted = text(field(quote, 'omitted'));
  return [
    ...(inserted ? [m('lawChangedInserted', { words: inserted })] : []),
    ...(omitted ? [m('lawChangedOmitted', { words: omitted })] : []),
  ];
}

/**
 * The title and message of a change, in `lang`. A deadline reminder without its own count of
 * days says `noticeDays`.
 */
export function eventWords(
  e: EventFacts,
  lang: MessageLanguage,
  noticeDays: number,
): { title: string; message: string } {
  const title = e.itemTitle;
  const count = Number(field(e.after, 'count')) || 1;
  const m = (key: string, values = {}) => t(lang, `events.${key}`, values);
  switch (e.kind) {
    case 'new_item': {
      const stage = text(field(e.after, 'currentStage'));
      const noun = itemNoun(e.legislationType, e.category);
      if (legalKindOf(e.legislationType) === 'draft_instrument')
        return { title: m('newTitle', { title }), message: m('newDraftInstrument') };
      return {
        title: m('newTitle', { title }),
        message: stage ? m(`new${noun}AtStage`, { stage }) : m(`new${noun}`),
      };
    }
    case 'stage_changed': {
      const from = stageLabel(e.before);
      const to = stageLabel(e.after) ?? m('aNewStage');
      return {
        title: m('stageTitle', { title }),
        message: from ? m('stageChanged', { from, to }) : m('stageNow', { to }),
      };
    }
    case 'status_changed': {
      const from = text(field(e.before, 'status'));
      const to = text(field(e.after, 'status')) ?? m('statusUpdated');
      return {
        title: m('statusTitle', { title }),
        message: from
          ? m('statusChanged', { from: capitalise(from), to: capitalise(to) })
          : m('statusNow', { to }),
      };
    }
    case 'enacted':
      return { title: m('enactedTitle', { title }), message: m(enactedMessage(e.legislationType)) };
    case 'amendments_added':
      return { title: m('amendmentsTitle', { title }), message: m('amendments', { count }) };
    case 'documents_added':
      return { title: m('documentsTitle', { title }), message: m('documents', { count }) };
    case 'consultation_dates_changed': {
      const end = text(field(e.after, 'end'));
      return {
        title: m('consultationDatesTitle', { title }),
        message: end
          ? m('consultationClosesOn', { date: longDate(end, lang) })
          : m('consultationDatesChanged'),
      };
    }
    case 'deadline_approaching': {
      const end = text(field(e.after, 'end')) ?? e.consultationEndDate;
      const days = Number(field(e.after, 'days')) || noticeDays;
      return {
        title: m('deadlineTitle', { title }),
        message: end
          ? m('deadlineOn', { count: days, date: longDate(end, lang) })
          : m('deadline', { count: days }),
      };
    }
    case 'law_changed': {
      // the provisions are legislation.gov.uk's own words; the kind of effect is translated
      const type = text(field(e.after, 'type'));
      const what = type ? effectTypeWords(type, m) : m('lawChangedDefault');
      const where = text(field(e.after, 'affectedProvisions'));
      const by = text(field(e.after, 'affectingTitle'));
      const from = text(field(e.after, 'inForceDate'));
      const change = capitalise(where ? `${where} ${what}` : what);
      const key = `lawChanged${by ? 'By' : ''}${from ? 'From' : ''}`;
      return {
        title: m('lawChangedTitle', { title }),
        message: [
          m(key, { change, ...(by ? { by } : {}), ...(from ? { date: longDate(from, lang) } : {}) }),
          ...quotedWords(e.after, m),
        ].join(' '),
      };
    }
    default:
      return { title: m('updateTitle', { title }), message: m('updated') };
  }
}
