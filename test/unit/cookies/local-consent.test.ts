import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_VALID_DAYS, COOKIE_POLICY_VERSION } from '#shared/cookie-consent';
import { localConsent, readStorage, writeStorage } from '#client/lib/storage';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const DAY = 86_400_000;

function record(choice: { functional: boolean }, consentDate: Date, version = COOKIE_POLICY_VERSION) {
  window.localStorage.setItem(
    'cookie-preferences',
    JSON.stringify({
      necessary: true,
      analytics: false,
      marketing: false,
      ...choice,
      consentDate: consentDate.toISOString(),
      policyVersion: version,
    }),
  );
  window.localStorage.setItem('cookie-consent-given', version);
}

describe('the cookie choice recorded in this browser', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: memoryStorage() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is none until a choice is recorded', () => {
    expect(localConsent()).toBeNull();
  });

  it('holds for 12 months under the current policy version, then asks again', () => {
    const now = Date.now();
    record({ functional: true }, new Date(now - (CONSENT_VALID_DAYS - 1) * DAY));
    expect(localConsent(now)).toMatchObject({ functional: true, policyVersion: COOKIE_POLICY_VERSION });
    record({ functional: true }, new Date(now - (CONSENT_VALID_DAYS + 1) * DAY));
    expect(localConsent(now)).toBeNull();
  });

  it('asks again when the policy version changes', () => {
    record({ functional: true }, new Date(), '2020-01-01');
    expect(localConsent()).toBeNull();
  });

  it('treats a damaged record as no choice', () => {
    window.localStorage.setItem('cookie-consent-given', COOKIE_POLICY_VERSION);
    window.localStorage.setItem('cookie-preferences', '{not json');
    expect(localConsent()).toBeNull();
  });

  it('keeps functional keys (language, dashboard view) only with consent to functional storage', () => {
    writeStorage('language', 'fr');
    expect(readStorage('language')).toBeNull();
    record({ functional: false }, new Date());
    writeStorage('dashboard-view-mode', 'followed');
    expect(readStorage('dashboard-view-mode')).toBeNull();
    record({ functional: true }, new Date());
    writeStorage('language', 'fr');
    expect(readStorage('language')).toBe('fr');
    // necessary keys never wait for consent
    writeStorage('admin-authenticated', 'true');
    expect(readStorage('admin-authenticated')).toBe('true');
  });
});
