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

/** The bills whose amendments the service reads and syncs (the server refuses any other). */
export const listsAmendments = (legislationType: string | null | undefined) =>
  legislationType === 'uk_parliament_bill';

/**
 * The Amendments tab's empty text: a UK Parliament bill has none yet; an Act or instrument has
 * none, being no bill; any other bill (Scottish Parliament, Congress, Canada) or item of a source
 * beyond the UK may have amendments the service does not list, so the text says where they are.
 */
export function amendmentsText(kind: LegalKind, legislationType: string | null | undefined): TranslationKey {
  if (listsAmendments(legislationType) || (kind === 'bill' && legislationType === undefined))
    return 'legalChange.amendments.empty';
  return kind === 'bill' || kind === 'other'
    ? 'legalChange.amendments.ukBillsOnly'
    : 'legalChange.amendments.notBill';
}
