/**
 * Where a member is, asked when they press 'Detect my location' (spec document 1 §2, §7), and
 * where a first visit comes from (its starting language, §4):
 * by the request's address from the IP-geolocation service (GEOLOCATION_URL, ipapi.co's shape:
 * GET {url}/{ip}/json/ → country_code, country_name, region, city, timezone), or by the browser's
 * position from the reverse-geocoding service (REVERSE_GEOCODE_URL, BigDataCloud's shape:
 * GET {url}?latitude=&longitude=&localityLanguage=en → countryCode, countryName,
 * principalSubdivision, city). The answer carries the country's interface language (§9).
 *
 * The services are called from the server so the browser's requests stay on this origin (its
 * content security policy allows no other); only a member's country is stored (on their account).
 * A service not configured answers
 * 503, one failing or too slow 502, a place it cannot name 404: the client then falls back to
 * the browser's position, then to the browser's language.
 */
import { z } from 'zod';
import type { Config } from '#server/config/config';
import { AppError, notFound, serviceUnavailable } from '#server/http/errors';
import { languageOfCountry } from '#shared/country-language';
import type { FirstVisitLocation, Location } from '#shared/schemas/location';
import type { Db } from '#server/db/client';
import { saveMemberCountry } from './location.queries';

/** How long a service may take to answer in full. */
export const LOCATION_TIMEOUT_MS = 5000;

const text = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase());

const ipAnswerSchema = z.object({
  error: z.boolean().optional(),
  country_code: countryCode.nullish().catch(null),
  country_name: text.catch(null),
  region: text.catch(null),
  city: text.catch(null),
  timezone: text.catch(null),
});

const reverseAnswerSchema = z.object({
  countryCode: countryCode.nullish().catch(null),
  countryName: text.catch(null),
  principalSubdivision: text.catch(null),
  city: text.catch(null),
  locality: text.catch(null),
});

const serviceFailed = (service: string, reason: string, message: string) =>
  new AppError(502, 'geolocation_failed', `The ${service} service ${message}. Please try again later.`, {
    service,
    reason,
  });

async function fetchAnswer(url: string, service: string, userAgent: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': userAgent },
      redirect: 'error',
      signal: AbortSignal.timeout(LOCATION_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw timedOut
      ? serviceFailed(service, 'timeout', `did not answer within ${LOCATION_TIMEOUT_MS / 1000} seconds`)
      : serviceFailed(service, 'unreachable', 'could not be reached');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw serviceFailed(service, 'status', `answered ${response.status}`);
  }
  try {
    return await response.json();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw timedOut
      ? serviceFailed(service, 'timeout', `did not answer within ${LOCATION_TIMEOUT_MS / 1000} seconds`)
      : serviceFailed(service, 'invalid', 'answered with something other than JSON');
  }
}

function located(source: Location['source'], place: Omit<Location, 'source' | 'language'> | null): Location {
  if (!place) throw notFound('The location service could not tell where you are.', 'location_not_found');
  return { source, ...place, language: languageOfCountry(place.countryCode) };
}

const userAgentOf = (config: Config) => `Lexwatch (+${config.appUrl})`;
const base = (url: string) => url.replace(/\/+$/, '');

/** Where the request's address is, from the IP-geolocation service. */
export async function locateByAddress(config: Config, ip: string): Promise<Location> {
  if (!config.GEOLOCATION_URL)
    throw serviceUnavailable(
      'No IP-geolocation service is configured (GEOLOCATION_URL).',
      'geolocation_not_configured',
    );
  const url = `${base(config.GEOLOCATION_URL)}/${encodeURIComponent(ip)}/json/`;
  const parsed = ipAnswerSchema.safeParse(await fetchAnswer(url, 'IP-geolocation', userAgentOf(config)));
  if (!parsed.success) throw serviceFailed('IP-geolocation', 'invalid', 'answered in an unknown shape');
  const answer = parsed.data;
  return located(
    'ip',
    answer.error || !answer.country_code
      ? null
      : {
          countryCode: answer.country_code,
          countryName: answer.country_name,
          region: answer.region,
          city: answer.city,
          timezone: answer.timezone,
        },
  );
}

/** Where the browser's position is, from the reverse-geocoding service. */
export async function locateByPosition(
  config: Config,
  position: { latitude: number; longitude: number },
): Promise<Location> {
  if (!config.REVERSE_GEOCODE_URL)
    throw serviceUnavailable(
      'No reverse-geocoding service is configured (REVERSE_GEOCODE_URL).',
      'reverse_geocoding_not_configured',
    );
  const url = new URL(config.REVERSE_GEOCODE_URL);
  url.searchParams.set('latitude', String(position.latitude));
  url.searchParams.set('longitude', String(position.longitude));
  url.searchParams.set('localityLanguage', 'en');
  const parsed = reverseAnswerSchema.safeParse(
    await fetchAnswer(url.toString(), 'reverse-geocoding', userAgentOf(config)),
  );
  if (!parsed.success) throw serviceFailed('reverse-geocoding', 'invalid', 'answered in an unknown shape');
  const answer = parsed.data;
  return located(
    'coordinates',
    answer.countryCode
      ? {
          countryCode: answer.countryCode,
          countryName: answer.countryName,
          region: answer.principalSubdivision,
          city: answer.city ?? answer.locality,
          timezone: null,
        }
      : null,
  );
}

/** Stores the member's country from a place found for them; answers the place. */
export async function rememberCountry(db: Db, user: { id: number }, place: Location): Promise<Location> {
  await saveMemberCountry(db, { userId: user.id, countryCode: place.countryCode });
  return place;
}

/**
 * A first visit's starting language: the country of the request's address and its language
 * (the client asks only with the visitor's consent to functional cookies). A member's country
 * is stored; their own language applies on their side.
 */
export async function firstVisitLocation(
  db: Db,
  config: Config,
  ip: string,
  user: { id: number } | null,
): Promise<FirstVisitLocation> {
  let place: Location;
  try {
    place = await locateByAddress(config, ip);
  } catch (error) {
    // not placed (no service, a failing one, an unknown place): a normal outcome of a first visit
    if (error instanceof AppError) return { countryCode: null, language: null, signedIn: user !== null };
    throw error;
  }
  if (user) await saveMemberCountry(db, { userId: user.id, countryCode: place.countryCode });
  return { countryCode: place.countryCode, language: place.language, signedIn: user !== null };
}
