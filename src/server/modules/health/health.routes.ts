import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '#server/app-types';
import type { Db } from '#server/db/client';
import { requestIdFrom } from '#server/lib/request-id';
import { pingDatabase } from './health.queries';

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
/** The shared database probe: `fresh()` is the last result while it is fresh, else null. */
interface DatabaseProbe {
  (): Promise<Probe>;
  fresh(): Probe | null;
}

function databaseProbe(db: Db): DatabaseProbe {
  let last: Probe | null = null;
  let running: Promise<Probe> | null = null;
  const fresh = () => (last && performance.now() - last.at < PROBE_FRESH_MS ? last : null);
  const probe = () => {
    const known = fresh();
    if (known) return Promise.resolve(known);
    running ??= (async () => {
      const started = performance.now();
      try {
        await pingDatabase(db);
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
  return Object.assign(probe, { fresh });
}

export type HealthAnswer = { statusCode: 200 | 503; body: z.infer<typeof healthResponse> };

export interface HealthCheck {
  answer(): Promise<HealthAnswer>;
  /** the answer at once when the database probe is fresh (as it is between probes), else null */
  current(): HealthAnswer | null;
}

/** The health answer, from the shared database probe and the job queue's state. */
export function healthCheck(deps: Pick<AppDeps, 'config' | 'jobs' | 'dataNotes' | 'database'>): HealthCheck {
  const probe = databaseProbe(deps.database.db);
  // the same answer object while nothing in it changes (the fast path serializes it once)
  let last: { answer: HealthAnswer; probe: Probe; uptime: number; jobStatus: string } | null = null;
  const answerFor = (probed: Probe): HealthAnswer => {
    const { config, jobs, dataNotes } = deps;
    const { up, latencyMs } = probed;
    const mode = config.embeddedDatabase ? 'embedded' : 'postgres';
    // a web process only sends jobs: they run in the worker processes
    const web = config.ROLE === 'web';
    const jobStatus = web ? 'in-worker-processes' : jobs ? jobs.state() : 'not-started';
    const uptime = Math.round(process.uptime());
    if (last && last.probe === probed && last.uptime === uptime && last.jobStatus === jobStatus)
      return last.answer;
    const ok = up && (jobs === null || web || jobStatus === 'running');
    // keys in the response schema's order
    const answer: HealthAnswer = {
      statusCode: ok ? 200 : 503,
      body: {
        status: ok ? 'ok' : 'degraded',
        uptimeSeconds: uptime,
        database: { status: up ? 'up' : 'down', mode, latencyMs },
        jobs: { status: jobStatus },
        notes: dataNotes ?? [],
      },
    };
    last = { answer, probe: probed, uptime, jobStatus };
    return answer;
  };
  return {
    answer: async () => answerFor(await probe()),
    current() {
      const probed = probe.fresh();
      return probed ? answerFor(probed) : null;
    },
  };
}

/**
 * `GET /api/health` answered on the HTTP server itself, before the framework routes the request
 * or runs a hook: load balancers poll it hard. The same answer, status and headers as the route
 * below (security headers, no-store, the request id), which answers for everything else (HEAD,
 * requests injected in tests, and while the app is closing).
 *
 * The returned function answers an anonymous check and returns true; a check carrying a session
 * (an authorization header or a cookie) is left to the framework (false), to be answered as any
 * member request, its session read first.
 */
export function rawHealthHandler(
  check: HealthCheck,
  securityHeaders: [string, string][],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const fail = (res: ServerResponse) => {
    if (!res.headersSent) res.writeHead(500);
    res.end();
  };
  // the headers every answer carries, flat (name, value, ...), the request id and length last:
  // one array, its two values set for each answer (writeHead copies it before returning)
  const headers = [
    ...securityHeaders.flat(),
    'cache-control',
    'no-store',
    'content-type',
    'application/json; charset=utf-8',
    'x-request-id',
    '',
    'content-length',
    '',
  ];
  const ID = headers.length - 3;
  const LENGTH = headers.length - 1;
  // the last answer serialized: the same object until the probe or the uptime second changes
  let serialized: { body: HealthAnswer['body']; json: string; length: string } | null = null;
  const write = (
    res: ServerResponse,
    incomingId: string | string[] | undefined,
    { statusCode, body }: HealthAnswer,
  ) => {
    if (serialized?.body !== body) {
      const json = JSON.stringify(body);
      serialized = { body, json, length: String(Buffer.byteLength(json)) };
    }
    headers[ID] = requestIdFrom(incomingId);
    headers[LENGTH] = serialized.length;
    res.writeHead(statusCode, headers);
    res.end(serialized.json);
  };
  return (req, res) => {
    if (req.headers.authorization !== undefined || req.headers.cookie !== undefined) return false;
    const incomingId = req.headers['x-request-id'];
    // between probes the answer is known: written at once, with no promise to wait on
    const known = check.current();
    if (known) write(res, incomingId, known);
    else
      check.answer().then(
        (answer) => write(res, incomingId, answer),
        () => fail(res),
      );
    return true;
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
