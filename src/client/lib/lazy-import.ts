import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded chunk could not be fetched (offline, or a deploy replaced the files). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'A part of the page could not be loaded.', { cause });
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

export type LazyComponent<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Starts fetching the chunk ahead of rendering (e.g. on hover or focus); never rejects. */
  preload: () => void;
  /** Loads the chunk; resolves once it is there (before hydrating a page rendered at build time). */
  load: () => Promise<unknown>;
};

/**
 * `React.lazy` whose load failure is a `ChunkLoadError` (the error boundary offers a reload for
 * it) and which can be preloaded. A failed preload is forgotten, so rendering tries again.
 */
export function lazyImport<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyComponent<T> {
  let pending: Promise<{ default: T }> | null = null;
  const loadOnce = () => {
    pending ??= load().catch((cause: unknown) => {
      pending = null;
      throw new ChunkLoadError(cause);
    });
    return pending;
  };
  return Object.assign(lazy(loadOnce), {
    preload: () => {
      loadOnce().catch(() => undefined);
    },
    load: loadOnce,
  });
}
