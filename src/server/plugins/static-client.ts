import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isClientRoute } from '#shared/client-routes';
import { answerElements, earlyAnswers } from './early-answers';
import { memberShells } from './member-preloads';
import { COOKIE_NAMES } from '#shared/cookie-names';
import {
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
  type PrerenderedPage,
  prerenderedPageFor,
} from '#shared/prerendered-pages';

/** The pages rendered at build time that the build holds, by name. */
function readPrerendered(root: string): Partial<Record<PrerenderedPage, string>> {
  const pages: Partial<Record<PrerenderedPage, string>> = {};
  for (const name of Object.keys(PRERENDERED_PAGES) as PrerenderedPage[]) {
    const file = join(root, PRERENDERED_DIR, `${name}.html`);
    if (existsSync(file)) pages[name] = readFileSync(file, 'utf8');
  }
  return pages;
}

/**
 * Serves the built client: hashed assets with a long cache, and HTML (no-cache) for every page:
 * the public pages rendered at build time to a signed-out visitor (scripts/prerender.mjs) as
 * such, so they paint before any script runs (with a query only where the page shows that address
 * as rendered: `prerenderedPageFor`); index.html for the other client routes and for a member
 * (session cookie: with the screen's chunks listed, member-preloads.ts, and the answers to its first
 * requests, early-answers.ts) or another query, which the client renders itself; the
 * not-found page with 404 for an unknown path (one ending like a file name too, when a browser
 * opens it); and a JSON 404 for unknown /api paths and missing files.
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
    const prerendered = root ? readPrerendered(root) : {};
    // a member's shell lists the chunks of the screen at that path (member-preloads.ts)
    const memberShell = root && indexHtml ? memberShells(root, indexHtml) : null;

    /** The HTML for a page: rendered at build time when it fits this request, else the client's shell. */
    const pageHtml = (request: FastifyRequest, path: string, known: boolean, member: boolean) => {
      if (!indexHtml) return null;
      if (member) return memberShell ? memberShell.shell(path) : indexHtml;
      const at = request.url.indexOf('?');
      const query = at === -1 ? '' : request.url.slice(at + 1);
      if (!known) return (query === '' && prerendered.notFound) || indexHtml;
      const page = prerenderedPageFor(path, query);
      return (page && prerendered[page]) ?? indexHtml;
    };

    /**
     * A member's screen at an address without a query comes with the answers to its first
     * requests; the page then holds their data, so it is no one's but theirs to keep.
     */
    const memberPage = async (request: FastifyRequest, path: string, html: string) => {
      if (!memberShell || request.method !== 'GET' || request.url.includes('?')) return null;
      const answers = await earlyAnswers(app, request, path);
      return answers.length ? memberShell.withAnswers(html, answerElements(answers)) : null;
    };

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path === '/api' || path.startsWith('/api/')) {
        return reply
          .status(404)
          .send({ error: { code: 'not_found', message: `No API route ${request.method} ${path}` } });
      }
      // a path ending like a file name that is no file: a JSON 404 for a script or an image, the
      // not-found page for a browser opening it (`/legal-change/1.5`), which asks for HTML
      const fileLike = /\.[a-z0-9]{1,8}$/i.test(path);
      const opensPage = !fileLike || /\btext\/html\b/i.test(request.headers.accept ?? '');
      if ((request.method === 'GET' || request.method === 'HEAD') && opensPage) {
        const known = !fileLike && isClientRoute(path);
        const member = Boolean(request.cookies?.[COOKIE_NAMES.session]);
        const html = pageHtml(request, path, known, member);
        const withAnswers = html && known && member ? await memberPage(request, path, html) : null;
        if (withAnswers) {
          return reply
            .status(200)
            .header('cache-control', 'private, no-store')
            .type('text/html; charset=utf-8')
            .send(withAnswers);
        }
        // an unknown page: the not-found screen, and the status says so too
        if (html) {
          return reply
            .status(known ? 200 : 404)
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(html);
        }
      }
      return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    });
  },
  { name: 'static-client' },
);
