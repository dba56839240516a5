import type { FastifyInstance } from 'fastify';

/**
 * In this plugin's scope, a JSON request with an empty body (a bodiless POST or PUT sent with
 * `Content-Type: application/json`) reads as no body instead of a 400. Anything else is parsed
 * by Fastify's own safe JSON parser.
 */
export function allowEmptyJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parse(request, body as string, done);
  });
}
