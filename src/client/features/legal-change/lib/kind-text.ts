import type { LegalKind } from '#shared/item-date';
import { SCOTTISH_PARLIAMENT_BILL } from '#shared/legislation';
import type { TranslationKey } from '#client/i18n';

/** Headings and empty states named for the kind of law (src/shared/item-date.ts legalKindOf). */
export function kindText(
  kind: LegalKind,
  part: 'overview' | 'history' | 'intro',
  legislationType?: string,
): TranslationKey {
  // the Scottish Parliament has one chamber: its bills' stages are in no House
  if (part === 'intro' && legislationType === SCOTTISH_PARLIAMENT_BILL)
    return 'legalChange.timeline.intro.scottishBill';
  return `legalChange.timeline.${part}.${kind}` as TranslationKey;
}

/** A bill has no stages yet; any other kind of law no dates. */
export function emptyText(kind: LegalKind): TranslationKey {
  return kind === 'bill' ? 'legalChange.timeline.emptyStages' : 'legalChange.timeline.emptyDates';
}
