/**
 * A member's language follows them to every device. Whenever the session check answers with a
 * member (on load, after signing in, on a later refetch), their account language replaces this
 * browser's, and this browser remembers it for its next visit. A language the member switches to
 * (from a header) is saved to their account (PUT /api/user/settings).
 *
 * Only members need this: the entry loads it once the session check first finds one.
 */
import { type QueryClient, type QueryKey, hashKey } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast-store';
import { apiErrorMessage, apiRequest } from '#client/lib/api-client';
import { changeLanguage, getTranslation, languageReady, subscribeToLanguage } from './index';
import { isLanguageCode } from '#shared/languages';

interface Member {
  language: string;
}

/**
 * Follows the session query (`sessionKey`) of `client`; settles once the language of the member
 * already known is shown.
 */
export async function followMemberLanguage(client: QueryClient, sessionKey: QueryKey): Promise<void> {
  await languageReady; // this browser's language first: the member's replaces it
  const member = () => client.getQueryData<Member | null>(sessionKey);
  let pending: Promise<void> = Promise.resolve();
  const apply = () => {
    const language = member()?.language;
    if (isLanguageCode(language) && language !== getTranslation().i18n.language)
      pending = changeLanguage(language).catch(() => undefined);
  };
  apply();
  const hash = hashKey(sessionKey);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === hash)
      apply();
  });
  // a language switched to while signed in, other than the member's own: saved to the account
  subscribeToLanguage(() => {
    const { language } = getTranslation().i18n;
    const current = member();
    if (!current || language === current.language) return;
    client.setQueryData(sessionKey, { ...current, language });
    apiRequest('PUT', '/api/user/settings', { language })
      .catch((error: unknown) => {
        const { t } = getTranslation();
        toast({
          title: t('settings.common.errorTitle'),
          description: apiErrorMessage(error, t('settings.common.updateFailed')),
          variant: 'destructive',
        });
      })
      .finally(() => void client.invalidateQueries({ queryKey: sessionKey }));
  });
  return pending;
}
