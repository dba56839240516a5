import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * The route handlers still running. A handler goes on after its client has gone (the server's
 * close already counts that connection as done), so a graceful stop waits for these too before
 * the database pool closes under them.
 */
export interface InFlight {
  readonly size: number;
  /** Resolves true when every handler running now has finished, false when `timeoutMs` passed first. */
  settled(timeoutMs: number): Promise<boolean>;
}

/** Wraps every route registered after this call (an onRoute hook), counting its running handlers. */
export function trackInFlight(app: FastifyInstance): InFlight {
  const running = new Set<Promise<void>>();
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        const done: Promise<void> = result.then(
          () => void running.delete(done),
          () => void running.delete(done),
        );
        running.add(done);
      }
      return result;
    } as RouteHandlerMethod;
  });
  return {
    get size() {
      return running.size;
    },
    async settled(timeoutMs) {
      if (!running.size) return true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs));
      });
      const all = (async () => {
        while (running.size) await Promise.all([...running]);
        return true as const;
      })();
      const finished = await Promise.race([all, timeout]);
      clearTimeout(timer);
      return finished;
    },
  };
}
