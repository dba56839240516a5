/**
 * Scottish Parliament open data (https://data.parliament.scot/api): whole collections as JSON
 * arrays with PascalCase fields, sometimes sent as application/octet-stream. Text may carry
 * HTML entities, decoded here. Unknown fields are dropped.
 */
import { z } from 'zod';
import { decodeHtmlEntities } from '#server/sources/common/text';

const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const optionalId = id.nullish().transform((value) => value ?? null);
const text = z
  .string()
  .nullish()
  .transform((value) =>
    value == null ? null : decodeHtmlEntities(value).replace(/\s+/g, ' ').trim() || null,
  );
const dateText = z
  .string()
  .nullish()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

export const scottishBillSchema = z.object({
  ID: id,
  /** e.g. 'SP Bill 42' */
  Reference: text,
  ShortName: text,
  FullName: text,
  BillTypeID: optionalId,
  /** member in charge (members' bills) */
  PersonID: optionalId,
  /** promoter of a private bill */
  ThirdPartyOrganisation: text,
});

export const scottishBillStageSchema = z.object({
  ID: id,
  BillID: id,
  BillStageTypeID: id,
  StageDate: dateText,
});

export const scottishBillStageTypeSchema = z.object({
  ID: id,
  Name: text,
  BillTypeID: optionalId,
  Sequence: z
    .number()
    .nullish()
    .transform((value) => value ?? null),
});

export const scottishBillTypeSchema = z.object({ ID: id, Name: text });

export const scottishSessionSchema = z.object({
  ID: id,
  ShortName: text,
  Name: text,
  StartDate: dateText,
  EndDate: dateText,
});

export const scottishBillsSchema = z.array(scottishBillSchema);
export const scottishBillStagesSchema = z.array(scottishBillStageSchema);
export const scottishBillStageTypesSchema = z.array(scottishBillStageTypeSchema);
export const scottishBillTypesSchema = z.array(scottishBillTypeSchema);
export const scottishSessionsSchema = z.array(scottishSessionSchema);

export type ScottishBill = z.output<typeof scottishBillSchema>;
export type ScottishBillStage = z.output<typeof scottishBillStageSchema>;
export type ScottishBillStageType = z.output<typeof scottishBillStageTypeSchema>;
export type ScottishBillType = z.output<typeof scottishBillTypeSchema>;
export type ScottishSession = z.output<typeof scottishSessionSchema>;
