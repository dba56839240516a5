import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '#server/db/schema';
import { unauthorized } from '#server/http/errors';
import { COOKIE_NAMES } from '#shared/cookie-names';
import {
  CLOCK_SKEW_MS,
  listenForMemberState,
  MEMBER_STATE_TTL_MS,
  MemberSessionCache,
  writtenAtOf,
} from './member-session-cache';

export const SESSION_COOKIE: string = COOKIE_NAMES.session;
export const ADMIN_COOKIE: string = COOKIE_NAMES.admin;
export const WRITTEN_AT_COOKIE: string = COOKIE_NAMES.stateWrittenAt;

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  subscriptionTier: 'trial' | 'basic' | 'premium';
  sessionId: string;
  /**
   * the legislation type codes this member does not see: switched off by them or by the
   * administrator (read with the session, so lists and search need no query of their own)
   */
  disabledTypes: string[];
  /**
   * the member's follows and dismissals, with what lists filter on for each dismissed item (read
   * with the session, so their lists need no statement of their own); null when they have more
   * than MEMBER_ACTIONS_WITH_SESSION, and their lists read them themselves; read for the routes
   * that ask for them (`config: { memberActions: true }`); other routes may get them (from this
   * process's copy) or null
   */
  actions: SessionAction[] | null;
}

/** A member's action on an item; a dismissed item's fields are those lists filter and sort on. */
export interface SessionAction {
  id: number;
  action: 'followed' | 'dismissed';
  itemDate: string | null;
  jurisdictionId: number | null;
  category: string | null;
  legislationType: string | null;
}

/** Actions read with a session at most (a member with more reads them with each list). */
export const MEMBER_ACTIONS_WITH_SESSION = 500;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route reads the member's actions (`request.user.actions`): they come with the session */
    memberActions?: boolean;
  }
  interface FastifyInstance {
    /** this process's copies of members' list state (see member-session-cache.ts) */
    memberSessions: MemberSessionCache;
  }
  interface FastifyRequest {
    /** the signed-in member, or null; resolved once per request */
    user: SessionUser | null;
    /** true when the request carries a valid administrator session */
    isAdmin: boolean;
    /** the administrator session's id (for the audit log), or null */
    adminSessionId: string | null;
  }
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
    if (/^[A-Za-z0-9_-]{20,200}$/.test(token)) return token;
  }
  return null;
}

/** A member route: answers 401 'Unauthorized' unless signed in. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized('Unauthorized');
  return request.user;
}

const LAST_SEEN_GRANULARITY_MS = 5 * 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const sessionBus = new EventEmitter();
sessionBus.setMaxListeners(0);

/**
 * In this process: member sessions may just have ended (a successful non-GET call under
 * /api/auth/: sign-out, a session ended from the sessions list, a password reset). Open
 * notification streams re-check their sessions at once instead of at their next heartbeat.
 */
export const sessionChanges = {
  subscribe(listener: () => void): () => void {
    sessionBus.on('changed', listener);
    return () => sessionBus.off('changed', listener);
  },
  /** sessions were ended outside /api/auth/ (e.g. the administrator suspended a member) */
  announce(): void {
    sessionBus.emit('changed');
  },
};

/**
 * Resolves the member (and admin) session of each /api request from the hashed token.
 * last_seen_at is refreshed at most every five minutes to keep reads cheap. Reads (GET, HEAD)
 * use this process's copy of the member's state when it is current (member-session-cache.ts);
 * writes read the session each time.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('isAdmin', false);
    app.decorateRequest('adminSessionId', null);
    const { config, database } = app.deps;
    const cache = new MemberSessionCache({ needsListener: !database.embedded });
    app.decorate('memberSessions', cache);
    const heard = (payload: string) => cache.heard(payload);
    database.memberState.on('change', heard);
    app.addHook('onClose', async () => void database.memberState.off('change', heard));
    if (!database.embedded) {
      const listener = listenForMemberState(database.url, cache, app.log);
      app.addHook('onClose', async () => listener.close());
    }
    const secure = config.appUrl.startsWith('https://');

    const touch = async (sessionId: string) => {
      await app.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
    };

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
        const [row] = await app.db
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            subscriptionTier: users.subscriptionTier,
            sessionId: sessions.id,
            disabledTypes: sql<
              string[]
            >`array(select p.legislation_type_code from user_legislation_preferences p where p.user_id = ${users.id} and not p.enabled
                union select g.code from legislation_types g where not g.globally_available)`,
            actions: withActions
              ? sql<
                  SessionAction[] | null
                >`(select case when count(*) > ${MEMBER_ACTIONS_WITH_SESSION} then null
                else coalesce(json_agg(json_build_object('id', a.legal_change_id, 'action', a.action,
                  'itemDate', i.item_date, 'jurisdictionId', i.jurisdiction_id, 'category', i.category,
                  'legislationType', i.legislation_type)), '[]'::json) end
              from (select ua.legal_change_id, ua.action from user_actions ua where ua.user_id = ${users.id}
                limit ${MEMBER_ACTIONS_WITH_SESSION + 1}) a
              left join legal_changes i on i.id = a.legal_change_id and a.action = 'dismissed')`
              : sql<null>`null`,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(
            and(
              eq(sessions.tokenHash, tokenHash),
              eq(sessions.kind, 'member'),
              gt(sessions.expiresAt, sql`now()`),
              isNull(users.suspendedAt),
            ),
          );
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
        const [row] = await app.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              eq(sessions.tokenHash, hashToken(adminToken)),
              eq(sessions.kind, 'admin'),
              gt(sessions.expiresAt, sql`now()`),
            ),
          );
        request.isAdmin = Boolean(row);
        request.adminSessionId = row?.id ?? null;
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
        sessionBus.emit('changed');
      done();
    });
  },
  { name: 'session' },
);
