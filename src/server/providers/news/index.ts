import type { Config } from '#server/config/config';
import { createUpstreamClient } from '#server/sources/http';
import { createGovukSearchProvider } from './govuk-search';
import { createParliamentBillNewsProvider } from './parliament-bill-news';
import type { NewsProvider } from './types';

export type { NewsProvider, NewsSubject, RawArticle } from './types';

/** News requests run while a reader waits: short timeouts, one retry. */
const NEWS_TIMEOUT_MS = 10_000;

/** The keyless news providers: GOV.UK search for every item, Parliament's bill news for bills. */
export function newsProvidersFor(
  config: Pick<Config, 'GOVUK_API_URL' | 'PARLIAMENT_BILLS_API_URL' | 'appUrl'>,
  options: { timeoutMs?: number } = {},
): NewsProvider[] {
  const userAgent = `Lexwatch/0.1 (+${config.appUrl})`;
  const timeoutMs = options.timeoutMs ?? NEWS_TIMEOUT_MS;
  const common = {
    userAgent,
    timeoutMs,
    maxRetries: 1,
    retryBaseDelayMs: 300,
    retryMaxDelayMs: 2000,
    maxRetryAfterMs: 5000,
  };
  return [
    createGovukSearchProvider(
      createUpstreamClient({
        ...common,
        name: 'GOV.UK Search',
        baseUrl: config.GOVUK_API_URL,
        minIntervalMs: 250,
      }),
    ),
    createParliamentBillNewsProvider(
      createUpstreamClient({
        ...common,
        name: 'UK Parliament Bills (news)',
        baseUrl: config.PARLIAMENT_BILLS_API_URL,
        minIntervalMs: 250,
      }),
    ),
  ];
}
