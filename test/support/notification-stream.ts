import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';

const STREAM = '/api/notifications/stream';
const LIST = '/api/notifications/in-app';
const pathOf = (url: string) => new URL(url).pathname;

/**
 * Watches a page's notification requests (call before it loads). When the live stream opens, the
 * page reads its notification list again; `listReadAfterStream()` resolves once that read has
 * been answered and drawn: from then on only the stream can deliver.
 */
export function watchNotificationStream(page: Page): { listReadAfterStream(): Promise<void> } {
  let streamAnswered = false;
  const reads: Request[] = [];
  const finished = new Set<Request>();
  page.on('response', (response) => {
    if (pathOf(response.url()) === STREAM) streamAnswered = true;
  });
  page.on('request', (request) => {
    if (streamAnswered && pathOf(request.url()) === LIST) reads.push(request);
  });
  page.on('requestfinished', (request) => finished.add(request));
  return {
    async listReadAfterStream() {
      await expect.poll(() => reads.length > 0 && finished.has(reads[0]!), { timeout: 15_000 }).toBe(true);
      await page.evaluate(async () => {
        for (let frame = 0; frame < 2; frame++) await new Promise((drawn) => requestAnimationFrame(drawn));
      });
    },
  };
}
