/**
 * Amounts in a currency's own precision. Settlement totals arrive in major units as floating-point
 * numbers; summed as they are, 0.1 + 0.2 drifts. So each is taken to whole minor units (cents, or
 * yen, or fils) first, summed as integers, and turned back once.
 */

const digitsCache = new Map<string, number>();

/** The minor digits of an ISO 4217 code, as Intl knows them (JPY 0, USD 2, KWD 3); 2 for a code Intl refuses. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** A major-unit amount in whole minor units of its currency. */
export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorDigits(currency));
}

/** Whole minor units back to major units. */
export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/**
 * `USD 18,220.50`, `JPY 1,200`: the code (never a symbol, which can be shared: `$` is many currencies),
 * then the amount grouped and with the currency's minor digits. A code Intl refuses keeps two digits.
 */
export function formatAmount(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  return `${currency} ${number}`;
}
