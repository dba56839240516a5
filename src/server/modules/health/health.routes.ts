import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '#server/app-types';
import type { Db } from '#server/db/client';

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['up', 'down']),
    mode: z.enum(['embedded', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  jobs: z.object({ status: z.string() }),
  notes: z.array(z.string()),
});

/** How long one database probe answers for every health check that follows it. */
export const PROBE_FRESH_MS = 1000;

interface Probe {
  up: boolean;
  latencyMs: number | null;
  at: number;
}

/**
 * Database probes, shared: health checks arriving together wait for one `select 1`, and its
 * answer stands for PROBE_FRESH_MS. A monitor polling hard (or many at once) costs the
 * database one query a second, and a check never queues behind the pool's other work.
 */
function databaseProbe(db: Db): () => Promise<Probe> {
  let last: Probe | null = null;
  let running: Promise<Probe> | null = null;
  return () => {
    if (last && performance.now() - last.at < PROBE_FRESH_MS) return Promise.resolve(last);
    running ??= (async () => {
      const started = performance.now();
      try {
        await db.execute(sql`select 1`);
        return { up: true, latencyMs: Math.round(performance.now() - started), at: performance.now() };
      } catch {
        return { up: false, latencyMs: null, at: performance.now() };
      }
    })().then((probe) => {
      last = probe;
      running = null;
      return probe;
    });
    return running;
  };
}

export type HealthAnswer = { statusCode: 200 | 503; body: z.infer<typeof healthResponse> };

export interface HealthCheck {
  answer(): Promise<HealthAnswer>;
}

/** The health answer, from the shared database probe and the job queue's state. */
export function healthCheck(deps: Pick<AppDeps, 'config' | 'jobs' | 'dataNotes' | 'database'>): HealthCheck {
  const probe = databaseProbe(deps.database.db);
  return {
    async answer() {
      const { config, jobs, dataNotes } = deps;
      const { up, latencyMs } = await probe();
      const mode = config.embeddedDatabase ? 'embedded' : 'postgres';
      const jobStatus = jobs ? jobs.state() : config.ROLE === 'web' ? 'in-worker-processes' : 'not-started';
      const ok = up && (jobs === null || jobStatus === 'running');
      // keys in the response schema's order
      return {
        statusCode: ok ? 200 : 503,
        body: {
          status: ok ? 'ok' : 'degraded',
          uptimeSeconds: Math.round(process.uptime()),
          database: { status: up ? 'up' : 'down', mode, latencyMs },
          jobs: { status: jobStatus },
          notes: dataNotes ?? [],
        },
      };
    },
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * `GET /api/health` answered on the HTTP server itself, before the framework routes the request
 * or runs a hook: load balancers poll it hard. The same answer, status and headers as the route
 * below (security headers, no-store, the request id), which answers for everything else (HEAD,
 * requests injected in tests, and while the app is closing).
 */
export function rawHealthHandler(
  check: HealthCheck,
  securityHeaders: [string, string][],
): (req: IncomingMessage, res: ServerResponse) => void {
  const fail = (res: ServerResponse) => {
    if (!res.headersSent) res.writeHead(500);
    res.end();
  };
  return (req, res) => {
    check.answer().then(
      ({ statusCode, body }) => {
        const json = JSON.stringify(body);
        const incoming = req.headers['x-request-id'];
        for (const [name, value] of securityHeaders) res.setHeader(name, value);
        res.setHeader(
          'x-request-id',
          typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID(),
        );
        res.setHeader('cache-control', 'no-store');
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('content-length', Buffer.byteLength(json));
        res.writeHead(statusCode);
        res.end(json);
      },
      () => fail(res),
    );
  };
}

export const healthRoutes: FastifyPluginAsyncZod<{ check: HealthCheck }> = async (app, { check }) => {
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      // a small answer to a request without a body: nothing to compress either way, so no hooks for it
      compress: false,
      decompress: false,
      schema: { response: { 200: healthResponse, 503: healthResponse } },
    },
    async (_request, reply) => {
      const { statusCode, body } = await check.answer();
      return reply.status(statusCode).header('cache-control', 'no-store').send(body);
    },
  );
};
