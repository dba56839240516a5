import { createServer } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAppCaches } from './app-caches';
import type { AppBuildDeps, AppDeps, RegisteredRoute } from './app-types';
import { trackInFlight } from './http/in-flight';
import { serializerCompiler } from './http/serializer';
import { errorsPlugin } from './plugins/errors';
import { formatWait, tooManyRequests } from './http/errors';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { machineAnswerHeaders, securityPlugin } from './plugins/security';
import { healthCheck, rawHealthHandler } from './modules/health/health.routes';
import { requestIdFrom } from './lib/request-id';
import { loadSecrets } from './lib/secrets';
import { sessionPlugin } from './plugins/session';
import { staticClientPlugin } from './plugins/static-client';
import { registerRoutes } from './routes';

const SECRET_PARAMS = /([?&](?:token|code|password|key|secret)=)[^&#]*/gi;
/** logger levels at which each request is logged */
const LOGS_INFO = new Set(['info', 'debug', 'trace']);

function trustProxySetting(value: string): boolean | string | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value.includes(',') ? value.split(',').map((v) => v.trim()) : value;
}

/** A URL fit for the logs: values of token-like query parameters are removed. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.sessionToken',
  '*.verificationCode',
  '*.code',
];

/** Builds the HTTP app. It never listens: main.ts does, and tests call `inject`. */
export async function buildApp(
  given: AppBuildDeps,
  opts: { loggerInstance?: FastifyServerOptions['loggerInstance'] } = {},
) {
  const { config } = given;
  const hsts = config.appUrl.startsWith('https://');
  const health = healthCheck(given);
  const fastHealth = rawHealthHandler(health, machineAnswerHeaders({ hsts }));
  let closing = false;
  const app = Fastify({
    // an anonymous GET /api/health is answered by the server before the framework's routing and
    // hooks (load balancers poll it hard); while the app closes, the framework answers it (503)
    serverFactory: (handler, options) => {
      const server = createServer((req, res) => {
        // only an anonymous check (a load balancer's) is answered here (see rawHealthHandler)
        if (closing || req.method !== 'GET' || req.url !== '/api/health' || !fastHealth(req, res))
          handler(req, res);
      });
      // what the framework sets on a server of its own
      const set = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      server.keepAliveTimeout = set.keepAliveTimeout ?? 72_000;
      server.requestTimeout = set.requestTimeout ?? 0;
      server.setTimeout(set.connectionTimeout ?? 0);
      return server;
    },
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: { level: config.LOG_LEVEL, redact: { paths: redactPaths, censor: '[redacted]' } } }),
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    // requests are logged by the hook below, with secrets in query strings redacted
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 256 * 1024,
    genReqId: (req) => {
      return requestIdFrom(req.headers['x-request-id']);
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // addresses the router cannot read (a malformed %-escape, a parameter too long) answer in
    // the error shape of every other error, not Fastify's own
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as unknown as FastifyReply)
        .code(tooLong ? 414 : 400)
        .header('x-request-id', request.id)
        .send({
          error: tooLong
            ? { code: 'url_too_long', message: 'A part of this address is too long.' }
            : { code: 'bad_url', message: 'This address is not valid: it has a malformed %-escape.' },
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // every cache of this app, made here unless given (so that no two apps share one), and its
  // secrets, read once (main.ts reads them for the process and passes them in)
  const deps: AppDeps = {
    ...given,
    caches: given.caches ?? createAppCaches(given),
    secrets: given.secrets ?? loadSecrets(config, app.log),
  };
  app.decorate('deps', deps);
  app.decorate('db', deps.database.db);
  app.decorate('caches', deps.caches);
  app.decorate('secrets', deps.secrets);
  // before any route: a graceful stop waits for the handlers still running (see main.ts)
  app.decorate('inFlight', trackInFlight(app));
  // every route as registered (the route fuzz test covers each, so a new route is covered too)
  const routeTable: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url ?? route.path });
  });
  app.decorate('routeTable', routeTable);
  // hooks on every request take a callback: no promise or extra tick each
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (LOGS_INFO.has(request.log.level)) {
      request.log.info(
        {
          req: { method: request.method, url: redactUrl(request.url) },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    }
    done();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { hsts });
  await app.register(cookie);
  await app.register(sessionPlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  // counted in the database: every web process shares the same limits
  const rateLimitStore = databaseRateLimitStore(deps.database.pool, app.log);
  app.addHook('onClose', async () => rateLimitStore.close());
  await app.register(rateLimit, {
    global: true,
    store: rateLimitStore.Store,
    // with the database unreachable the request goes on (and answers its own error)
    skipOnError: true,
    max: config.API_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    // a request whose client has already gone has no address left (request.ip is undefined)
    keyGenerator: (request) => request.ip ?? 'disconnected',
    // an AppError, so the error plugin answers it in the reader's language
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return Object.assign(
        tooManyRequests(
          seconds,
          `Too many requests. Please wait ${formatWait(seconds)} and try again.`,
        ).localized('errors.tooManyRequests', { waitSeconds: seconds }),
        { statusCode: 429 },
      );
    },
  });

  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  await registerRoutes(app, { health });
  await app.register(staticClientPlugin, { root: deps.clientRoot });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
