import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const probe = databaseProbe(app.db);
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
      const { config, jobs, dataNotes } = app.deps;
      const { up, latencyMs } = await probe();
      const mode = config.embeddedDatabase ? 'embedded' : 'postgres';
      const jobStatus = jobs ? jobs.state() : config.ROLE === 'web' ? 'in-worker-processes' : 'not-started';
      const ok = up && (jobs === null || jobStatus === 'running');
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: ok ? 'ok' : 'degraded',
          uptimeSeconds: Math.round(process.uptime()),
          database: { status: up ? 'up' : 'down', mode, latencyMs },
          jobs: { status: jobStatus },
          notes: dataNotes ?? [],
        });
    },
  );
};
