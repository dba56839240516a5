import { describe, expect, it } from 'vitest';
import { flagCode } from './flag';

describe('flagCode', () => {
  it('reads the emoji flags the reference data holds, and plain codes', () => {
    expect(flagCode('🇬🇧')).toBe('GB');
    expect(flagCode('🇪🇺')).toBe('EU');
    expect(flagCode('us')).toBe('US');
  });

  it('gives nothing for what is no flag', () => {
    expect(flagCode('')).toBeNull();
    expect(flagCode('🏳️')).toBeNull();
    expect(flagCode('GBR')).toBeNull();
  });
});
