import { describe, expect, it } from 'vitest';
import { previewLength, truncateDescription } from './truncate';

describe('previewLength', () => {
  it('is 120 up to 300 characters and 180 above', () => {
    expect(previewLength(0)).toBe(120);
    expect(previewLength(300)).toBe(120);
    expect(previewLength(301)).toBe(180);
  });
});

describe('truncateDescription', () => {
  it('leaves a short description whole', () => {
    expect(truncateDescription('A short description.')).toBe('A short description.');
    expect(truncateDescription('x'.repeat(120))).toBe('x'.repeat(120));
  });

  it('answers an empty string for a missing description', () => {
    expect(truncateDescription(null)).toBe('');
    expect(truncateDescription(undefined)).toBe('');
    expect(truncateDescription('')).toBe('');
  });

  it('cuts at 120 characters when the description is at most 300', () => {
    const text = 'a'.repeat(250);
    expect(truncateDescription(text)).toBe(`${'a'.repeat(120)}…`);
    expect(truncateDescription('b'.repeat(300))).toBe(`${'b'.repeat(120)}…`);
  });

  it('cuts at 180 characters when the description is over 300', () => {
    expect(truncateDescription('c'.repeat(301))).toBe(`${'c'.repeat(180)}…`);
  });

  it('uses the full length the server reports for a shortened text', () => {
    expect(truncateDescription('d'.repeat(200), 400)).toBe(`${'d'.repeat(180)}…`);
    expect(truncateDescription('e'.repeat(100), 400)).toBe(`${'e'.repeat(100)}…`);
  });

  it('does not end the preview with spaces before the ellipsis', () => {
    const text = `${'f'.repeat(118)}  ${'g'.repeat(50)}`;
    expect(truncateDescription(text)).toBe(`${'f'.repeat(118)}…`);
  });

  it('never splits a character made of two code units', () => {
    const text = '😀'.repeat(130);
    expect(truncateDescription(text)).toBe(`${'😀'.repeat(120)}…`);
  });
});
