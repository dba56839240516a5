/**
 * The policy pages' own dictionary (terms, privacy, cookies): long texts that only those pages
 * need, so they load with them and stay out of the interface dictionary every page downloads.
 * English comes with the pages; another language's texts are a chunk of their own, loaded before
 * a policy page renders (`loadPolicyText`) and before every language switch once a policy page
 * has been seen. Same conventions as `#client/i18n`: nested keys, `{{placeholders}}`, English as
 * the fallback.
 */
import { beforeLanguageSwitch, getTranslation, languageReady, useTranslation } from '#client/i18n';
import type { LanguageCode } from '#shared/languages';
import { type Dictionary, type Leaves, type TranslateOptions, translate } from '#client/i18n/translate';
import { formatPounds } from '#client/lib/format';
import { COOKIE_POLICY_VERSION } from '#shared/cookie-consent';
import { BROWSER_DURATIONS, LEGAL_CONTACT, RETENTION } from '#shared/retention';
import { MINIMUM_TERM_MONTHS, PLANS } from '#shared/tiers';
import en from '#client/i18n/area-locales/policies/en.json';

export type PolicyKey = Leaves<typeof en>;

const DICTIONARIES: Partial<Record<LanguageCode, Dictionary>> = { en };

const LOADERS: Partial<Record<LanguageCode, () => Promise<{ default: Dictionary }>>> = {
  es: () => import('#client/i18n/area-locales/policies/es.json'),
  fr: () => import('#client/i18n/area-locales/policies/fr.json'),
  de: () => import('#client/i18n/area-locales/policies/de.json'),
  it: () => import('#client/i18n/area-locales/policies/it.json'),
  pt: () => import('#client/i18n/area-locales/policies/pt.json'),
  ja: () => import('#client/i18n/area-locales/policies/ja.json'),
  ko: () => import('#client/i18n/area-locales/policies/ko.json'),
  zh: () => import('#client/i18n/area-locales/policies/zh.json'),
  ar: () => import('#client/i18n/area-locales/policies/ar.json'),
  ru: () => import('#client/i18n/area-locales/policies/ru.json'),
  nl: () => import('#client/i18n/area-locales/policies/nl.json'),
};

async function ensurePolicyText(code: LanguageCode): Promise<void> {
  const loader = LOADERS[code];
  if (DICTIONARIES[code] || !loader) return;
  try {
    DICTIONARIES[code] = (await loader()).default;
  } catch {
    // unavailable (offline): the policies show in English, the rest of the page in the language chosen
  }
}

beforeLanguageSwitch.push(ensurePolicyText);

/** Loads the policy texts in the language in use; a policy page's screen waits for it. */
export async function loadPolicyText(): Promise<void> {
  await languageReady;
  await ensurePolicyText(getTranslation().i18n.language);
}

/** The date the current policies took effect (the cookie policy version is that date). */
export const POLICY_DATE = COOKIE_POLICY_VERSION;

/** Figures the texts quote, from the definitions the service itself runs on. */
function policyValues(language: string): Record<string, string | number> {
  const price = (pence: number) => formatPounds(pence / 100, language);
  return {
    trialName: PLANS.trial.name,
    trialPrice: price(PLANS.trial.monthlyPrice),
    trialDays: PLANS.trial.trialDays ?? 0,
    basicName: PLANS.basic.name,
    basicMonthly: price(PLANS.basic.monthlyPrice),
    basicYearly: price(PLANS.basic.yearlyPrice ?? 0),
    basicSaving: PLANS.basic.yearlySavingPct ?? 0,
    premiumName: PLANS.premium.name,
    premiumMonthly: price(PLANS.premium.monthlyPrice),
    premiumYearly: price(PLANS.premium.yearlyPrice ?? 0),
    premiumSaving: PLANS.premium.yearlySavingPct ?? 0,
    minimumTermMonths: MINIMUM_TERM_MONTHS,
    ...RETENTION,
    ...BROWSER_DURATIONS,
    supportEmail: LEGAL_CONTACT.support,
    privacyEmail: LEGAL_CONTACT.privacy,
  };
}

export type PolicyT = (key: PolicyKey, options?: TranslateOptions) => string;

/** `p(key)`: a policy message in the interface language (English when it has none), figures filled in. */
export function usePolicyText(): { p: PolicyT; language: string; locale: string } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // dates and figures in British conventions for English (a UK service)
  const locale = language === 'en' ? 'en-GB' : language;
  const chain = [
    { language, dictionary: DICTIONARIES[language] },
    { language: 'en', dictionary: DICTIONARIES.en },
  ];
  const values = policyValues(locale);
  return { p: (key, options) => translate(chain, key, { ...values, ...options }), language, locale };
}
