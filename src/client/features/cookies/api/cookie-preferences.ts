import { queryOptions } from '@tanstack/react-query';
import type { CookiePreferences } from '#shared/schemas/cookies';
import { apiRequest, getJson } from '#client/lib/api-client';
import { queryClient } from '#client/lib/query-client';
import type { ConsentChoice } from '../lib/consent';
import { MINUTE_MS } from '#shared/time';
import { cookieKeys } from '#client/lib/query-keys';

const URL = '/api/user/cookie-preferences';

/** The member's saved choice: read only when signed in, never retried, fresh for 5 minutes (spec §7). */
export const cookiePreferencesQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: cookieKeys.preferences,
    queryFn: ({ signal }) => getJson<CookiePreferences>(URL, { signal }),
    enabled: signedIn,
    retry: false,
    staleTime: 5 * MINUTE_MS,
  });

/** The consent date wherever an answer carries it (top level, `data` or `cookiePreferences`). */
export function consentDateOf(answer: unknown): string | null {
  const read = (value: unknown) =>
    value && typeof value === 'object' && typeof (value as { consentDate?: unknown }).consentDate === 'string'
      ? (value as { consentDate: string }).consentDate
      : null;
  const nested = (key: string) =>
    answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[key] : undefined;
  return read(answer) ?? read(nested('data')) ?? read(nested('cookiePreferences'));
}

/** Saves the choice on the server; the cached preferences then hold the saved answer. */
export async function saveCookiePreferences(choice: ConsentChoice): Promise<CookiePreferences> {
  const saved = await apiRequest<CookiePreferences>('PUT', URL, { necessary: true, ...choice });
  queryClient.setQueryData(cookiePreferencesQueryOptions(true).queryKey, saved);
  return saved;
}
