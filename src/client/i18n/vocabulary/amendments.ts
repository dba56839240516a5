/**
 * UK Parliament's codes for an amendment in the member's language: its `decision` ('NoDecision',
 * 'NotMoved', 'NegativedOnDivision'…) and its `amendmentType` ('EditBillBody'…), from the legal
 * change area's dictionary (`legalChange.amendments.decisions|types.<code>`), where the only page
 * that shows them finds its words. A code no dictionary knows is shown as written, isolated.
 */
import type { Translation, TranslationKey } from '../index';
import { isolate } from './index';

export type AmendmentCodeGroup = 'decisions' | 'types';

/** Bills API decisions that carried the amendment. */
const AGREED = new Set(['agreed', 'agreedondivision']);

export function isAgreed(decision: string | null): boolean {
  return AGREED.has((decision ?? '').toLowerCase());
}

/** The words for an amendment's code, or null when it has none. */
export function amendmentCode(
  { t, i18n }: Pick<Translation, 't' | 'i18n'>,
  group: AmendmentCodeGroup,
  code: string | null,
): string | null {
  if (!code) return null;
  const key = `legalChange.amendments.${group}.${code}`;
  return i18n.exists(key) ? t(key as TranslationKey) : isolate(code);
}
