/**
 * The member's feed URLs (/api/user/feeds, regenerate), and the feeds themselves at secret
 * URLs (/feeds/{token}/…), which calendar apps and feed readers fetch without a session.
 * A wrong or revoked token is a plain 404; answers carry an ETag and are cached privately.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '#server/http/errors';
import { memberOnly, requireUser } from '#server/plugins/session';
import { feedFileParams, feedTokenParams, memberFeedsSchema } from '#shared/schemas/feeds';
import { everythingFeed, itemFeed, termFeed } from './atom-feeds.service';
import { calendarFor } from './calendar-feed.service';
import { etagOf, memberFeeds, memberOfFeedToken, regenerateFeedKey } from './feeds.service';

const feedNotFound = () =>
  notFound('No feed here. Copy the feed address again from your preferences.', 'feed_not_found');

function send(request: FastifyRequest, reply: FastifyReply, body: string, type: string) {
  const etag = etagOf(body);
  reply
    .header('etag', etag)
    .header('cache-control', 'private, max-age=300')
    .header('x-robots-tag', 'noindex');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(type).send(body);
}

export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const { appSecret } = app.secrets;

  app.get(
    '/api/user/feeds',
    { onRequest: memberOnly, schema: { response: { 200: memberFeedsSchema } } },
    async (request) => memberFeeds(config, appSecret, app.db, requireUser(request).id),
  );

  app.post(
    '/api/user/feeds/regenerate',
    { onRequest: memberOnly, schema: { response: { 200: memberFeedsSchema } } },
    async (request) => {
      const user = requireUser(request);
      await regenerateFeedKey(app.db, user.id);
      return memberFeeds(config, appSecret, app.db, user.id);
    },
  );

  const memberOf = async (token: string) => {
    const userId = await memberOfFeedToken(appSecret, app.db, token);
    if (userId === null) throw feedNotFound();
    return userId;
  };
  const selfUrl = (request: FastifyRequest) => `${config.appUrl}${request.url.split('?')[0]}`;

  app.get('/feeds/:token/calendar.ics', { schema: { params: feedTokenParams } }, async (request, reply) => {
    const userId = await memberOf(request.params.token);
    return send(request, reply, await calendarFor(config, app.db, userId), 'text/calendar; charset=utf-8');
  });

  app.get('/feeds/:token/atom.xml', { schema: { params: feedTokenParams } }, async (request, reply) => {
    const userId = await memberOf(request.params.token);
    const body = await everythingFeed(config, app.db, userId, selfUrl(request));
    return send(request, reply, body, 'application/atom+xml; charset=utf-8');
  });

  app.get('/feeds/:token/items/:file', { schema: { params: feedFileParams } }, async (request, reply) => {
    await memberOf(request.params.token);
    const body = await itemFeed(config, app.db, Number.parseInt(request.params.file, 10), selfUrl(request));
    if (body === null) throw feedNotFound();
    return send(request, reply, body, 'application/atom+xml; charset=utf-8');
  });

  app.get('/feeds/:token/terms/:file', { schema: { params: feedFileParams } }, async (request, reply) => {
    const userId = await memberOf(request.params.token);
    const termId = Number.parseInt(request.params.file, 10);
    const body = await termFeed(config, app.db, userId, termId, selfUrl(request));
    if (body === null) throw feedNotFound();
    return send(request, reply, body, 'application/atom+xml; charset=utf-8');
  });
};
