/**
 * What the accounts services work with: the database, configuration, secrets, the outbox sender
 * (kicked right after a message is queued, so a code arrives in well under a second) and a place
 * for work that must finish off the request path (forgot-password answers before it looks up
 * the account).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppScopedKey } from '#server/cache/app-scoped';
import type { Config } from '#server/config/config';
import type { Db } from '#server/db/client';
import type { Secrets } from '#server/lib/secrets';
import { createOutboxSender } from '#server/modules/outbox/outbox-sender';
import { hashPassword } from './passwords';
import { SESSION_COOKIE, sessionTokenOf, type SessionChanges } from '#server/plugins/session';

export interface AuthContext {
  db: Db;
  config: Config;
  secrets: Secrets;
  log: FastifyBaseLogger;
  /** this app's signal that member sessions may have ended (open streams re-check theirs) */
  sessionChanges: SessionChanges;
  kickOutbox(): void;
  /** runs a task after the answer; app close waits for it */
  background(name: string, task: () => Promise<void>): void;
  /** resolves once background tasks and the outbox sender are idle */
  settled(): Promise<void>;
  /** the stored form of the administrator password, made once per app */
  adminPasswordHash(): Promise<string>;
}

/** Who is asking: never logged as a whole (the token is secret). */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  acceptLanguage: string | null;
  /** the member session token the request carries, if any */
  presentedToken: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value.slice(0, 512) : null;
  };
  return {
    ip: request.ip,
    userAgent: header('user-agent'),
    acceptLanguage: header('accept-language'),
    presentedToken: sessionTokenOf(request),
  };
}

const AUTH_CONTEXT = new AppScopedKey<AuthContext>('auth context');

/** One context per app; creates the outbox sender when the app was built without one. */
export function authContextOf(app: FastifyInstance): AuthContext {
  return app.caches.appScoped.get(AUTH_CONTEXT, () => createAuthContext(app));
}

function createAuthContext(app: FastifyInstance): AuthContext {
  const root = app.deps;
  const { secrets } = app;
  let ownSender = false;
  if (!root.outboxSender) {
    root.outboxSender = createOutboxSender({ config: root.config, db: root.database.db, log: app.log });
    ownSender = true;
  }
  const sender = root.outboxSender;
  const running = new Set<Promise<void>>();
  let adminHash: Promise<string> | null = null;
  const ctx: AuthContext = {
    db: root.database.db,
    config: root.config,
    secrets,
    log: app.log,
    sessionChanges: app.caches.sessionChanges,
    kickOutbox: () => sender.kick(),
    background(name, task) {
      const promise = task()
        .catch((error) => app.log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
      await sender.idle();
    },
    adminPasswordHash: () => (adminHash ??= hashPassword(secrets.adminPassword)),
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
    if (ownSender) await sender.close();
  });
  return ctx;
}

const SECURE = (config: Config) => config.appUrl.startsWith('https://');

/** The member session cookie: HttpOnly, SameSite=Lax; a browser-session cookie unless "stay logged in". */
export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  keepLoggedIn: boolean,
  expiresAt: Date,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: SECURE(config),
    path: '/',
    ...(keepLoggedIn ? { maxAge: Math.round((expiresAt.getTime() - Date.now()) / 1000) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: SECURE(config), path: '/' });
}
