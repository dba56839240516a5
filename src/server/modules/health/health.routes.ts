import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number(),
  database: z.object({ status: z.enum(['up', 'down']), mode: z.enum(['embedded', 'postgres']), latencyMs: z.number().nullable() }),
  jobs: z.object({ status: z.string() }),
  notes: z.array(z.string()),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { config: { rateLimit: false }, schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const { config, jobs, dataNotes } = app.deps;
      const started = performance.now();
      let database: z.infer<typeof healthResponse>['database'];
      try {
        await app.db.execute(sql`select 1`);
        database = { status: 'up', mode: config.embeddedDatabase ? 'embedded' : 'postgres', latencyMs: Math.round(performance.now() - started) };
      } catch {
        database = { status: 'down', mode: config.embeddedDatabase ? 'embedded' : 'postgres', latencyMs: null };
      }
      const jobStatus = jobs ? jobs.state() : config.ROLE === 'web' ? 'in-worker-processes' : 'not-started';
      const ok = database.status === 'up' && (jobs === null || jobStatus === 'running');
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        uptimeSeconds: Math.round(process.uptime()),
        database,
        jobs: { status: jobStatus },
        notes: dataNotes ?? [],
      });
    },
  );
};
