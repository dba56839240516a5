/**
 * The administrator guard. An admin session is an HttpOnly, SameSite=Strict cookie; every
 * non-GET /api/admin/* call must also carry the CSRF token (readable `csrf-token` cookie,
 * echoed in the `x-csrf-token` header). The token is an HMAC of the admin session token, so it
 * is bound to that session and needs no storage.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '#server/http/errors';
import { ADMIN_COOKIE, sessionTokenOf, type AdminIdentity } from '#server/plugins/session';
import { COOKIE_NAMES } from '#shared/cookie-names';

export const CSRF_COOKIE: string = COOKIE_NAMES.csrf;
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Calls the guard lets through: signing in, accepting an invite, and the second-factor
 * enrolment (which checks its own session and CSRF token: requireEnrollingAdmin).
 */
const OPEN_ADMIN_PATHS = new Set([
  '/api/admin/login',
  '/api/admin/admins/accept',
  '/api/admin/totp/setup',
  '/api/admin/totp/verify',
]);

export const csrfTokenFor = (appSecret: string, adminToken: string) =>
  createHmac('sha256', appSecret).update(`csrf\n${adminToken}`).digest('base64url');

function csrfValid(request: FastifyRequest): boolean {
  const adminToken = sessionTokenOf(request, ADMIN_COOKIE);
  const sent = request.headers[CSRF_HEADER];
  if (!adminToken || typeof sent !== 'string' || sent.length > 200) return false;
  const expected = Buffer.from(csrfTokenFor(request.server.secrets.appSecret, adminToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An administrator route: 401 without an admin session, 403 on a non-GET call without the CSRF token. */
export function requireAdmin(request: FastifyRequest): void {
  if (!request.isAdmin) throw unauthorized('Administrator sign-in required', 'admin_unauthorized');
  requireCsrf(request);
}

function requireCsrf(request: FastifyRequest): void {
  if (!SAFE_METHODS.has(request.method) && !csrfValid(request)) {
    throw forbidden(
      'The security token of this page is missing or out of date. Please reload the page and try again.',
      'csrf_invalid',
    );
  }
}

/** An owner-only route: requireAdmin, then 403 unless the session is the built-in owner's. */
export function requireOwner(request: FastifyRequest): AdminIdentity {
  requireAdmin(request);
  if (!request.admin?.owner) throw forbidden('Only the owner can manage administrators', 'admin_owner_only');
  return request.admin;
}

/** The session of an administrator still enrolling their second factor (or enrolled), with CSRF. */
export function requireEnrollingAdmin(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw unauthorized('Administrator sign-in required', 'admin_unauthorized');
  requireCsrf(request);
  return request.admin;
}

/**
 * Guards every non-GET /api/admin/* route registered after it (the sign-in itself excepted),
 * so an admin action cannot be forgotten; admin routes also call requireAdmin themselves.
 */
export const adminGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // administrator answers (member data, message bodies) are never kept by a browser or proxy
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/admin/')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/admin/')) return;
      const path = request.url.split('?')[0]!.replace(/\/+$/, '');
      if (OPEN_ADMIN_PATHS.has(path)) return;
      requireAdmin(request);
    });
  },
  { name: 'admin-guard', dependencies: ['session'] },
);
