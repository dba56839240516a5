/**
 * Areas of the interface whose messages load with their screens, not with every page: the
 * administrator console, a legal change's page and the legal sources, whose messages only their
 * own screens show. Their keys are typed with the rest (`AreaDictionaries`) and read as any other
 * (`t('legalChange.tabs.timeline')`); a screen of an area waits for `loadArea` before rendering.
 */
import {
  beforeLanguageSwitch,
  dictionaries,
  ensureDictionary,
  getTranslation,
  languageReady,
  setLanguage,
} from './index';
import { DEFAULT_LANGUAGE, type LanguageCode } from './languages';
import type { AreaName, Dictionary } from './translate';

type Loader = () => Promise<{ default: Dictionary }>;

/** Each area's dictionaries, by language: each a chunk of its own, loaded with the area in the language in use. */
const AREA_LOADERS: Record<AreaName, Partial<Record<LanguageCode, Loader>>> = {
  admin: {
    en: () => import('#client/features/admin/locales/en.json'),
    es: () => import('#client/features/admin/locales/es.json'),
    fr: () => import('#client/features/admin/locales/fr.json'),
    de: () => import('#client/features/admin/locales/de.json'),
    it: () => import('#client/features/admin/locales/it.json'),
    pt: () => import('#client/features/admin/locales/pt.json'),
    ja: () => import('#client/features/admin/locales/ja.json'),
    ko: () => import('#client/features/admin/locales/ko.json'),
    zh: () => import('#client/features/admin/locales/zh.json'),
    ar: () => import('#client/features/admin/locales/ar.json'),
    ru: () => import('#client/features/admin/locales/ru.json'),
    nl: () => import('#client/features/admin/locales/nl.json'),
  },
  legalChange: {
    en: () => import('#client/features/legal-change/locales/en.json'),
    es: () => import('#client/features/legal-change/locales/es.json'),
    fr: () => import('#client/features/legal-change/locales/fr.json'),
    de: () => import('#client/features/legal-change/locales/de.json'),
    it: () => import('#client/features/legal-change/locales/it.json'),
    pt: () => import('#client/features/legal-change/locales/pt.json'),
    ja: () => import('#client/features/legal-change/locales/ja.json'),
    ko: () => import('#client/features/legal-change/locales/ko.json'),
    zh: () => import('#client/features/legal-change/locales/zh.json'),
    ar: () => import('#client/features/legal-change/locales/ar.json'),
    ru: () => import('#client/features/legal-change/locales/ru.json'),
    nl: () => import('#client/features/legal-change/locales/nl.json'),
  },
  legalSources: {
    en: () => import('#client/features/legal-sources/locales/en.json'),
    es: () => import('#client/features/legal-sources/locales/es.json'),
    fr: () => import('#client/features/legal-sources/locales/fr.json'),
    de: () => import('#client/features/legal-sources/locales/de.json'),
    it: () => import('#client/features/legal-sources/locales/it.json'),
    pt: () => import('#client/features/legal-sources/locales/pt.json'),
    ja: () => import('#client/features/legal-sources/locales/ja.json'),
    ko: () => import('#client/features/legal-sources/locales/ko.json'),
    zh: () => import('#client/features/legal-sources/locales/zh.json'),
    ar: () => import('#client/features/legal-sources/locales/ar.json'),
    ru: () => import('#client/features/legal-sources/locales/ru.json'),
    nl: () => import('#client/features/legal-sources/locales/nl.json'),
  },
};

const loaded = new Set<string>();
const areas = new Set<AreaName>();

async function ensureArea(area: AreaName, code: LanguageCode): Promise<void> {
  const key = `${area}:${code}`;
  const loader = AREA_LOADERS[area][code];
  if (loaded.has(key) || !loader) return;
  await ensureDictionary(code);
  dictionaries[code] = { ...dictionaries[code], [area]: (await loader()).default };
  loaded.add(key);
}

beforeLanguageSwitch.push((code) => Promise.all([...areas].map((a) => ensureArea(a, code))));

/** Loads an area's messages (English and the current language's) before its screens render. */
export async function loadArea(area: AreaName): Promise<void> {
  areas.add(area);
  await languageReady;
  const { language } = getTranslation().i18n;
  await Promise.all([ensureArea(area, DEFAULT_LANGUAGE), ensureArea(area, language)]);
  setLanguage(getTranslation().i18n.language);
}
