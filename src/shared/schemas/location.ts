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

/**
 * GET /api/location/first-visit: the country of the request's address and its language, asked
 * by the client on a first visit once the visitor has allowed functional cookies (the starting
 * language, spec document 1 §4 'Language and country'). Both null when the address cannot be
 * placed (no service configured, the service failing, an unknown place): the browser's language
 * then applies. `signedIn`: a member's own language applies instead (their country is stored).
 */
export const firstVisitLocationSchema = z.object({
  countryCode: z.string().nullable(),
  language: z.enum(LANGUAGE_CODES).nullable(),
  signedIn: z.boolean(),
});
export type FirstVisitLocation = z.infer<typeof firstVisitLocationSchema>;
