import { z } from 'zod';

/** GET /api/jurisdictions */
export const jurisdiction = z.object({
  id: z.number(),
  name: z.string(),
  flag: z.string(),
  countryCode: z.string(),
  /** false: listed for the future, not yet tracked */
  isActive: z.boolean(),
});
export type Jurisdiction = z.infer<typeof jurisdiction>;
export const jurisdictionList = z.array(jurisdiction);

/** GET /api/law-areas */
export const lawArea = z.object({ id: z.number(), name: z.string() });
export type LawArea = z.infer<typeof lawArea>;
export const lawAreaList = z.array(lawArea);
