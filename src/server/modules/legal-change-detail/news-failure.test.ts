import { describe, expect, it } from 'vitest';
import { UpstreamError } from '#server/sources/http';
import { failureMessage } from './news.service';

const govuk = { label: 'GOV.UK search' };
const failed = (kind: ConstructorParameters<typeof UpstreamError>[0], status?: number) =>
  new UpstreamError(kind, 'https://www.gov.uk/api/search.json', 'failed', { status });

describe('why a news provider found nothing', () => {
  it('says an unreachable provider could not be reached, not that its answer was unreadable', () => {
    expect(failureMessage(govuk, failed('network'))).toBe('GOV.UK search could not be reached');
    expect(failureMessage(govuk, new TypeError('fetch failed'))).toBe('GOV.UK search could not be reached');
  });

  it('names the other causes as they are', () => {
    expect(failureMessage(govuk, failed('http_status', 503))).toBe('GOV.UK search answered with status 503');
    expect(failureMessage(govuk, failed('timeout'))).toBe('GOV.UK search did not answer in time');
    expect(failureMessage(govuk, failed('invalid_json'))).toBe('GOV.UK search sent an unreadable answer');
  });
});
