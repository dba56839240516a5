import { describe, expect, it } from 'vitest';
import { passwordChecks, passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('is too short under 8 characters, whatever they are', () => {
    expect(passwordStrength('')).toBe('tooShort');
    expect(passwordStrength('Ab1')).toBe('tooShort');
    expect(passwordStrength('Abcdef1')).toBe('tooShort');
  });

  it('is strong at 8+ with an uppercase letter and a digit', () => {
    expect(passwordStrength('Abcdefg1')).toBe('strong');
    expect(passwordStrength('correct Horse battery 9')).toBe('strong');
  });

  it('is good at 8+ without both recommendations', () => {
    expect(passwordStrength('abcdefgh')).toBe('good');
    expect(passwordStrength('abcdefg1')).toBe('good');
    expect(passwordStrength('Abcdefgh')).toBe('good');
  });

  it('counts characters, not UTF-16 units, and knows non-Latin capitals and digits', () => {
    expect(passwordChecks('🔒🔒🔒🔒🔒🔒🔒').longEnough).toBe(false);
    expect(passwordStrength('Ñandú٣abcd')).toBe('strong');
  });
});
