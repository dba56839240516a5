/**
 * 'Detect my location' (spec document 1 §2, §7, §8): first the IP-geolocation service (through
 * GET /api/location), and if it fails, the browser's position placed by the reverse-geocoding
 * service (GET /api/location/reverse). Nothing here runs until the member asks.
 */
import { getJson } from '#client/lib/api-client';
import type { Location } from '#shared/schemas/location';
import { MINUTE_MS } from '#shared/time';

/** The spec's location errors: 'Failed to determine location', 'Geolocation permission denied', 'Geolocation not supported'. */
export type LocationError = 'failed' | 'denied' | 'unsupported';

export type Detection =
  { location: Location; error?: undefined } | { error: LocationError; location?: undefined };

const PERMISSION_DENIED = 1;

function browserPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      timeout: 15_000,
      maximumAge: 10 * MINUTE_MS,
    }),
  );
}

export async function detectLocation(): Promise<Detection> {
  try {
    return { location: await getJson<Location>('/api/location') };
  } catch {
    // no IP-geolocation service, or it failed: the browser's position
  }
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return { error: 'unsupported' };
  let position: GeolocationPosition;
  try {
    position = await browserPosition();
  } catch (error) {
    return { error: (error as GeolocationPositionError).code === PERMISSION_DENIED ? 'denied' : 'failed' };
  }
  const query = new URLSearchParams({
    latitude: position.coords.latitude.toFixed(4),
    longitude: position.coords.longitude.toFixed(4),
  });
  try {
    return { location: await getJson<Location>(`/api/location/reverse?${query.toString()}`) };
  } catch {
    return { error: 'failed' };
  }
}
