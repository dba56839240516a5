/**
 * The one legislation.gov.uk client of a process (its web app and jobs share it through their
 * caches), so every caller, the syncs and the redlines alike, shares its pacing.
 */
import { AppScopedKey, type AppScoped } from '#server/cache/app-scoped';
import type { UpstreamClient } from '#server/sources/http';

const LEGISLATION_CLIENT = new AppScopedKey<UpstreamClient>('legislation.gov.uk client');

/** The process's client, made by `make` on first use. */
export const sharedLegislationClient = (scoped: AppScoped, make: () => UpstreamClient): UpstreamClient =>
  scoped.get(LEGISLATION_CLIENT, make);
