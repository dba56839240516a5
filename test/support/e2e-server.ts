import { resolve } from 'node:path';
import type { AppDeps } from '#server/app-types';
import { buildTestApp, type TestApp } from './build-test-app';

export interface E2eServer extends TestApp {
  url: string;
}

/** The real app serving the production client build on a loopback port. */
export async function startE2eServer(
  opts: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<E2eServer> {
  const t = await buildTestApp({
    env: opts.env,
    deps: { clientRoot: resolve(process.env.BUILD_DIR ?? 'dist', 'client'), ...opts.deps },
  });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...t, url: address };
}
