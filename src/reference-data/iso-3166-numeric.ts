/**
 * ISO 3166-1 numeric codes (UN M49), from the iso-3166 package: what a terminal's EMV parameters
 * write (tag 9F1A, `0840`) for the alpha-2 code a merchant's entry writes (`US`).
 */
import { iso31661 } from 'iso-3166';

const NUMERIC_BY_ALPHA2 = new Map<string, string>();
const ALPHA2_BY_NUMERIC = new Map<string, string>();
for (const entry of iso31661) {
  NUMERIC_BY_ALPHA2.set(entry.alpha2, entry.numeric);
  ALPHA2_BY_NUMERIC.set(entry.numeric, entry.alpha2);
}

/** The numeric code (three digits, `840`) of an alpha-2 code, or undefined. */
export function numericOfAlpha2(alpha2: string): string | undefined {
  return NUMERIC_BY_ALPHA2.get(alpha2);
}

/** The alpha-2 code of a numeric code written with any number of leading zeros (`840`, `0840`), or undefined when ISO 3166-1 assigns none. */
export function alpha2OfNumeric(numeric: string): string | undefined {
  if (!/^\d{1,4}$/.test(numeric)) return undefined;
  return ALPHA2_BY_NUMERIC.get(numeric.padStart(4, '0').slice(1));
}
