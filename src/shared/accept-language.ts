/** Picking a language from Accept-Language headers and stored choices (the server's side of the rule in `./languages`). */
import { firstSupportedLanguage, type LanguageCode } from './languages';

/** The language tags of an Accept-Language header (`de-AT,de;q=0.9`), best first; `q=0` ones left out. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => ({ tag: part.split(';')[0]!.trim(), q: Number(/;\s*q=([0-9.]+)/.exec(part)?.[1] ?? 1) }))
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q) // stable: tags of equal quality keep their order
    .map(({ tag }) => tag);
}

/**
 * The first supported language among stored choices and Accept-Language headers, each
 * candidate's tags in quality order (`de-AT,de;q=0.9` gives `de`); English when none is.
 */
export function pickLanguage(...candidates: readonly (string | null | undefined)[]): LanguageCode {
  return firstSupportedLanguage(candidates.flatMap(acceptedLanguages));
}
