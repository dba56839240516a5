/**
 * A suite's app and replay server of recorded upstream answers: started before its tests,
 * closed after them. Read `suite.t` and `suite.replay` inside the tests.
 */
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { startReplayServer, type ReplayServer } from './replay-server';

export interface ReplayAppSuite {
  t: TestApp;
  replay: ReplayServer;
}

export function replayAppSuite(): ReplayAppSuite {
  const suite = {} as ReplayAppSuite;
  beforeAll(async () => {
    suite.replay = await startReplayServer();
    suite.t = await buildTestApp();
  });
  afterAll(async () => {
    await suite.t?.close();
    await suite.replay?.close();
  });
  return suite;
}
