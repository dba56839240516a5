/**
 * Turns schema validation issues into translated, field-specific messages.
 *
 * Shared schemas carry no wording of their own; forms pass `createFormErrorMap(t)` to the resolver,
 * which looks up `validation.<field>.<kind>` and falls back to `validation.<kind>`.
 */
import type { z } from 'zod';

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
