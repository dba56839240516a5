import { useTranslation } from '#client/i18n';
import { useVocabulary } from '#client/i18n/vocabulary';
import { JURISDICTIONS } from '#shared/reference-data';

/**
 * The jurisdictions a member can follow today, named in the interface language and joined as a
 * list ("United Kingdom"): what "every jurisdiction" on the Premium plan really means now.
 */
export function useCoveredJurisdictionNames(): string {
  const { i18n } = useTranslation();
  const vocabulary = useVocabulary();
  const names = JURISDICTIONS.filter((j) => j.isActive).map((j) => vocabulary.jurisdiction(j.name));
  try {
    return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
