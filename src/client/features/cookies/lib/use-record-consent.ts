import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { CONSENT_VALID_DAYS, COOKIE_POLICY_VERSION } from '#shared/cookie-consent';
import { toast } from '#client/components/ui/toast-store';
import { useAuth } from '#client/lib/session/use-auth';
import { useTranslation } from '#client/i18n';
import { type LocalConsent, localConsent } from '#client/lib/storage';
import {
  consentDateOf,
  cookiePreferencesQueryOptions,
  saveCookiePreferences,
} from '../api/cookie-preferences';
import { type ConsentChoice, choiceOf, recordLocally } from './consent';
import { DAY_MS } from '#shared/time';

/**
 * Records a choice: always in this browser, and on the server for a signed-in member. A failed
 * server save shows 'Error saving preferences' (spec §8); the choice still holds in this browser.
 * Resolves to whether everything was saved.
 */
export function useRecordConsent(): (choice: ConsentChoice) => Promise<boolean> {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  return async (choice) => {
    recordLocally(choice);
    if (!isAuthenticated) return true;
    try {
      await saveCookiePreferences(choice);
      return true;
    } catch {
      toast({ title: t('cookies.saveFailed'), variant: 'destructive' });
      return false;
    }
  };
}

const noSubscription = () => () => undefined;
/** This browser's choice, as text (a snapshot React can compare); read on every render. */
const storedConsent = () => {
  const consent = localConsent();
  return consent ? JSON.stringify(consent) : '';
};
// the page's HTML, rendered at build time, knows no choice: hydration starts from that, then reads the browser's
const noStoredConsent = () => '';

/**
 * The choice in force: this browser's, else (for a signed-in member) the one saved on the server
 * under the current policy in the last 12 months, which is then remembered here too.
 * `pending` while the server's answer is awaited.
 */
export function useConsent(): { consent: LocalConsent | null; pending: boolean } {
  const { isAuthenticated, isLoading } = useAuth();
  const stored = useSyncExternalStore(noSubscription, storedConsent, noStoredConsent);
  const local = stored ? (JSON.parse(stored) as LocalConsent) : null;
  const server = useQuery(cookiePreferencesQueryOptions(isAuthenticated && !local));
  const date = server.data ? consentDateOf(server.data) : null;
  const fromServer =
    !local &&
    server.data &&
    date &&
    server.data.policyVersion === COOKIE_POLICY_VERSION &&
    Date.now() - Date.parse(date) < CONSENT_VALID_DAYS * DAY_MS
      ? { choice: choiceOf(server.data), date }
      : null;
  useEffect(() => {
    if (fromServer) recordLocally(fromServer.choice, fromServer.date);
  }, [fromServer?.date]); // eslint-disable-line react-hooks/exhaustive-deps
  if (local) return { consent: local, pending: false };
  if (fromServer)
    return {
      consent: {
        necessary: true,
        ...fromServer.choice,
        consentDate: fromServer.date,
        policyVersion: COOKIE_POLICY_VERSION,
      },
      pending: false,
    };
  return { consent: null, pending: isLoading || (isAuthenticated && server.isPending) };
}
