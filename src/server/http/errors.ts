import { formatWaitIn } from './wait-words';

/**
 * Error factories. Every error a client can cause is an AppError with a status, a stable
 * snake_case code and a message a user can act on; the error plugin renders them as
 * `{ error: { code, message, details } }`, the message in the reader's language when the
 * `errors` messages hold it (see error-messages.ts).
 */
export class AppError extends Error {
  /** the message in the messages dictionaries: `errors.<code>` unless `localized()` names another */
  messageKey?: string;
  /** its placeholders; `waitSeconds` fills `{{wait}}` with a duration in the reader's words */
  messageValues?: Record<string, string | number>;

  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Names the message's key in the `errors` dictionaries and its values. */
  localized(key: string, values: Record<string, string | number> = {}): this {
    this.messageKey = key;
    this.messageValues = values;
    return this;
  }
}

export const badRequest = (message: string, details?: unknown, code = 'bad_request') =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Unauthorized', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have access to this resource', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict', details?: unknown) =>
  new AppError(409, code, message, details);
export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new AppError(
    429,
    'rate_limited',
    message ?? `Too many attempts. Please wait ${formatWait(retryAfterSeconds)} and try again.`,
    { retryAfterSeconds },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  ).localized('errors.rate_limited', { waitSeconds: retryAfterSeconds });
export const serviceUnavailable = (message: string, code = 'service_unavailable') =>
  new AppError(503, code, message);

/** '45 seconds', '3 minutes': a wait in English (the messages' own words, error-messages.ts). */
export function formatWait(seconds: number): string {
  return formatWaitIn('en', seconds);
}
