import type { Assessment, AssessmentUpdate } from './types';

type Fields = Required<AssessmentUpdate>;
const KEYS = ['status', 'relevance', 'ownerUserId', 'dueDate', 'impactNote'] as const;

/** The fields whose edited value differs from the saved assessment (what a save sends). */
export function changedFields(saved: Assessment, edited: Fields): AssessmentUpdate {
  const changes: Record<string, unknown> = {};
  for (const key of KEYS) if (edited[key] !== saved[key]) changes[key] = edited[key];
  return changes as AssessmentUpdate;
}
