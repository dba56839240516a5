/**
 * What the MCP tools answer: readable text for the assistant, every item with its official link
 * (legislation.gov.uk, bills.parliament.uk, …) and its Lexwatch page, so answers can cite them.
 */
import type { ItemDateKind } from '#shared/item-date';
import type { EffectList } from '#shared/schemas/legal-change-detail';
import type { LegalChangeListItem } from '#shared/schemas/legal-changes';
import type { V1LegalChange } from '#shared/schemas/public-api';

export interface ToolText {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
}

export const text = (body: string): ToolText => ({ content: [{ type: 'text', text: body }] });

const pageOf = (appUrl: string, id: number) => `${appUrl}/legal-changes/${id}`;

/** What happened on an item's date, in the words of its kind of law (`itemDateKind`). */
const DATE_KIND_WORDS: Record<ItemDateKind, string> = {
  royal_assent: 'Royal Assent',
  made: 'Made',
  laid: 'Laid',
  coming_into_force: 'Comes into force',
  stage: 'Current stage',
  published: 'Published',
  consultation_end: 'Consultation closes',
  updated: 'Updated at source',
  year_only: 'Year',
};

/** 'Made: 2019-10-30', 'Year: 2025' — or nothing when the source states no date. */
function datedAs(item: { itemDate: string | null; itemDateKind: ItemDateKind | null }): string | null {
  if (!item.itemDate || !item.itemDateKind) return null;
  const value = item.itemDateKind === 'year_only' ? item.itemDate.slice(0, 4) : item.itemDate;
  return `${DATE_KIND_WORDS[item.itemDateKind]}: ${value}`;
}

export function itemLine(appUrl: string, item: LegalChangeListItem): string {
  const dated = datedAs(item);
  const parts = [`[${item.id}] ${item.title}`, [item.legislationType, dated].filter(Boolean).join(', ')];
  if (item.officialUrl) parts.push(`official: ${item.officialUrl}`);
  parts.push(`Lexwatch: ${pageOf(appUrl, item.id)}`);
  return `- ${parts.join(' | ')}`;
}

export function listText(appUrl: string, heading: string, items: LegalChangeListItem[], next: string | null) {
  if (!items.length) return text(`${heading}: none.`);
  const lines = [`${heading} (${items.length}):`, ...items.map((item) => itemLine(appUrl, item))];
  if (next) lines.push(`More: call again with cursor "${next}".`);
  return text(lines.join('\n'));
}

export function detailText(appUrl: string, item: V1LegalChange): ToolText {
  const field = (name: string, value: string | number | null) =>
    value === null ? [] : [`${name}: ${value}`];
  const lines = [
    item.title,
    ...field('Id', item.id),
    ...field('Type', item.legislationType),
    ...field('Current stage', item.currentStage),
    ...field('Department', item.departmentName),
    ...field('Date', datedAs(item)),
    ...field('Made', item.madeDate),
    ...field('Comes into force', item.effectiveDate),
    ...field('Official link', item.officialUrl),
    `Lexwatch: ${pageOf(appUrl, item.id)}`,
    ...(item.description ? ['', item.description] : []),
  ];
  if (item.timeline.length) {
    lines.push('', 'Timeline:');
    for (const e of item.timeline)
      lines.push(`- ${e.eventDate ?? 'undated'}: ${e.title}${e.sourceUrl ? ` (${e.sourceUrl})` : ''}`);
  }
  return text(lines.join('\n'));
}

export function effectsText(id: number, list: EffectList): ToolText {
  if (!list.effects.length) return text(`No effects are recorded for legal change ${id}.`);
  const lines = [`Effects recorded for legal change ${id} (${list.effects.length} of ${list.total}):`];
  for (const e of list.effects) {
    const what = [e.type, e.affectedProvisions].filter(Boolean).join(' ');
    const by = e.affectingTitle
      ? ` by ${e.affectingTitle}${e.affectingProvisions ? ` ${e.affectingProvisions}` : ''}`
      : '';
    const when = e.inForceDate ? `, in force ${e.inForceDate}` : '';
    lines.push(
      `- ${what}${by}${when}${e.applied ? '' : ' (not yet applied)'}${e.affectingUrl ? ` — ${e.affectingUrl}` : ''}`,
    );
  }
  return text(lines.join('\n'));
}
