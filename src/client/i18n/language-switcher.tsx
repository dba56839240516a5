import { changeLanguage, useTranslation } from './index';
import { LANGUAGE_CODES, type LanguageCode } from './languages';

/**
 * The headers' language switcher: a native select, which keyboards, screen readers and phones
 * handle as any list of choices, showing the language in use. Each language is listed in its own
 * name (`languageNames`, the same in every dictionary) and marked with its `lang`, so it is read
 * in that language. The language changes at once; a member's choice is also saved to their
 * account (`./member-language`).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <select
      aria-label={t('layout.language')}
      value={i18n.language}
      onChange={(event) => void changeLanguage(event.target.value as LanguageCode).catch(() => undefined)}
      className="h-9 cursor-pointer rounded-md bg-transparent px-1 text-sm text-muted-foreground field-sizing-content hover:bg-accent"
    >
      {LANGUAGE_CODES.map((code) => (
        <option key={code} value={code} lang={code}>
          {t(`languageNames.${code}`)}
        </option>
      ))}
    </select>
  );
}
