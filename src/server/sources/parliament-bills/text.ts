/** Moved to sources/common/text.ts; kept for modules that still import it from here. */
export * from '#server/sources/common/text';
