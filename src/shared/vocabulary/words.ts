/**
 * The sources' words in a language, read from the same dictionaries as the interface's
 * (`./locales/<lang>.json`): for text composed outside the browser (the server's overview of an
 * item). Each returns null for text the dictionary does not know, which the caller then shows as
 * the source wrote it. All twelve dictionaries are loaded: the interface does not import this file.
 */
import type { LanguageCode } from '#shared/languages';
import type { WordTree } from './dictionary';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import nl from './locales/nl.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import zh from './locales/zh.json';
import { stageWords, type TermGroup, termId } from './terms';

const DICTIONARIES: Record<LanguageCode, WordTree> = { en, de, fr, es, it, nl, pt, ru, ar, zh, ja, ko };

export interface SourceWords {
  /** A stage or event name ('2nd reading', 'Made'), in a House too ('3rd reading in the House of Lords'). */
  stage(text: string): string | null;
  /** 'Commons', 'House of Lords', 'Senate'… */
  house(text: string): string | null;
  /** A stage and a House, both already in words, together ('Zweite Lesung (Unterhaus)'). */
  stageInHouse(stage: string, house: string): string;
  /** A jurisdiction's name ('United Kingdom') or a UK nation's ('scotland'). */
  jurisdiction(text: string): string | null;
  /** A legislation type's name by its code ('ukpga', 'eu_regulation'). */
  typeName(code: string): string | null;
}

function find(tree: WordTree, path: string[]): string | null {
  let node: string | WordTree | undefined = tree;
  for (const key of path) {
    if (!node || typeof node === 'string' || !Object.hasOwn(node, key)) return null;
    node = node[key];
  }
  return typeof node === 'string' ? node : null;
}

/** The sources' words in `lang`; `keep` marks text kept as the source wrote it inside them. */
export function sourceWords(
  lang: LanguageCode,
  keep: (text: string) => string = (text) => text,
): SourceWords {
  const tree = DICTIONARIES[lang] ?? DICTIONARIES.en;
  const word = (group: TermGroup, text: string) => {
    const id = termId(group, text);
    return id ? find(tree, ['vocabulary', group, id]) : null;
  };
  const stageInHouse = (stage: string, house: string) =>
    (find(tree, ['vocabulary', 'stageInHouse']) ?? '{{stage}} in the {{house}}')
      .replace('{{stage}}', () => stage)
      .replace('{{house}}', () => house);
  return {
    stage: (text) => stageWords(text, word, stageInHouse, keep),
    house: (text) => word('house', text),
    stageInHouse,
    jurisdiction: (text) => word('jurisdiction', text),
    typeName: (code) => find(tree, ['legislationTypes', code]),
  };
}
