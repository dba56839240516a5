import { changeLanguage, useTranslation } from './index';
import { LANGUAGE_CODES, type LanguageCode } from '#shared/languages';

/**
 * The headers' language switcher: a native select, which keyboards, screen readers and phones
 * handle as any list of choices, showing the language in use (on phones its code, the select
 * laid transparently over it). Each language is listed in its own name (`languageNames`, the
 * same in every dictionary) and marked with its `lang`, so it is read in that language. The
 * language changes at once; a member's choice is also saved to their account
 * (`./member-language`).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <div className="relative rounded-md text-sm text-muted-foreground focus-within:ring-2 focus-within:ring-ring">
      <span aria-hidden="true" className="flex h-9 items-center px-2 uppercase sm:hidden">
        {i18n.language}
      </span>
      <select
        aria-label={t('layout.language')}
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.target.value as LanguageCode).catch(() => undefined)}
        className="absolute inset-0 opacity-0 field-sizing-content focus:outline-none sm:static sm:h-9 sm:bg-transparent sm:opacity-100"
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`languageNames.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
