/**
 * Member accounts: sign-up with an emailed code, sign-in, sign-out, the current member, their
 * sessions, password reset and the /api/login redirect. Handlers: validate → guard → service →
 * present.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOnly, requireUser, SESSION_COOKIE } from '#server/plugins/session';
import {
  authMessageResponseSchema,
  currentUserSchema,
  forgotPasswordRequestSchema,
  loginRedirectQuerySchema,
  loginRequestSchema,
  loginResponseSchema,
  memberSessionsResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resendCodeRequestSchema,
  resetPasswordRequestSchema,
  sessionIdParamsSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '#shared/schemas/auth';
import { authContextOf, clearSessionCookie, requestMeta, setSessionCookie } from './auth.context';
import { presentCurrentUser, presentSession } from './auth.presenter';
import { currentUser, endSession, listSessions, login, logout } from './auth.service';
import { findCurrentUser } from './auth.queries';
import { safeRedirectPath } from '#shared/redirect';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { register, resendCode, verifyEmail } from './registration.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = authContextOf(app);
  const { config } = ctx;
  const signedInAnswer = async (
    session: { token: string; expiresAt: Date; userId: number },
    message: string,
  ) => {
    const user = await findCurrentUser(ctx.db, session.userId);
    return { sessionToken: session.token, message, user: presentCurrentUser(user!) };
  };

  app.post(
    '/api/auth/register',
    { schema: { body: registerRequestSchema, response: { 201: registerResponseSchema } } },
    async (request, reply) => reply.status(201).send(await register(ctx, request.body, requestMeta(request))),
  );

  app.post(
    '/api/auth/verify-email',
    { schema: { body: verifyEmailRequestSchema, response: { 200: verifyEmailResponseSchema } } },
    async (request, reply) => {
      const session = await verifyEmail(ctx, request.body, requestMeta(request));
      setSessionCookie(reply, config, session.token, false, session.expiresAt);
      return signedInAnswer(session, 'Your email address is verified. Welcome to Lexwatch!');
    },
  );

  app.post(
    '/api/auth/resend-code',
    { schema: { body: resendCodeRequestSchema, response: { 200: authMessageResponseSchema } } },
    async (request) => resendCode(ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/api/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const session = await login(ctx, request.body, requestMeta(request));
      setSessionCookie(reply, config, session.token, session.keepLoggedIn, session.expiresAt);
      return signedInAnswer(session, 'Login successful');
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: { 200: authMessageResponseSchema } } },
    async (request, reply) => {
      await logout(ctx, requestMeta(request), request.user);
      clearSessionCookie(reply, config);
      return { message: 'You have been logged out.' };
    },
  );

  app.get(
    '/api/auth/user',
    { onRequest: memberOnly, schema: { response: { 200: currentUserSchema } } },
    async (request) => presentCurrentUser(await currentUser(ctx, requireUser(request))),
  );

  app.get(
    '/api/auth/sessions',
    { onRequest: memberOnly, schema: { response: { 200: memberSessionsResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const rows = await listSessions(ctx, user);
      return { sessions: rows.map((row) => presentSession(row, user.sessionId)) };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      onRequest: memberOnly,
      schema: { params: sessionIdParamsSchema, response: { 200: authMessageResponseSchema } },
    },
    async (request, reply) => {
      const { endedCurrent } = await endSession(ctx, requireUser(request), request.params.id);
      if (endedCurrent) clearSessionCookie(reply, config);
      return { message: 'The session has been ended.' };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { schema: { body: forgotPasswordRequestSchema, response: { 200: authMessageResponseSchema } } },
    async (request) => requestPasswordReset(ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordRequestSchema, response: { 200: authMessageResponseSchema } } },
    async (request) => resetPassword(ctx, request.body, requestMeta(request)),
  );

  app.get('/api/login', { schema: { querystring: loginRedirectQuerySchema } }, async (request, reply) => {
    const target = safeRedirectPath(request.query.redirect);
    const query = new URLSearchParams({ action: 'signin', ...(target ? { redirect: target } : {}) });
    return reply.redirect(`/auth?${query.toString()}`, 302);
  });

  if (config.NODE_ENV === 'development') {
    // Development builds only: what the server makes of this request's session (for /auth-debug).
    app.get('/api/auth/debug', async (request) => ({
      authenticated: Boolean(request.user),
      via: request.user ? (request.cookies?.[SESSION_COOKIE] ? 'cookie' : 'bearer') : null,
      user: request.user ? { id: request.user.id, firstName: request.user.firstName } : null,
    }));
  }
};
