/** Moved to sources/common/uk-time.ts; kept for modules that still import it from here. */
export * from '#server/sources/common/uk-time';
