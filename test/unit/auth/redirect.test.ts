import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '#shared/redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/x', '/x'],
    ['/legal-change/5?tab=news#top', '/legal-change/5?tab=news#top'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin path %s', (input, output) => {
    expect(safeRedirectPath(input)).toBe(output);
  });

  it.each([
    '',
    'x',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\tx',
    'javascript:alert(1)',
    undefined,
    null,
  ])('drops %s', (input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });
});
