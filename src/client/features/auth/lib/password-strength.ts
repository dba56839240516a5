import { PASSWORD_MIN_LENGTH } from '#shared/auth-limits';

/**
 * Password strength as the reset page shows it (spec document 2 §5): under 8 characters is
 * "too short"; 8 or more with an uppercase letter and a digit is "strong"; otherwise "good".
 * Uppercase letters and digits are recommended, never required.
 */
export type PasswordStrength = 'tooShort' | 'good' | 'strong';

export interface PasswordChecks {
  longEnough: boolean;
  hasUppercase: boolean;
  hasDigit: boolean;
}

export function passwordChecks(password: string): PasswordChecks {
  return {
    longEnough: [...password].length >= PASSWORD_MIN_LENGTH,
    hasUppercase: /\p{Lu}/u.test(password),
    hasDigit: /\p{Nd}/u.test(password),
  };
}

export function passwordStrength(password: string): PasswordStrength {
  const checks = passwordChecks(password);
  if (!checks.longEnough) return 'tooShort';
  return checks.hasUppercase && checks.hasDigit ? 'strong' : 'good';
}
