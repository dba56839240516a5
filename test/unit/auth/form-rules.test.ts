import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginRequestSchema, registerRequestSchema, verifyEmailRequestSchema } from '#shared/schemas/auth';
import {
  checkConfirmation,
  checkCurrentPassword,
  checkEmail,
  checkName,
  checkNewPassword,
  checkVerificationCode,
} from '#client/features/auth/lib/validate';
import { type IssueKind, issueKind } from '#client/lib/form-errors';

/**
 * The sign-in and sign-up forms check their fields without zod; the server checks them with the
 * shared schemas. For every sample, each field's first problem (what the form shows) must be the
 * one the schema finds first, so a form never lets through what the server refuses, nor refuses
 * what it accepts.
 */
type Kinds = Record<string, { kind: IssueKind; minimum?: number; maximum?: number } | null>;

function schemaKinds(schema: z.ZodType, values: Record<string, unknown>, fields: string[]): Kinds {
  const result = schema.safeParse(values);
  const kinds: Kinds = Object.fromEntries(fields.map((field) => [field, null]));
  if (result.success) return kinds;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (!(field in kinds) || kinds[field]) continue;
    kinds[field] = {
      kind: issueKind(issue as unknown as z.core.$ZodRawIssue),
      ...('minimum' in issue ? { minimum: Number(issue.minimum) } : {}),
      ...('maximum' in issue ? { maximum: Number(issue.maximum) } : {}),
    };
  }
  return kinds;
}

const EMAILS = [
  '',
  '   ',
  'ada@example.test',
  '  ada@example.test  ',
  'ada.lovelace+alerts@mail.example.co.uk',
  "o'brien@example.ie",
  'ada@example',
  'ada@@example.test',
  '.ada@example.test',
  'ada..l@example.test',
  'ada.@example.test',
  'ada@-example.test',
  'ada@example.t',
  'ada lovelace@example.test',
  'ädä@example.test',
  `${'a'.repeat(243)}@example.test`,
  `${'a'.repeat(242)}@example.test`,
  `${'a'.repeat(250)}@example`,
];
const PASSWORDS = [
  '',
  ' ',
  'a',
  'short12',
  'exactly8',
  'Lanterns over the harbour',
  '🔒🔒🔒🔒',
  '🔒🔒🔒🔒🔒🔒🔒🔒',
  '🔒'.repeat(256),
  '🔒'.repeat(257),
  'x'.repeat(256),
  'x'.repeat(257),
];
const NAMES = [
  '',
  '   ',
  'Ada',
  ' Ada ',
  'x'.repeat(100),
  ` ${'x'.repeat(100)} `,
  'x'.repeat(101),
  '😀'.repeat(100),
  '😀'.repeat(101),
];
const CODES = ['', '  ', '123456', ' 123456 ', '12345', '1234567', '12a456', '١٢٣٤٥٦', '12 456'];

describe('the account forms check what the shared schemas check', () => {
  it('sign-in: email and password', () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) {
        const values = { email, password };
        expect({
          values,
          kinds: { email: checkEmail(email), password: checkCurrentPassword(password) },
        }).toEqual({
          values,
          kinds: schemaKinds(loginRequestSchema, values, ['email', 'password']),
        });
      }
    }
  });

  it('sign-up: names, email, new password and its confirmation', () => {
    const schema = registerRequestSchema
      .extend({ confirmPassword: z.string().min(1) })
      .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'] });
    const fields = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'];
    const samples: Record<string, string>[] = [];
    for (const name of NAMES)
      samples.push({
        firstName: name,
        lastName: 'Lovelace',
        email: 'ada@example.test',
        password: 'exactly8',
        confirmPassword: 'exactly8',
      });
    for (const name of NAMES)
      samples.push({ firstName: 'Ada', lastName: name, email: 'bad', password: '', confirmPassword: '' });
    for (const email of EMAILS)
      samples.push({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        password: 'exactly8',
        confirmPassword: 'exactly9',
      });
    for (const password of PASSWORDS) {
      for (const confirmPassword of ['', password, `${password}!`]) {
        samples.push({ firstName: '', lastName: ' ', email: '', password, confirmPassword });
      }
    }
    for (const values of samples) {
      const ours = {
        firstName: checkName(values.firstName!),
        lastName: checkName(values.lastName!),
        email: checkEmail(values.email!),
        password: checkNewPassword(values.password!),
        confirmPassword: checkConfirmation(values.confirmPassword!, values.password!),
      };
      expect({ values, kinds: ours }).toEqual({ values, kinds: schemaKinds(schema, values, fields) });
    }
  });

  it('verification: the six-digit code', () => {
    const schema = verifyEmailRequestSchema.pick({ verificationCode: true });
    for (const verificationCode of CODES) {
      const values = { verificationCode };
      expect({ values, kinds: { verificationCode: checkVerificationCode(verificationCode) } }).toEqual({
        values,
        kinds: schemaKinds(schema, values, ['verificationCode']),
      });
    }
  });
});
