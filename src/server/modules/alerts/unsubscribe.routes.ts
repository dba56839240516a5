import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '#server/http/errors';
import { directionOf, pickLanguage, t, type MessageLanguage } from '#server/messages/i18n';
import { escapeHtml } from '#server/messages/email';
import { memberLanguage, unsubscribeEmailAlerts, verifyUnsubscribeToken } from './unsubscribe';

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

/** A message with `<link>…</link>` around the words that link to `href`, as HTML. */
function linked(message: string, href: string): string {
  const [before = '', inside = '', after = ''] = message.split(/<link>|<\/link>/);
  return `${escapeHtml(before)}<a href="${escapeHtml(href)}">${escapeHtml(inside)}</a>${escapeHtml(after)}`;
}

function page(reply: FastifyReply, lang: MessageLanguage, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
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

  /** The member's language, else the browser's. */
  const pageLanguage = async (request: FastifyRequest, userId: number) =>
    pickLanguage(await memberLanguage(app.db, userId), request.headers['accept-language']);

  app.get('/api/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const valid = verifyUnsubscribeToken(app.deps.config, request.query.token);
    if (!valid) {
      if (!wantsHtml(request)) throw invalidLink();
      const lang = pickLanguage(request.headers['accept-language']);
      return page(
        reply,
        lang,
        400,
        t(lang, 'unsubscribe.invalidTitle'),
        `<p>${linked(t(lang, 'unsubscribe.invalidBody'), '/preferences')}</p>`,
      );
    }
    const lang = await pageLanguage(request, valid.userId);
    const action = `/api/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
    return page(
      reply,
      lang,
      200,
      t(lang, 'unsubscribe.confirmTitle'),
      `<p>${escapeHtml(t(lang, 'unsubscribe.confirmBody'))}</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit" style="font-size:1rem;padding:.5rem 1rem">${escapeHtml(t(lang, 'unsubscribe.button'))}</button></form>` +
        `<p><a href="/preferences">${escapeHtml(t(lang, 'unsubscribe.manageAll'))}</a></p>`,
    );
  });

  app.post('/api/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const valid = verifyUnsubscribeToken(app.deps.config, request.query.token);
    if (!valid) throw invalidLink();
    await unsubscribeEmailAlerts(app.db, valid.userId);
    if (wantsHtml(request)) {
      const lang = await pageLanguage(request, valid.userId);
      return page(
        reply,
        lang,
        200,
        t(lang, 'unsubscribe.doneTitle'),
        `<p>${linked(t(lang, 'unsubscribe.doneBody'), '/preferences?unsubscribed=1')}</p>`,
      );
    }
    return { unsubscribed: true as const, channel: valid.channel };
  });
};
