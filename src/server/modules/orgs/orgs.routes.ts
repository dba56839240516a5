/**
 * Organisations: creating one, the current one, invitations, members and roles, seats and the
 * shared watchlist. Members only (401 before any 400); someone outside the organisation gets 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOnly, requireUser } from '#server/plugins/session';
import { createStripe, STRIPE_CLIENT } from '#server/modules/billing/stripe-client';
import {
  acceptInviteBody,
  buySeatsBody,
  buySeatsResponse,
  changeRoleBody,
  createOrgBody,
  currentOrg,
  inviteAccepted,
  inviteBody,
  inviteCreated,
  orgCreated,
  orgIdParams,
  orgItemParams,
  orgMemberParams,
  watchlist,
  watchlistBody,
} from '#shared/schemas/orgs';
import { ORG_ROLES } from '#shared/orgs';
import { orgContext } from './access';
import {
  accept,
  changeRole,
  createOrg,
  currentOrg as readCurrentOrg,
  invite,
  removeMember,
} from './members.service';
import { buySeats } from './seats.service';
import { listWatchlist, unwatch, watch } from './watchlist.service';

export const orgsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = orgContext(app);
  const stripe = () => app.caches.appScoped.get(STRIPE_CLIENT, () => createStripe(app.deps.config));
  app.addHook('onRequest', memberOnly);

  app.post(
    '/api/orgs',
    { schema: { body: createOrgBody, response: { 201: orgCreated } } },
    async (request, reply) =>
      reply.status(201).send(await createOrg(ctx, requireUser(request), request.body.name)),
  );

  app.get('/api/orgs/current', { schema: { response: { 200: currentOrg } } }, async (request) =>
    readCurrentOrg(ctx, requireUser(request).id),
  );

  app.post(
    '/api/orgs/:id/invites',
    { schema: { params: orgIdParams, body: inviteBody, response: { 201: inviteCreated } } },
    async (request, reply) =>
      reply.status(201).send(await invite(ctx, requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/orgs/invites/accept',
    { schema: { body: acceptInviteBody, response: { 200: inviteAccepted } } },
    async (request) => accept(ctx, requireUser(request), request.body.token),
  );

  app.patch(
    '/api/orgs/:id/members/:userId',
    {
      schema: {
        params: orgMemberParams,
        body: changeRoleBody,
        response: { 200: z.object({ userId: z.number(), role: z.enum(ORG_ROLES) }) },
      },
    },
    async (request) =>
      changeRole(ctx, requireUser(request), request.params.id, request.params.userId, request.body.role),
  );

  app.delete(
    '/api/orgs/:id/members/:userId',
    { schema: { params: orgMemberParams } },
    async (request, reply) => {
      await removeMember(ctx, requireUser(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/orgs/:id/seats',
    { schema: { params: orgIdParams, body: buySeatsBody, response: { 200: buySeatsResponse } } },
    async (request) => buySeats(ctx, stripe(), requireUser(request).id, request.params.id, request.body.add),
  );

  app.get(
    '/api/orgs/:id/watchlist',
    { schema: { params: orgIdParams, response: { 200: watchlist } } },
    async (request) => listWatchlist(ctx, requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/orgs/:id/watchlist',
    {
      schema: {
        params: orgIdParams,
        body: watchlistBody,
        response: { 201: z.object({ legalChangeId: z.number(), title: z.string(), added: z.boolean() }) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await watch(ctx, requireUser(request).id, request.params.id, request.body.legalChangeId)),
  );

  app.delete(
    '/api/orgs/:id/watchlist/:legalChangeId',
    { schema: { params: orgItemParams } },
    async (request, reply) => {
      await unwatch(ctx, requireUser(request).id, request.params.id, request.params.legalChangeId);
      return reply.status(204).send();
    },
  );
};
