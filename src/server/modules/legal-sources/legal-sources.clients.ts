/**
 * One adapter per source beyond the UK sync, built once per process (its web app and jobs share
 * them through their caches) so every caller shares each upstream's pacing. Congress.gov has no adapter without its API key.
 */
import type { AppDeps } from '#server/app-types';
import { AppScopedKey, type AppScoped } from '#server/cache/app-scoped';
import type { Config } from '#server/config/config';
import { createUpstreamClient, type UpstreamClientOptions } from '#server/sources/http';
import type { SourceAdapter } from '#server/sources/common/international';
import { AUSTRALIA_FRL_DEFAULTS, frlAdapter } from '#server/sources/australia-frl/client';
import { justiceLawsAdapter, JUSTICE_LAWS_CLIENT_DEFAULTS } from '#server/sources/canada-justice-laws/client';
import { legisinfoAdapter, LEGISINFO_CLIENT_DEFAULTS } from '#server/sources/canada-legisinfo/client';
import { congressAdapter, CONGRESS_CLIENT_DEFAULTS } from '#server/sources/congress-gov/client';
import { eurLexAdapter, EURLEX_CLIENT_DEFAULTS } from '#server/sources/eur-lex/client';
import {
  federalRegisterAdapter,
  FEDERAL_REGISTER_CLIENT_DEFAULTS,
} from '#server/sources/federal-register/client';
import { userAgentFor, type ClientOverrides } from '#server/modules/sync/sync-context';
import type { LegalSourceCode } from '#shared/legal-sources';

export type ExternalSourceCode = Extract<
  LegalSourceCode,
  'eu' | 'us-federal-register' | 'us-congress' | 'canada' | 'australia' | 'canada-justice-laws'
>;
export const EXTERNAL_SOURCES: readonly ExternalSourceCode[] = [
  'eu',
  'us-federal-register',
  'canada',
  'australia',
  'us-congress',
  'canada-justice-laws',
];
export const isExternal = (code: string): code is ExternalSourceCode =>
  (EXTERNAL_SOURCES as readonly string[]).includes(code);

/** The sources the UK sync itself keeps in the database, and the sync that keeps each. */
export const DATABASE_SOURCES = {
  uk: { syncKind: 'secondary-legislation', source: 'legislation_gov_uk' },
  'uk-parliament-bills': { syncKind: 'uk-parliament', source: 'parliament_bills' },
  'scottish-parliament': { syncKind: 'scottish-parliament', source: 'scottish_parliament' },
} as const;
export type DatabaseSourceCode = keyof typeof DATABASE_SOURCES;

/** legal_changes.source of each external source's items */
export const STORED_SOURCE: Record<ExternalSourceCode, string> = {
  eu: 'eur_lex',
  'us-federal-register': 'federal_register',
  'us-congress': 'congress_gov',
  canada: 'canada_legisinfo',
  australia: 'australia_frl',
  'canada-justice-laws': 'canada_justice_laws',
};

export type Adapters = Partial<Record<ExternalSourceCode, SourceAdapter>>;

const ADAPTERS = new AppScopedKey<Adapters>('legal source adapters');

export function legalSourceAdapters(
  scoped: AppScoped,
  config: Config,
  overrides: ClientOverrides = {},
): Adapters {
  return scoped.get(ADAPTERS, () => createAdapters(config, overrides));
}

function createAdapters(config: Config, overrides: ClientOverrides): Adapters {
  const userAgent = userAgentFor(config);
  const client = (
    defaults: Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>,
    baseUrl: string,
    headers?: Record<string, string>,
  ) =>
    createUpstreamClient({ ...defaults, ...overrides, baseUrl, userAgent, ...(headers ? { headers } : {}) });
  return {
    eu: eurLexAdapter(client(EURLEX_CLIENT_DEFAULTS, config.EURLEX_SPARQL_URL)),
    'us-federal-register': federalRegisterAdapter(
      client(FEDERAL_REGISTER_CLIENT_DEFAULTS, config.FEDERAL_REGISTER_API_URL),
    ),
    canada: legisinfoAdapter(client(LEGISINFO_CLIENT_DEFAULTS, config.CANADA_LEGISINFO_URL), {
      ...(config.CANADA_PARLIAMENT_SESSION ? { session: config.CANADA_PARLIAMENT_SESSION } : {}),
    }),
    'canada-justice-laws': justiceLawsAdapter(client(JUSTICE_LAWS_CLIENT_DEFAULTS, config.CANADA_LAWS_URL)),
    australia: frlAdapter(client(AUSTRALIA_FRL_DEFAULTS, config.AUSTRALIA_LEGISLATION_API_URL)),
    ...(config.CONGRESS_API_KEY
      ? {
          'us-congress': congressAdapter(
            client(CONGRESS_CLIENT_DEFAULTS, config.CONGRESS_API_URL, {
              'x-api-key': config.CONGRESS_API_KEY,
            }),
          ),
        }
      : {}),
  };
}

export const adaptersOf = (deps: AppDeps) =>
  legalSourceAdapters(deps.caches.appScoped, deps.config, deps.syncClientOptions?.all);
