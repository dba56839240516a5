import { describe, expect, it } from 'vitest';
import { isServerPath, safeRedirectPath, withRedirect } from './safe-redirect';

const origin = 'https://lexwatch.example';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/settings', origin)).toBe('/settings');
    expect(safeRedirectPath('/legal-change/12?tab=timeline#top', origin)).toBe(
      '/legal-change/12?tab=timeline#top',
    );
    expect(safeRedirectPath(`${origin}/upgrade`, origin)).toBe('/upgrade');
  });

  it('refuses other origins and tricks that lead to them', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://lexwatch.example/',
      'https://lexwatch.example.evil.example/',
      '/\tevil',
      ' //evil.example',
    ]) {
      expect(safeRedirectPath(value, origin), value).toBeNull();
    }
  });

  it('refuses empty and missing values', () => {
    expect(safeRedirectPath(null, origin)).toBeNull();
    expect(safeRedirectPath(undefined, origin)).toBeNull();
    expect(safeRedirectPath('   ', origin)).toBeNull();
  });

  it('resolves relative paths against the site root', () => {
    expect(safeRedirectPath('settings', origin)).toBe('/settings');
  });
});

describe('withRedirect', () => {
  it('appends an encoded redirect', () => {
    expect(withRedirect('/auth?action=signin', '/legal-change/4?tab=news')).toBe(
      '/auth?action=signin&redirect=%2Flegal-change%2F4%3Ftab%3Dnews',
    );
    expect(withRedirect('/auth', '/x')).toBe('/auth?redirect=%2Fx');
    expect(withRedirect('/auth?action=signup', null)).toBe('/auth?action=signup');
  });
});

describe('isServerPath', () => {
  it('recognises API paths only', () => {
    expect(isServerPath('/api/login')).toBe(true);
    expect(isServerPath('/api')).toBe(true);
    expect(isServerPath('/apis')).toBe(false);
    expect(isServerPath('/settings')).toBe(false);
  });
});
