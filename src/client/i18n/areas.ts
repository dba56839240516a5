/**
 * Areas of the interface whose messages load with their screens, not with every page (the
 * administrator console's, today). Their keys are typed with the rest (`AreaDictionaries`).
 */
import { beforeLanguageSwitch, dictionaries, ensureDictionary, getTranslation, setLanguage } from './index';
import { DEFAULT_LANGUAGE, type LanguageCode } from './languages';
import type { AreaName, Dictionary } from './translate';

type Loader = () => Promise<{ default: Dictionary }>;

/** Each area's dictionaries, by language (English always; others where translated). */
const AREA_LOADERS: Record<AreaName, Partial<Record<LanguageCode, Loader>>> = {
  admin: { en: () => import('#client/features/admin/locales/en.json') },
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
  const { language } = getTranslation().i18n;
  await Promise.all([ensureArea(area, DEFAULT_LANGUAGE), ensureArea(area, language)]);
  setLanguage(getTranslation().i18n.language);
}
