/** Locale-aware formatting; never hand-built strings. */

const currencyFormatters = new Map<string, Intl.NumberFormat>();

/** Whole pounds, e.g. £15, in the interface language's conventions. */
export function formatPounds(amount: number, locale: string): string {
  const key = locale;
  let formatter = currencyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'GBP',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    currencyFormatters.set(key, formatter);
  }
  return formatter.format(amount);
}
