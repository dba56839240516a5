import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '#server/http/errors';
import { pickLanguage } from '#server/messages/i18n';
import { confirmPage, donePage, invalidLinkPage } from './unsubscribe-page';
import { unsubscribeEmailAlerts, unsubscribePageLanguage, verifyUnsubscribeToken } from './unsubscribe';

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

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
    const valid = verifyUnsubscribeToken(app.secrets.appSecret, request.query.token);
    if (!valid) {
      if (!wantsHtml(request)) throw invalidLink();
      return invalidLinkPage(reply, pickLanguage(request.headers['accept-language']));
    }
    const lang = await unsubscribePageLanguage(app.db, valid.userId, request.headers['accept-language']);
    return confirmPage(reply, lang, request.query.token);
  });

  app.post('/api/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
    const valid = verifyUnsubscribeToken(app.secrets.appSecret, request.query.token);
    if (!valid) throw invalidLink();
    await unsubscribeEmailAlerts(app.db, valid.userId);
    if (!wantsHtml(request)) return { unsubscribed: true as const, channel: valid.channel };
    const lang = await unsubscribePageLanguage(app.db, valid.userId, request.headers['accept-language']);
    return donePage(reply, lang);
  });
};
