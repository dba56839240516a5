import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '#server/http/errors';
import { escapeHtml } from './templates';
import { unsubscribeEmailAlerts, verifyUnsubscribeToken } from './unsubscribe';

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(title)} – Lexwatch</title></head><body style="font-family:Arial,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

const invalidLink = () =>
  badRequest(
    'This unsubscribe link is not valid. You can turn alert emails off in your alert preferences.',
    undefined,
    'invalid_unsubscribe_link',
  );

/**
 * One-click unsubscribe (RFC 8058). POST (no session, no CSRF token: the signed token is the
 * authority) turns the member's alert emails off before answering 200, never a redirect. GET,
 * the visible link in each email, shows a page whose one button makes that POST.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // mail providers post `List-Unsubscribe=One-Click` as a form; the token in the URL is what counts
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get('/api/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const valid = verifyUnsubscribeToken(app.deps.config, request.query.token);
    if (!valid) {
      if (!wantsHtml(request)) throw invalidLink();
      return page(
        reply,
        400,
        'This link is not valid',
        `<p>Please manage your alerts in <a href="/preferences">your alert preferences</a>.</p>`,
      );
    }
    const action = `/api/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
    return page(
      reply,
      200,
      'Unsubscribe from alert emails',
      `<p>Stop receiving Lexwatch alert and digest emails? In-app notifications and texts are not affected.</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit" style="font-size:1rem;padding:.5rem 1rem">Unsubscribe</button></form>` +
        `<p><a href="/preferences">Manage all alert preferences</a></p>`,
    );
  });

  app.post('/api/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const valid = verifyUnsubscribeToken(app.deps.config, request.query.token);
    if (!valid) throw invalidLink();
    await unsubscribeEmailAlerts(app.db, valid.userId);
    if (wantsHtml(request)) {
      return page(
        reply,
        200,
        'You are unsubscribed',
        `<p>You will no longer receive Lexwatch alert emails. You can turn them back on in <a href="/preferences?unsubscribed=1">your alert preferences</a>.</p>`,
      );
    }
    return { unsubscribed: true as const, channel: valid.channel };
  });
};
