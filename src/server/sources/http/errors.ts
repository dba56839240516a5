/** Every failure of an upstream call, classified so a sync can record and retry it. */

export type UpstreamErrorKind =
  | 'http_status'
  | 'timeout'
  | 'network'
  | 'html_instead_of_data'
  | 'invalid_json'
  | 'invalid_xml'
  | 'schema_mismatch'
  | 'rate_limited'
  | 'past_last_page';

export interface UpstreamErrorDetails {
  status?: number | null;
  retryable?: boolean;
  attempts?: number;
  /** when the upstream asked us to wait (Retry-After, or the rate-limit back-off) */
  retryAfterMs?: number | null;
  cause?: unknown;
}

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly status: number | null;
  readonly retryable: boolean;
  attempts: number;
  readonly retryAfterMs: number | null;

  constructor(
    readonly kind: UpstreamErrorKind,
    readonly url: string,
    message: string,
    details: UpstreamErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status ?? null;
    this.retryable = details.retryable ?? false;
    this.attempts = details.attempts ?? 1;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}
