/**
 * The team's work on its watchlist: assessments, comments, the team list, the horizon and its
 * calendar, the activity log and the board pack. Members only; outsiders get 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/http/errors';
import { memberOnly, requireUser } from '#server/plugins/session';
import {
  activity,
  activityQuery,
  assessmentBody,
  assessmentSchema,
  commentBody,
  commentList,
  commentSchema,
  horizon as horizonSchema,
  horizonQuery,
  orgCommentParams,
  orgFeedParams,
  orgFeeds,
  orgIdParams,
  orgItemParams,
  reportQuery,
  teamItems as teamItemsSchema,
  teamItemsQuery,
} from '#shared/schemas/orgs';
import { orgContext } from './access';
import { activityLog } from './activity.service';
import { readAssessment, updateAssessment } from './assessments.service';
import { addComment, listComments, removeComment } from './comments.service';
import { reportCsv, reportPdf } from './reports.service';
import { orgOfFeedToken, teamCalendar, teamFeeds } from './team-calendar.service';
import { horizon, teamItems } from './team-list.service';

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = orgContext(app);
  app.addHook('onRequest', memberOnly);
  const item = (p: { id: number; legalChangeId: number }) => [p.id, p.legalChangeId] as const;

  app.get(
    '/api/orgs/:id/items/:legalChangeId/assessment',
    { schema: { params: orgItemParams, response: { 200: assessmentSchema } } },
    async (request) => readAssessment(ctx, requireUser(request).id, ...item(request.params)),
  );

  app.put(
    '/api/orgs/:id/items/:legalChangeId/assessment',
    { schema: { params: orgItemParams, body: assessmentBody, response: { 200: assessmentSchema } } },
    async (request) => updateAssessment(ctx, requireUser(request).id, ...item(request.params), request.body),
  );

  app.get(
    '/api/orgs/:id/items/:legalChangeId/comments',
    { schema: { params: orgItemParams, response: { 200: commentList } } },
    async (request) => listComments(ctx, requireUser(request).id, ...item(request.params)),
  );

  app.post(
    '/api/orgs/:id/items/:legalChangeId/comments',
    { schema: { params: orgItemParams, body: commentBody, response: { 201: commentSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addComment(ctx, requireUser(request), ...item(request.params), request.body.body)),
  );

  app.delete(
    '/api/orgs/:id/comments/:commentId',
    { schema: { params: orgCommentParams } },
    async (request, reply) => {
      await removeComment(ctx, requireUser(request).id, request.params.id, request.params.commentId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/orgs/:id/items',
    { schema: { params: orgIdParams, querystring: teamItemsQuery, response: { 200: teamItemsSchema } } },
    async (request) => teamItems(ctx, requireUser(request).id, request.params.id, request.query),
  );

  app.get(
    '/api/orgs/:id/horizon',
    { schema: { params: orgIdParams, querystring: horizonQuery, response: { 200: horizonSchema } } },
    async (request) => horizon(ctx, requireUser(request).id, request.params.id, request.query),
  );

  app.get(
    '/api/orgs/:id/feeds',
    { schema: { params: orgIdParams, response: { 200: orgFeeds } } },
    async (request) => teamFeeds(ctx, requireUser(request).id, request.params.id),
  );

  app.get(
    '/api/orgs/:id/activity',
    { schema: { params: orgIdParams, querystring: activityQuery, response: { 200: activity } } },
    async (request) =>
      activityLog(ctx, requireUser(request).id, request.params.id, request.query.cursor, request.query.limit),
  );

  app.get(
    '/api/orgs/:id/report.csv',
    { schema: { params: orgIdParams, querystring: reportQuery } },
    async (request, reply) => {
      const report = await reportCsv(ctx, requireUser(request).id, request.params.id, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(report.body);
    },
  );

  app.get(
    '/api/orgs/:id/report.pdf',
    { schema: { params: orgIdParams, querystring: reportQuery } },
    async (request, reply) => {
      const report = await reportPdf(ctx, requireUser(request).id, request.params.id, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(report.body);
    },
  );
};

/** The team calendar at its secret URL (no session: calendar apps fetch it); a wrong token is 404. */
export const teamFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = orgContext(app);
  app.get(
    '/feeds/orgs/:token/calendar.ics',
    { schema: { params: orgFeedParams } },
    async (request, reply) => {
      const orgId = await orgOfFeedToken(ctx, request.params.token);
      if (orgId === null)
        throw notFound('No feed here. Copy the calendar address again from your team.', 'feed_not_found');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex')
        .send(await teamCalendar(ctx, orgId));
    },
  );
};
