import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isClientRoute } from '#shared/client-routes';

/**
 * Serves the built client: hashed assets with a long cache, index.html (no-cache) for every
 * client route (404 for an unknown page, which the client shows as not found), and a JSON 404
 * for unknown /api paths.
 */
export const staticClientPlugin = fp(
  async (app: FastifyInstance, opts: { root: string | null }) => {
    const root = opts.root && existsSync(join(opts.root, 'index.html')) ? opts.root : null;
    if (root) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    const indexHtml = root ? readFileSync(join(root, 'index.html'), 'utf8') : null;

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path === '/api' || path.startsWith('/api/')) {
        return reply
          .status(404)
          .send({ error: { code: 'not_found', message: `No API route ${request.method} ${path}` } });
      }
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/\.[a-z0-9]{1,8}$/i.test(path) &&
        indexHtml
      ) {
        // the client shows its not-found screen; the status says so too
        return reply
          .status(isClientRoute(path) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(indexHtml);
      }
      return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    });
  },
  { name: 'static-client' },
);
