import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginRequestSchema, registerRequestSchema, verifyEmailRequestSchema } from '#shared/schemas/auth';
import { type Translate, createFormErrorMap } from '#client/lib/form-errors';

const messages: Record<string, string> = {
  'validation.required': 'Required',
  'validation.email.required': 'Enter your email address',
  'validation.invalidEmail': 'Enter a valid email address',
  'validation.password.tooShort': 'Password must be at least {{minimum}} characters long',
  'validation.verificationCode.invalidFormat': 'Enter the 6-digit code',
  'validation.confirmPassword.custom': 'Passwords do not match',
};

const translate: Translate = (keys, values = {}) => {
  const key = keys.find((k) => k in messages);
  if (!key) return keys.join('|');
  return messages[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value, { error: createFormErrorMap(translate) });
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('form error map', () => {
  it('uses the field-specific message, then the generic one', () => {
    expect(errorsOf(loginRequestSchema, { email: '', password: '' })).toEqual({
      email: 'Enter your email address',
      password: 'Required',
    });
  });

  it('distinguishes a missing email from a malformed one', () => {
    expect(errorsOf(loginRequestSchema, { email: 'not-an-email', password: 'x' })).toEqual({
      email: 'Enter a valid email address',
    });
  });

  it('fills in limits', () => {
    const errors = errorsOf(registerRequestSchema, {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      password: 'short',
    });
    expect(errors).toEqual({ password: 'Password must be at least 8 characters long' });
  });

  it('names the field of a refinement', () => {
    const schema = registerRequestSchema
      .extend({ confirmPassword: z.string() })
      .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'] });
    const errors = errorsOf(schema, {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      password: 'long enough',
      confirmPassword: 'different',
    });
    expect(errors).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('reports a code that is not six digits', () => {
    const errors = errorsOf(verifyEmailRequestSchema, {
      tempUserId: '7f1f2a8e-7c1d-4f57-9a53-1c9d3e0b4a11',
      verificationCode: '12ab56',
    });
    expect(errors).toEqual({ verificationCode: 'Enter the 6-digit code' });
  });
});
