import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizedDetails, localizedMessage } from '#server/http/error-messages';
import { formatWaitIn } from '#server/http/wait-words';
import { AppError, badRequest, conflict, formatWait, tooManyRequests } from '#server/http/errors';
import { MESSAGE_LANGUAGES } from '#server/messages/i18n';
import en from '#server/messages/locales/en.json';

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe("error messages in the reader's language", () => {
  it('translates a fixed message by its code, and leaves English as it was thrown', () => {
    const error = conflict('You already have this search term.', 'search_term_exists');
    expect(localizedMessage(error, 'en')).toBe('You already have this search term.');
    const ja = localizedMessage(error, 'ja');
    expect(ja).toMatch(CJK);
    expect(localizedMessage(error, 'es')).not.toBe(error.message);
  });

  it('keeps the English when the dictionary holds another wording under the same code', () => {
    // a code thrown with a message the dictionary does not hold is not given someone else's words
    const error = conflict('Some other wording of a taken address.', 'email_taken');
    expect(localizedMessage(error, 'fr')).toBe('Some other wording of a taken address.');
  });

  it('fills values, and says a wait in the language', () => {
    const error = tooManyRequests(125);
    expect(error.message).toBe(`Too many attempts. Please wait ${formatWait(125)} and try again.`);
    expect(localizedMessage(error, 'en')).toBe('Too many attempts. Please wait 3 minutes and try again.');
    const de = localizedMessage(error, 'de');
    expect(de).toContain(formatWaitIn('de', 125));
    expect(de).not.toContain('minutes');
    expect(formatWaitIn('en', 1)).toBe(formatWait(1));
    expect(formatWaitIn('en', 45)).toBe(formatWait(45));
    expect(formatWaitIn('en', 61)).toBe(formatWait(61));
    const limited = new AppError(
      403,
      'webhook_limit_reached',
      'You can add up to 5 webhooks. Remove one to add another.',
    );
    limited.localized('errors.webhook_limit_reached', { max: 5 });
    expect(localizedMessage(limited, 'ko')).toContain('5');
    expect(localizedMessage(limited, 'ko')).not.toBe(limited.message);
  });

  it('translates field details that repeat the message', () => {
    const error = badRequest(
      'This password is one of the most commonly used passwords. Please choose a less common one.',
      [
        {
          field: 'password',
          message:
            'This password is one of the most commonly used passwords. Please choose a less common one.',
        },
      ],
      'password_too_common',
    );
    const message = localizedMessage(error, 'it');
    expect(message).not.toBe(error.message);
    expect(localizedDetails(error.details, error.message, message)).toEqual([{ field: 'password', message }]);
  });

  it('has every message of the dictionary in every language with a translation of its own', () => {
    const error = badRequest('Invalid verification code.', undefined, 'invalid_code').localized(
      'errors.invalidVerificationCode',
    );
    const seen = new Set<string>();
    for (const lang of MESSAGE_LANGUAGES) seen.add(localizedMessage(error, lang));
    expect(seen.size).toBe(MESSAGE_LANGUAGES.length);
  });

  it('names only keys the server uses (no message is kept for an error that is never thrown)', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk('src/server');
    const code = sources.join('\n');
    const used = (key: string) =>
      code.includes(`'${key}'`) ||
      code.includes(`'errors.${key}'`) ||
      code.includes(`errors.${key.split('.')[0]}.`);
    const keys = Object.keys(en.errors)
      .map((key) => key.replace(/_(one|other)$/, ''))
      .filter((key) => key !== 'wait' && key !== 'rateLimits');
    expect([...new Set(keys)].filter((key) => !used(key))).toEqual([]);
    // every rate limit's scope has its message
    for (const scope of Object.keys(en.errors.rateLimits)) expect(code).toContain(`scope: '${scope}'`);
  });
});
