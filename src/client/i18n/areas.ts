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
import { DEFAULT_LANGUAGE, type LanguageCode } from '#shared/languages';
import type { AreaName, Dictionary } from './translate';

type Loader = () => Promise<{ default: Dictionary }>;

/** Each area's dictionaries, by language: each a chunk of its own, loaded with the area in the language in use. */
const AREA_LOADERS: Record<AreaName, Partial<Record<LanguageCode, Loader>>> = {
  admin: {
    en: () => import('#client/i18n/area-locales/admin/en.json'),
    es: () => import('#client/i18n/area-locales/admin/es.json'),
    fr: () => import('#client/i18n/area-locales/admin/fr.json'),
    de: () => import('#client/i18n/area-locales/admin/de.json'),
    it: () => import('#client/i18n/area-locales/admin/it.json'),
    pt: () => import('#client/i18n/area-locales/admin/pt.json'),
    ja: () => import('#client/i18n/area-locales/admin/ja.json'),
    ko: () => import('#client/i18n/area-locales/admin/ko.json'),
    zh: () => import('#client/i18n/area-locales/admin/zh.json'),
    ar: () => import('#client/i18n/area-locales/admin/ar.json'),
    ru: () => import('#client/i18n/area-locales/admin/ru.json'),
    nl: () => import('#client/i18n/area-locales/admin/nl.json'),
  },
  legalChange: {
    en: () => import('#client/i18n/area-locales/legal-change/en.json'),
    es: () => import('#client/i18n/area-locales/legal-change/es.json'),
    fr: () => import('#client/i18n/area-locales/legal-change/fr.json'),
    de: () => import('#client/i18n/area-locales/legal-change/de.json'),
    it: () => import('#client/i18n/area-locales/legal-change/it.json'),
    pt: () => import('#client/i18n/area-locales/legal-change/pt.json'),
    ja: () => import('#client/i18n/area-locales/legal-change/ja.json'),
    ko: () => import('#client/i18n/area-locales/legal-change/ko.json'),
    zh: () => import('#client/i18n/area-locales/legal-change/zh.json'),
    ar: () => import('#client/i18n/area-locales/legal-change/ar.json'),
    ru: () => import('#client/i18n/area-locales/legal-change/ru.json'),
    nl: () => import('#client/i18n/area-locales/legal-change/nl.json'),
  },
  legalSources: {
    en: () => import('#client/i18n/area-locales/legal-sources/en.json'),
    es: () => import('#client/i18n/area-locales/legal-sources/es.json'),
    fr: () => import('#client/i18n/area-locales/legal-sources/fr.json'),
    de: () => import('#client/i18n/area-locales/legal-sources/de.json'),
    it: () => import('#client/i18n/area-locales/legal-sources/it.json'),
    pt: () => import('#client/i18n/area-locales/legal-sources/pt.json'),
    ja: () => import('#client/i18n/area-locales/legal-sources/ja.json'),
    ko: () => import('#client/i18n/area-locales/legal-sources/ko.json'),
    zh: () => import('#client/i18n/area-locales/legal-sources/zh.json'),
    ar: () => import('#client/i18n/area-locales/legal-sources/ar.json'),
    ru: () => import('#client/i18n/area-locales/legal-sources/ru.json'),
    nl: () => import('#client/i18n/area-locales/legal-sources/nl.json'),
  },
  developers: {
    en: () => import('#client/i18n/area-locales/developers/en.json'),
    es: () => import('#client/i18n/area-locales/developers/es.json'),
    fr: () => import('#client/i18n/area-locales/developers/fr.json'),
    de: () => import('#client/i18n/area-locales/developers/de.json'),
    it: () => import('#client/i18n/area-locales/developers/it.json'),
    pt: () => import('#client/i18n/area-locales/developers/pt.json'),
    ja: () => import('#client/i18n/area-locales/developers/ja.json'),
    ko: () => import('#client/i18n/area-locales/developers/ko.json'),
    zh: () => import('#client/i18n/area-locales/developers/zh.json'),
    ar: () => import('#client/i18n/area-locales/developers/ar.json'),
    ru: () => import('#client/i18n/area-locales/developers/ru.json'),
    nl: () => import('#client/i18n/area-locales/developers/nl.json'),
  },
  channels: {
    en: () => import('#client/i18n/area-locales/channels/en.json'),
    es: () => import('#client/i18n/area-locales/channels/es.json'),
    fr: () => import('#client/i18n/area-locales/channels/fr.json'),
    de: () => import('#client/i18n/area-locales/channels/de.json'),
    it: () => import('#client/i18n/area-locales/channels/it.json'),
    pt: () => import('#client/i18n/area-locales/channels/pt.json'),
    ja: () => import('#client/i18n/area-locales/channels/ja.json'),
    ko: () => import('#client/i18n/area-locales/channels/ko.json'),
    zh: () => import('#client/i18n/area-locales/channels/zh.json'),
    ar: () => import('#client/i18n/area-locales/channels/ar.json'),
    ru: () => import('#client/i18n/area-locales/channels/ru.json'),
    nl: () => import('#client/i18n/area-locales/channels/nl.json'),
  },
  dataState: {
    en: () => import('#client/i18n/area-locales/data-state/en.json'),
    es: () => import('#client/i18n/area-locales/data-state/es.json'),
    fr: () => import('#client/i18n/area-locales/data-state/fr.json'),
    de: () => import('#client/i18n/area-locales/data-state/de.json'),
    it: () => import('#client/i18n/area-locales/data-state/it.json'),
    pt: () => import('#client/i18n/area-locales/data-state/pt.json'),
    ja: () => import('#client/i18n/area-locales/data-state/ja.json'),
    ko: () => import('#client/i18n/area-locales/data-state/ko.json'),
    zh: () => import('#client/i18n/area-locales/data-state/zh.json'),
    ar: () => import('#client/i18n/area-locales/data-state/ar.json'),
    ru: () => import('#client/i18n/area-locales/data-state/ru.json'),
    nl: () => import('#client/i18n/area-locales/data-state/nl.json'),
  },
  landing: {
    en: () => import('#client/i18n/area-locales/landing/en.json'),
    es: () => import('#client/i18n/area-locales/landing/es.json'),
    fr: () => import('#client/i18n/area-locales/landing/fr.json'),
    de: () => import('#client/i18n/area-locales/landing/de.json'),
    it: () => import('#client/i18n/area-locales/landing/it.json'),
    pt: () => import('#client/i18n/area-locales/landing/pt.json'),
    ja: () => import('#client/i18n/area-locales/landing/ja.json'),
    ko: () => import('#client/i18n/area-locales/landing/ko.json'),
    zh: () => import('#client/i18n/area-locales/landing/zh.json'),
    ar: () => import('#client/i18n/area-locales/landing/ar.json'),
    ru: () => import('#client/i18n/area-locales/landing/ru.json'),
    nl: () => import('#client/i18n/area-locales/landing/nl.json'),
  },
  team: {
    en: () => import('#client/i18n/area-locales/team/en.json'),
    es: () => import('#client/i18n/area-locales/team/es.json'),
    fr: () => import('#client/i18n/area-locales/team/fr.json'),
    de: () => import('#client/i18n/area-locales/team/de.json'),
    it: () => import('#client/i18n/area-locales/team/it.json'),
    pt: () => import('#client/i18n/area-locales/team/pt.json'),
    ja: () => import('#client/i18n/area-locales/team/ja.json'),
    ko: () => import('#client/i18n/area-locales/team/ko.json'),
    zh: () => import('#client/i18n/area-locales/team/zh.json'),
    ar: () => import('#client/i18n/area-locales/team/ar.json'),
    ru: () => import('#client/i18n/area-locales/team/ru.json'),
    nl: () => import('#client/i18n/area-locales/team/nl.json'),
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
