import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '#server/http/errors';
import { API_KEY_MARK } from '#shared/api-keys';
import { COOKIE_NAMES } from '#shared/cookie-names';
import { CLOCK_SKEW_MS, MEMBER_STATE_TTL_MS, writtenAtOf } from '#server/cache/member-session-cache';
import { listenForMemberState } from './member-state.queries';
import { adminSessionByToken, memberSessionByToken, touchSession } from './session.queries';
import type { SessionUser } from './session-user';

export const SESSION_COOKIE: string = COOKIE_NAMES.session;
export const ADMIN_COOKIE: string = COOKIE_NAMES.admin;
export const WRITTEN_AT_COOKIE: string = COOKIE_NAMES.stateWrittenAt;

export type { SessionAction, SessionUser } from './session-user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route reads the member's actions (`request.user.actions`): they come with the session */
    memberActions?: boolean;
  }
  interface FastifyRequest {
    /** the signed-in member, or null; resolved once per request */
    user: SessionUser | null;
    /** true when the request carries a valid administrator session */
    isAdmin: boolean;
    /** the administrator session's id (for the audit log), or null */
    adminSessionId: string | null;
    /** who the administrator session belongs to (also while they enrol their second factor) */
    admin: AdminIdentity | null;
  }
}

/** The administrator behind an admin session; the built-in owner has no email. */
export interface AdminIdentity {
  sessionId: string;
  id: number;
  email: string | null;
  owner: boolean;
  /** false until an invited administrator has enrolled their second factor */
  enrolled: boolean;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The session token from the cookie, or from `Authorization: Bearer` for API clients. */
export function sessionTokenOf(request: FastifyRequest, cookie = SESSION_COOKIE): string | null {
  const fromCookie = request.cookies?.[cookie];
  if (fromCookie) return fromCookie;
  if (cookie !== SESSION_COOKIE) return null;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) {
    const token = auth.slice(7).trim();
    // an API key (lwk_…) is never a session token: it opens only /api/v1 and /mcp
    if (token.startsWith(API_KEY_MARK)) return null;
    if (/^[A-Za-z0-9_-]{20,200}$/.test(token)) return token;
  }
  return null;
}

/** A member route: answers 401 'Unauthorized' unless signed in. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized('Unauthorized');
  return request.user;
}

/**
 * The onRequest hook of a member-only route (or of a plugin whose routes all are): a signed-out
 * call answers 401 before its body is parsed or its input validated, whatever it sends.
 */
export async function memberOnly(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

const LAST_SEEN_GRANULARITY_MS = 5 * 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * In this app: member sessions may just have ended (a successful non-GET call under
 * /api/auth/: sign-out, a session ended from the sessions list, a password reset). Open
 * notification streams re-check their sessions at once instead of at their next heartbeat.
 * One per app (`app.caches.sessionChanges`), so apps in one process hear only their own.
 */
export class SessionChanges {
  private readonly bus = new EventEmitter().setMaxListeners(0);

  subscribe(listener: () => void): () => void {
    this.bus.on('changed', listener);
    return () => this.bus.off('changed', listener);
  }

  /** sessions were ended outside /api/auth/ (e.g. the administrator suspended a member) */
  announce(): void {
    this.bus.emit('changed');
  }
}

/**
 * Resolves the member (and admin) session of each /api request from the hashed token.
 * last_seen_at is refreshed at most every five minutes to keep reads cheap. Reads (GET, HEAD)
 * use this app's copy of the member's state when it is current (cache/member-session-cache.ts);
 * writes read the session each time.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('isAdmin', false);
    app.decorateRequest('adminSessionId', null);
    app.decorateRequest('admin', null);
    const { config, database } = app.deps;
    // this app's copies of members' state (cache/member-session-cache.ts)
    const cache = app.caches.memberSessions;
    const { sessionChanges } = app.caches;
    const heard = (payload: string) => cache.heard(payload);
    database.memberState.on('change', heard);
    app.addHook('onClose', async () => void database.memberState.off('change', heard));
    if (!database.embedded) {
      const listener = listenForMemberState(database.url, cache, app.log);
      app.addHook('onClose', async () => listener.close());
    }
    const secure = config.appUrl.startsWith('https://');

    const touch = (sessionId: string) => touchSession(app.db, sessionId);

    const resolve = async (request: FastifyRequest, token: string | null, adminToken: string | null) => {
      if (token) {
        // the notification polls and most routes need no actions: only the lists read them
        const withActions = request.routeOptions.config?.memberActions === true;
        // reads (the lists, the notification polls, the dashboard) may use this process's copy
        const cacheable = SAFE_METHODS.has(request.method);
        const tokenHash = hashToken(token);
        if (cacheable) {
          const now = Date.now();
          const copy = cache.get(tokenHash, writtenAtOf(request.cookies?.[WRITTEN_AT_COOKIE]), now);
          if (copy && (copy.hasActions || !withActions)) {
            request.user = copy.user;
            if (now - copy.lastSeenAt > LAST_SEEN_GRANULARITY_MS) {
              copy.lastSeenAt = now;
              await touch(copy.user.sessionId);
            }
            return resolveAdmin(request, adminToken);
          }
        }
        const readAt = Date.now();
        const row = await memberSessionByToken(app.db, tokenHash, withActions);
        if (row) {
          const { lastSeenAt, expiresAt, ...user } = row;
          request.user = user;
          let seen = lastSeenAt.getTime();
          if (Date.now() - seen > LAST_SEEN_GRANULARITY_MS) {
            seen = Date.now();
            await touch(row.sessionId);
          }
          if (cacheable)
            cache.set(tokenHash, {
              user,
              hasActions: withActions,
              readAt,
              sessionExpiresAt: expiresAt.getTime(),
              lastSeenAt: seen,
            });
        }
      }
      return resolveAdmin(request, adminToken);
    };
    const resolveAdmin = async (request: FastifyRequest, adminToken: string | null) => {
      if (adminToken) {
        const admin = await adminSessionByToken(app.db, hashToken(adminToken));
        request.admin = admin;
        request.isAdmin = admin?.enrolled === true;
        request.adminSessionId = admin?.enrolled ? admin.sessionId : null;
      }
    };
    // anonymous requests (no token) finish here without a promise or a database round trip
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      const token = sessionTokenOf(request);
      const adminToken = sessionTokenOf(request, ADMIN_COOKIE);
      if (!token && !adminToken) return done();
      resolve(request, token, adminToken).then(() => done(), done);
    });
    // a change: this process's copies of it go before the answer does, and the member's
    // browser carries the time of their write to whichever process serves them next
    app.addHook('onSend', (request, reply, payload, done) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done(null, payload);
      const now = Date.now();
      if (request.user) {
        cache.forgetMember(request.user.id, now);
        void reply.setCookie(WRITTEN_AT_COOKIE, String(now), {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          // every path: a member's page carries it too, so its early answers read the change
          path: '/',
          maxAge: Math.ceil((MEMBER_STATE_TTL_MS + CLOCK_SKEW_MS) / 1000),
        });
      }
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.method !== 'GET' && request.url.startsWith('/api/auth/') && reply.statusCode < 400)
        sessionChanges.announce();
      done();
    });
  },
  { name: 'session' },
);
