import { describe, expect, it } from 'vitest';
import { BROWSER_STORAGE } from '#client/features/cookies/inventory';
import { FUNCTIONAL_STORAGE_KEYS, STORAGE_KEYS } from '#client/lib/storage';
import { CSRF_COOKIE } from '#server/modules/admin/admin-auth.guard';
import { ADMIN_COOKIE, SESSION_COOKIE, WRITTEN_AT_COOKIE } from '#server/plugins/session';
import dictionary from '#client/i18n/area-locales/policies/en.json';

describe('the cookie inventory shown on /cookies', () => {
  it('names every cookie the server sets', () => {
    const cookies = BROWSER_STORAGE.filter((item) => item.kind === 'cookie').map((item) => item.name);
    expect(cookies.sort()).toEqual([SESSION_COOKIE, ADMIN_COOKIE, CSRF_COOKIE, WRITTEN_AT_COOKIE].sort());
  });

  it('names every local-storage key the client uses, and no other', () => {
    const keys = BROWSER_STORAGE.filter((item) => item.kind === 'localStorage').map((item) => item.name);
    expect(keys.sort()).toEqual(Object.values(STORAGE_KEYS).sort());
  });

  it('files the keys kept only with consent under functional, everything else under necessary', () => {
    for (const item of BROWSER_STORAGE) {
      const functional = (FUNCTIONAL_STORAGE_KEYS as readonly string[]).includes(item.name);
      expect([item.name, item.category]).toEqual([item.name, functional ? 'functional' : 'necessary']);
    }
  });

  it('has a purpose and a duration for every entry in the policy dictionary', () => {
    const inventory = dictionary.cookies.inventory as Record<string, { purpose?: string; duration?: string }>;
    for (const item of BROWSER_STORAGE) {
      expect(inventory[item.id]?.purpose, item.id).toBeTruthy();
      expect(inventory[item.id]?.duration, item.id).toBeTruthy();
    }
  });
});
