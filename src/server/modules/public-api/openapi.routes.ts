import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceFileParams } from '#shared/schemas/public-api';
import { openApiDocument } from './openapi';

const TYPES = { js: 'application/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;

/**
 * GET /api/v1/openapi.json (no key needed: the contract is public) and the API reference
 * viewer's files, loaded by /developers only (never part of the app's bundles).
 */
export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const document = JSON.stringify(
    openApiDocument(config.appUrl, {
      basic: config.API_KEY_DAILY_LIMIT_BASIC,
      premium: config.API_KEY_DAILY_LIMIT_PREMIUM,
      burst: config.API_KEY_BURST_LIMIT,
      burstWindowSeconds: config.API_KEY_BURST_WINDOW_SECONDS,
    }),
  );
  app.get('/api/v1/openapi.json', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(document),
  );

  const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  // this app's copies of the two files, read on first use
  const files = new Map<string, Promise<Buffer>>();
  app.get('/api/v1/reference/:file', { schema: { params: referenceFileParams } }, async (request, reply) => {
    const { file } = request.params;
    let body = files.get(file);
    if (!body) {
      body = readFile(join(root, file));
      files.set(file, body);
    }
    return reply
      .type(file.endsWith('.css') ? TYPES.css : TYPES.js)
      .header('cache-control', 'public, max-age=86400')
      .send(await body);
  });
};
