import { AppScopedKey } from '#server/cache/app-scoped';
import type { ProbeResult } from './outside-probes';

/** How long an outside service's probe answers for every System tab view that follows it. */
export const OUTSIDE_PROBE_TTL_MS = 60_000;

export interface CachedProbe extends ProbeResult {
  checkedAt: Date;
}

/**
 * The outside services' last probes, per app: a probe answers for OUTSIDE_PROBE_TTL_MS, and
 * views arriving while one runs wait for it, so the console polling (or many administrators at
 * once) costs each service at most one call a minute.
 */
export class ProbeCache {
  private readonly results = new Map<string, CachedProbe>();
  private readonly running = new Map<string, Promise<CachedProbe>>();

  constructor(private readonly ttlMs = OUTSIDE_PROBE_TTL_MS) {}

  get(name: string, probe: () => Promise<ProbeResult>, now = Date.now()): Promise<CachedProbe> {
    const known = this.results.get(name);
    if (known && now - known.checkedAt.getTime() < this.ttlMs) return Promise.resolve(known);
    let run = this.running.get(name);
    if (!run) {
      run = probe()
        .then((result) => ({ ...result, checkedAt: new Date() }))
        .then((result) => {
          this.results.set(name, result);
          return result;
        })
        .finally(() => this.running.delete(name));
      this.running.set(name, run);
    }
    return run;
  }
}

/** The app's probe cache (cache/app-scoped.ts). */
export const PROBE_CACHE = new AppScopedKey<ProbeCache>('health probes');
