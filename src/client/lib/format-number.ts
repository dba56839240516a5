/**
 * The number part of the formatting module (`./format`), in a file of its own so that what shows
 * only prices or counts (the public pages, the notification badge of every member page) does
 * not load the date code. Screens import from `./format`.
 */

/** The `Intl` locale of an interface language: English uses the spec's month-first medium date. */
export function intlLocale(language: string): string {
  return language === 'en' || language.startsWith('en-') ? 'en-US' : language;
}

const formats = new Map<string, Intl.NumberFormat>();

/** A cached `Intl.NumberFormat` of an `Intl` locale. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A number in the interface language's form: '1,234' (en), '1.234' (es). */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(intlLocale(language), options).format(value);
}

/** Pounds in the interface language's form: '£15', '15 £', '£ 15', with pence when asked ('£9.99'). */
export function formatPounds(amount: number, language: string, options?: { pence?: boolean }): string {
  const digits = options?.pence ? 2 : 0;
  const parts = numberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'GBP',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).formatToParts(amount);
  // the plain £ everywhere: Arabic's 'UK£' splits into '£UK' in a right-to-left line
  return parts.map((part) => (part.type === 'currency' ? '£' : part.value)).join('');
}
