/**
 * An upstream client whose every call is written to the monitoring log of a sync run
 * (operation, details, status, duration), so the administrator sees each request.
 */
import type { UpstreamClient } from '#server/sources/http';
import type { SyncRun } from './sync-operation';

const OPERATIONS: [RegExp, string][] = [
  [/^\/Bills\?/i, 'List bills'],
  [/^\/Bills\/\d+\/Stages\/\d+\/Amendments/i, 'Fetch stage amendments'],
  [/^\/Bills\/\d+\/Stages/i, 'Fetch bill stages'],
  [/^\/Bills\/\d+\/Publications/i, 'Fetch bill publications'],
  [/^\/Bills\/\d+$/i, 'Fetch bill'],
  [/^\/update\//, 'Read Publication Log'],
  [/\/data\.xml$/, 'Fetch item metadata'],
  [/\/data\.feed/, 'Read listing'],
  [/^\/(bills|billstages|billstagetypes|billtypes|sessions)$/i, 'Fetch collection'],
];

export function operationOf(path: string): string {
  const bare = path.replace(/^https?:\/\/[^/]+/i, '').replace(/^\/api\/v1/i, '');
  return OPERATIONS.find(([pattern]) => pattern.test(bare))?.[1] ?? 'Request';
}

export function monitoredClient(client: UpstreamClient, run: SyncRun): UpstreamClient {
  const label = (path: string) => `${client.name}: ${operationOf(path)}`;
  return {
    name: client.name,
    baseUrl: client.baseUrl,
    urlFor: (path) => client.urlFor(path),
    getText: (path, options) => run.monitor(label(path), `GET ${path}`, () => client.getText(path, options)),
    getJson: (path, schema, options) =>
      run.monitor(label(path), `GET ${path}`, () => client.getJson(path, schema, options)),
    getXml: (path, options) => run.monitor(label(path), `GET ${path}`, () => client.getXml(path, options)),
  };
}
