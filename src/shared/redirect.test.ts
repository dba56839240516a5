import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/x', '/x'],
    ['/settings', '/settings'],
    ['/legal-change/5?tab=news#top', '/legal-change/5?tab=news#top'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin path %s', (input, output) => {
    expect(safeRedirectPath(input)).toBe(output);
  });

  it.each([
    '',
    '   ',
    'x',
    'https://evil.example/',
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\tx',
    ' //evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    `/${'a'.repeat(2048)}`,
    undefined,
    null,
  ])('drops %s', (input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });
});
