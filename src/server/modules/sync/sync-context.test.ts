import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { createSyncClients, userAgentFor } from './sync-context';

describe('the sync clients', () => {
  let server: Server;
  let base: string;
  const seen: { at: number; agent: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ at: Date.now(), agent: req.headers['user-agent'] });
      res
        .writeHead(200, { 'content-type': 'application/atom+xml' })
        .end('<feed xmlns="http://www.w3.org/2005/Atom"></feed>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('name the service and its address, and pace legislation.gov.uk to one request a second', async () => {
    const config = loadConfig({ APP_URL: 'https://lexwatch.example', LEGISLATION_API_URL: base });
    expect(userAgentFor(config)).toBe('Lexwatch/0.1 (+https://lexwatch.example)');
    const { legislation } = createSyncClients(config);
    const asked = Date.now();
    await Promise.all([legislation.getText('/a'), legislation.getText('/b')]);
    expect(seen.map((s) => s.agent)).toEqual([
      'Lexwatch/0.1 (+https://lexwatch.example)',
      'Lexwatch/0.1 (+https://lexwatch.example)',
    ]);
    // the second request may not leave before its slot, a second after both were asked (a timer
    // can fire a millisecond early); a bound the pacing guarantees however slow the machine is
    expect(seen[1]!.at - asked).toBeGreaterThanOrEqual(995);
  });
});
