/** Descriptions longer than this get the longer preview. */
export const LONG_DESCRIPTION = 300;
export const SHORT_PREVIEW = 120;
export const LONG_PREVIEW = 180;

/** How many characters of a description a list shows: 120, or 180 when the full text is over 300. */
export function previewLength(fullLength: number): number {
  return fullLength > LONG_DESCRIPTION ? LONG_PREVIEW : SHORT_PREVIEW;
}

/**
 * A list preview of a description: at most `previewLength(fullLength)` characters, followed by
 * an ellipsis when anything was cut. `fullLength` is the length of the whole description (the
 * server may send a shortened text), defaulting to the text's own length.
 */
export function truncateDescription(text: string | null | undefined, fullLength?: number): string {
  if (!text) return '';
  const clean = text.trim();
  const total = Math.max(fullLength ?? 0, clean.length);
  const max = previewLength(total);
  if (clean.length <= max && total <= clean.length) return clean;
  if (clean.length <= max) return `${clean}…`;
  const cut = Array.from(clean).slice(0, max).join('').trimEnd();
  return `${cut}…`;
}
