/** The process's legislation.gov.uk client for redlines: the one the syncs pace their calls with. */
import type { AppDeps } from '#server/app-types';
import { createUpstreamClient, userAgentFor, type UpstreamClient } from '#server/sources/http';
import { LEGISLATION_CLIENT_DEFAULTS } from '#server/sources/legislation-gov-uk/client';
import { sharedLegislationClient } from '#server/sources/legislation-gov-uk/shared-client';

export function legislationClientOf(
  deps: Pick<AppDeps, 'caches' | 'config' | 'syncClientOptions'>,
): UpstreamClient {
  const { config, syncClientOptions: overrides } = deps;
  return sharedLegislationClient(deps.caches.appScoped, () =>
    createUpstreamClient({
      ...LEGISLATION_CLIENT_DEFAULTS,
      ...overrides?.all,
      ...overrides?.legislation,
      baseUrl: config.LEGISLATION_API_URL,
      userAgent: userAgentFor(config),
    }),
  );
}
