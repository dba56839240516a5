/**
 * One run per key at a time: callers asking for a key whose run is under way share that run's
 * promise instead of starting their own. Nothing is kept once a run has settled.
 */
export class InFlightRuns<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  /** The run under way for `key`, or a new one made by `start`. */
  run(key: K, start: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (running) return running;
    const started = start().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  get size(): number {
    return this.running.size;
  }
}
