/**
 * Text messages: how many segments (billed units) a text takes, and fitting a text into a
 * segment budget. A text whose every character is in the GSM 03.38 alphabet travels as GSM-7:
 * 160 characters in one segment, 153 in each of several (the extension characters `^{}\[~]|€`
 * take two). Any other character (Japanese, Chinese, Korean, Arabic, Russian, but also `…` or
 * `→`) sends the whole text as UCS-2: 70 UTF-16 units in one segment, 67 in each of several.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSize {
  encoding: SmsEncoding;
  /** septets (GSM-7) or UTF-16 code units (UCS-2) */
  units: number;
  segments: number;
}

/**
 * A PostgreSQL regular expression matching texts written only in the GSM-7 alphabet (for
 * counting one-segment texts in SQL: GSM-7 up to 160 characters, else up to 70).
 */
export const GSM7_SQL_PATTERN = `^[]${[...GSM_BASIC, ...GSM_EXTENSION]
  .filter((c) => !']\\^-'.includes(c))
  .join('')}\\\\^-]*$`;

export const isGsm7 = (text: string): boolean => [...text].every((c) => BASIC.has(c) || EXTENSION.has(c));

/**
 * The segments of a text, split as the network splits it: a GSM-7 escape pair or a UTF-16
 * surrogate pair is never cut between two segments.
 */
export function smsSize(text: string): SmsSize {
  const gsm = isGsm7(text);
  // the width of each character in units
  const widths = gsm ? [...text].map((c) => (EXTENSION.has(c) ? 2 : 1)) : [...text].map((c) => c.length); // astral characters are two UTF-16 units
  const units = widths.reduce((a, b) => a + b, 0);
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  if (units <= single) return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments: units ? 1 : 0 };
  let segments = 1;
  let used = 0;
  for (const w of widths) {
    if (used + w > part) {
      segments++;
      used = 0;
    }
    used += w;
  }
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments };
}

export const smsSegments = (text: string): number => smsSize(text).segments;

/**
 * Typographic characters with a GSM-7 look-alike. A text that is GSM-7 but for these is sent
 * with the look-alikes, so one curly apostrophe or arrow does not more than double its cost.
 */
const LOOKALIKES: Record<string, string> = {
  '…': '...',
  '→': '->',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '\u00a0': ' ',
  '\u202f': ' ',
};

export function gsmFriendly(text: string): string {
  const swapped = text.replace(/[…→‘’“”–—\u00a0\u202f]/g, (c) => LOOKALIKES[c] ?? c);
  return isGsm7(swapped) ? swapped : text;
}

/** At most `max` characters (whole code points), with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

/**
 * Fits a text with variable parts (a title, a message) into `maxSegments` for its encoding:
 * `render` builds the text from the parts, and the parts are shortened, longest first, until
 * it fits (or they are down to a few characters each).
 */
export function fitSms(
  render: (parts: string[]) => string,
  parts: string[],
  maxSegments: { gsm: number; ucs2: number },
): string {
  const current = [...parts];
  for (let round = 0; round < 200; round++) {
    const text = gsmFriendly(render(current));
    const size = smsSize(text);
    const limit = size.encoding === 'GSM-7' ? maxSegments.gsm : maxSegments.ucs2;
    if (size.segments <= limit) return text;
    const lengths = current.map((p) => [...p].length);
    const longest = lengths.indexOf(Math.max(...lengths));
    if (lengths[longest]! <= 8) return text;
    const perSegment = size.encoding === 'GSM-7' ? 153 : 67;
    const over = Math.max(1, size.units - limit * perSegment);
    current[longest] = shorten(current[longest]!, Math.max(8, lengths[longest]! - over));
  }
  return gsmFriendly(render(current));
}
