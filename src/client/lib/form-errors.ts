/**
 * Turns schema validation issues into translated, field-specific messages.
 *
 * Shared schemas carry no wording of their own; forms pass `createFormErrorMap(t)` to the resolver,
 * which looks up `validation.<field>.<kind>` and falls back to `validation.<kind>`.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, isErrorBody } from './api-client';

export type IssueKind =
  'required' | 'tooShort' | 'tooLong' | 'invalidEmail' | 'invalidFormat' | 'custom' | 'invalid';

/** Looks up the first key that exists; `values` fill `{{placeholders}}`. */
export type Translate = (keys: string[], values?: Record<string, unknown>) => string;

type RawIssue = z.core.$ZodRawIssue;

export function issueKind(issue: RawIssue): IssueKind {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid';
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
    case 'too_big':
      return 'tooLong';
    case 'invalid_format':
      return issue.format === 'email' ? 'invalidEmail' : 'invalidFormat';
    case 'custom':
      return 'custom';
    default:
      return 'invalid';
  }
}

function fieldName(issue: RawIssue): string | undefined {
  const path = issue.path ?? [];
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === 'string') return segment;
  }
  return undefined;
}

export function issueMessage(issue: RawIssue, translate: Translate): string {
  const kind = issueKind(issue);
  const field = fieldName(issue);
  const keys = field ? [`validation.${field}.${kind}`, `validation.${kind}`] : [`validation.${kind}`];
  const values: Record<string, unknown> = {};
  if ('minimum' in issue) values.minimum = Number(issue.minimum);
  if ('maximum' in issue) values.maximum = Number(issue.maximum);
  return translate(keys, values);
}

/** An error map for `zodResolver(schema, { error: createFormErrorMap(translate) })`. */
export function createFormErrorMap(translate: Translate): z.core.$ZodErrorMap {
  return (issue) => issueMessage(issue, translate);
}

export interface SummaryItem {
  fieldId: string;
  message: string;
}

/**
 * The server's own word on each field of a refused request: a 400's `error.details` lists
 * `{ field, message }` with the field as a path (`body.firstName`); each detail whose last
 * segment is one of `fields` gives that field its message (the first one for a field wins).
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || !isErrorBody(error.body)) return out;
  const details = error.body.error.details;
  if (!Array.isArray(details)) return out;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const name = field.split('.').pop() as F;
    if (fields.includes(name) && out[name] === undefined) out[name] = message;
  }
  return out;
}

/**
 * Field messages of a member form from the server: `refused(error)` after a failed post shows
 * each field's message beside it (and answers whether any field had one); `clear()` on the next
 * submit or success.
 */
export function useServerFieldErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const refused = (error: unknown): boolean => {
    const found = serverFieldErrors(error, fields);
    setErrors(found);
    return Object.keys(found).length > 0;
  };
  const clear = () => setErrors({});
  return { errors, refused, clear };
}
