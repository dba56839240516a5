/** GET /api/location and GET /api/location/reverse: where a member is, asked only on their click. */
import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';

/** GET /api/location/reverse: the browser's position. */
export const reverseLocationQuerySchema = z
  .object({
    latitude: z.coerce
      .number()
      .min(-90, 'latitude is between -90 and 90')
      .max(90, 'latitude is between -90 and 90'),
    longitude: z.coerce
      .number()
      .min(-180, 'longitude is between -180 and 180')
      .max(180, 'longitude is between -180 and 180'),
  })
  .strict();
export type ReverseLocationQuery = z.infer<typeof reverseLocationQuerySchema>;

/** The place found and the language of its country (spec document 1 §9). */
export const locationSchema = z.object({
  /** how it was found: the request's address, or the browser's position */
  source: z.enum(['ip', 'coordinates']),
  /** ISO 3166-1 alpha-2, upper case */
  countryCode: z.string(),
  countryName: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  /** IANA time zone, when the service gives one */
  timezone: z.string().nullable(),
  language: z.enum(LANGUAGE_CODES),
});
export type Location = z.infer<typeof locationSchema>;
