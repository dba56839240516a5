/**
 * The redline of a provision: its versions on legislation.gov.uk and the words that changed
 * between two of them (GET /api/legal-changes/{id}/provisions/{provision}/versions and /diff).
 */
import { z } from 'zod';
import { idSchema } from './common';
import { isVersionLabel, PROVISION_PATH } from '../provisions';

/** `section/45` (URL-encoded in the path: `section%2F45`) */
export const provisionPathSchema = z
  .string()
  .max(80)
  .regex(PROVISION_PATH, { message: "must be a provision such as 'section/45' or 'regulation/3'" });

export const provisionParamsSchema = z.object({ id: idSchema, provision: provisionPathSchema });
export type ProvisionParams = z.infer<typeof provisionParamsSchema>;

/** `enacted`, `made`, `current` or a date `YYYY-MM-DD` (the version in force that day) */
export const versionLabelSchema = z
  .string()
  .max(10)
  .refine(isVersionLabel, { message: "must be 'enacted', 'made', 'current' or a date YYYY-MM-DD" });

export const diffQuerySchema = z.object({ from: versionLabelSchema, to: versionLabelSchema });
export type DiffQuery = z.infer<typeof diffQuerySchema>;

export const provisionVersionSchema = z.object({
  label: z.string(),
  /** the day the version took effect, when legislation.gov.uk says */
  validFrom: z.string().nullable(),
});
export type ProvisionVersion = z.infer<typeof provisionVersionSchema>;

export const provisionVersionsSchema = z.object({
  provision: z.string(),
  /** the provision's heading, e.g. 'Right of access by the data subject' */
  title: z.string().nullable(),
  versions: z.array(provisionVersionSchema),
  /** where the list was read: the current version on legislation.gov.uk */
  sourceUrl: z.string(),
});
export type ProvisionVersions = z.infer<typeof provisionVersionsSchema>;

export const wordOpSchema = z.enum(['same', 'inserted', 'omitted']);
export const diffWordSchema = z.object({ op: wordOpSchema, text: z.string() });
export type DiffWord = z.infer<typeof diffWordSchema>;

export const blockStatusSchema = z.enum(['unchanged', 'inserted', 'omitted', 'changed']);
export type BlockStatus = z.infer<typeof blockStatusSchema>;

export const diffBlockSchema = z.object({
  /** '45', '(2)', '(2)(ea)', '(2A)' */
  number: z.string(),
  status: blockStatusSchema,
  /** the words as written in each version; null where the block is not in it (or was omitted) */
  before: z.string().nullable(),
  after: z.string().nullable(),
  words: z.array(diffWordSchema),
});
export type DiffBlock = z.infer<typeof diffBlockSchema>;

export const diffNoteSchema = z.object({
  /** legislation.gov.uk's annotation, as written */
  text: z.string(),
  /** the amending legislation it cites first */
  by: z.string().nullable(),
  /** the date in brackets, '(19.6.2026)', as YYYY-MM-DD */
  inForce: z.string().nullable(),
  /** the blocks it annotates */
  blocks: z.array(z.string()),
});
export type DiffNote = z.infer<typeof diffNoteSchema>;

export const versionSourceSchema = z.object({
  label: z.string(),
  validFrom: z.string().nullable(),
  /** the document the version was read from */
  sourceUrl: z.string(),
  /** when Lexwatch read it (ISO date-time) */
  fetchedAt: z.string(),
});
export type VersionSource = z.infer<typeof versionSourceSchema>;

export const provisionDiffSchema = z.object({
  provision: z.string(),
  title: z.string().nullable(),
  /** the labels asked for */
  from: z.string(),
  to: z.string(),
  wordsChanged: z.boolean(),
  inForceChanged: z.boolean(),
  blocks: z.array(diffBlockSchema),
  notes: z.array(diffNoteSchema),
  /** where each version came from */
  sources: z.object({ from: versionSourceSchema, to: versionSourceSchema }),
});
export type ProvisionDiff = z.infer<typeof provisionDiffSchema>;
