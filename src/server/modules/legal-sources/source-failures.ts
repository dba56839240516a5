/**
 * How a legal source's failure is told to members: the kind of failure, never an upstream URL.
 */
import { AppError } from '#server/http/errors';
import { UpstreamError } from '#server/sources/http';

const UPSTREAM_FAILURES: Record<string, string> = {
  timeout: 'The source did not answer in time.',
  network: 'The source could not be reached.',
  html_instead_of_data: 'The source sent a web page instead of data.',
  invalid_json: 'The source sent data that could not be read.',
  invalid_xml: 'The source sent data that could not be read.',
  schema_mismatch: 'The source sent data in an unexpected shape.',
  rate_limited: 'The source asked us to slow down; it is tried again later.',
};

/** What members and the status list see: the kind of failure, never an upstream URL. */
export function errorText(error: unknown): string {
  if (error instanceof UpstreamError) {
    if (error.kind === 'http_status') return `The source answered with HTTP ${error.status ?? 'an error'}.`;
    return UPSTREAM_FAILURES[error.kind] ?? 'The source failed.';
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

export const sourceFailed = (error: unknown) =>
  new AppError(502, 'source_unavailable', 'Failed to search legal sources', {
    reason: errorText(error),
  }).localized('errors.sourceSearchFailed');

export const apiKeyRequired = () =>
  new AppError(503, 'api_key_required', 'This source needs an API key that is not configured.');
