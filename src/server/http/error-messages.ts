/**
 * Error messages in the reader's language. The client sends its interface language as
 * Accept-Language; an error whose message the `errors` messages hold is answered in it.
 *
 * A message is translated only when the English entry, filled with the same values, is exactly
 * the message the error carries: a key that holds another wording than the one thrown (a code
 * used for several messages) leaves the message in English rather than saying something else.
 */
import { hasMessage, t, type MessageLanguage, type MessageValues } from '#server/messages/i18n';
import type { AppError } from './errors';
import { formatWaitIn } from './wait-words';

function render(lang: MessageLanguage, key: string, values: MessageValues): string {
  const { waitSeconds, ...rest } = values;
  return t(
    lang,
    key,
    typeof waitSeconds === 'number' ? { ...rest, wait: formatWaitIn(lang, waitSeconds) } : rest,
  );
}

/** The message of a thrown error by its key and values, or null when the dictionaries do not hold it. */
export function translatedMessage(
  lang: MessageLanguage,
  english: string,
  key: string,
  values: MessageValues = {},
): string | null {
  if (lang === 'en' || !hasMessage(key)) return null;
  if (render('en', key, values) !== english) return null;
  return render(lang, key, values);
}

/** A message of the `errors` dictionaries in `lang`, whatever the English of the moment says (null in English). */
export function dictionaryMessage(lang: MessageLanguage, key: string): string | null {
  return lang === 'en' || !hasMessage(key) ? null : render(lang, key, {});
}

/** An AppError's message in `lang` (its own English when there is no translation of it). */
export function localizedMessage(error: AppError, lang: MessageLanguage): string {
  return (
    translatedMessage(lang, error.message, error.messageKey ?? `errors.${error.code}`, error.messageValues) ??
    error.message
  );
}

/** Field details `{ field, message }` whose message is the error's own, in `lang`. */
export function localizedDetails(details: unknown, english: string, localized: string): unknown {
  if (english === localized || !Array.isArray(details)) return details;
  return details.map((entry: unknown) =>
    entry && typeof entry === 'object' && (entry as { message?: unknown }).message === english
      ? { ...entry, message: localized }
      : entry,
  );
}
