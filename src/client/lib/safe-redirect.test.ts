import { describe, expect, it } from 'vitest';
import { isServerPath, withRedirect } from './safe-redirect';

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
