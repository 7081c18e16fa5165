/**
 * ISO 4217 numeric codes and minor units of the currencies a manifest may name (the alphabetic
 * codes of manifest/iso-codes.ts, currencies in circulation), from the currency-codes package (ISO 4217 List One). The few
 * codes a manifest accepts that List One no longer (or not yet) carries are added here: HRK
 * (withdrawn 2023), SLL (2024) and ZWL (2024) from List Three, XCG (amendment 176, 2025), each with
 * its numeric code and minor units as ISO published them.
 */
import currencyCodes from 'currency-codes';
import { ISO_4217_CURRENCIES } from '../manifest/iso-codes.js';

export interface CurrencyFacts {
  readonly code: string;
  /** Three digits, as ISO 4217 writes it: `840`. */
  readonly numeric: string;
  /** Digits after the decimal point: 2 for USD, 0 for JPY, 3 for BHD. */
  readonly minorUnits: number;
}

const OUTSIDE_LIST_ONE: readonly CurrencyFacts[] = [
  { code: 'HRK', numeric: '191', minorUnits: 2 },
  { code: 'SLL', numeric: '694', minorUnits: 2 },
  { code: 'ZWL', numeric: '932', minorUnits: 2 },
  { code: 'XCG', numeric: '532', minorUnits: 2 },
];

/**
 * Only the currencies a manifest may name: funds, precious metals, the testing code (XTS, 963) and
 * "no currency" (XXX, 999) are codes of ISO 4217 in which no payment is made.
 */
const PAYABLE: ReadonlySet<string> = new Set(ISO_4217_CURRENCIES);
const BY_CODE = new Map<string, CurrencyFacts>();
const BY_NUMERIC = new Map<string, CurrencyFacts>();
for (const facts of [...currencyCodes.data.map((entry) => ({ code: entry.code, numeric: entry.number, minorUnits: entry.digits })), ...OUTSIDE_LIST_ONE]) {
  if (!PAYABLE.has(facts.code) || BY_CODE.has(facts.code)) continue;
  BY_CODE.set(facts.code, facts);
  // ANG and XCG share 532: the first listed keeps it.
  if (!BY_NUMERIC.has(facts.numeric)) BY_NUMERIC.set(facts.numeric, facts);
}

/** The facts of an alphabetic code (`USD`), or undefined when ISO 4217 has none. */
export function currencyByCode(code: string): CurrencyFacts | undefined {
  return BY_CODE.get(code);
}

/** The currency of a numeric code, written with any number of leading zeros (`840`, `0840`), or undefined. */
export function currencyByNumeric(numeric: string): CurrencyFacts | undefined {
  if (!/^\d{1,4}$/.test(numeric)) return undefined;
  return BY_NUMERIC.get(numeric.padStart(4, '0').slice(1));
}

/** An amount in minor units as the currency writes it: `100000` USD → `1000.00 USD`, `500` JPY → `500 JPY`. */
export function formatMinorUnits(minor: bigint, currency: CurrencyFacts): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(currency.minorUnits + 1, '0');
  const whole = currency.minorUnits === 0 ? digits : `${digits.slice(0, -currency.minorUnits)}.${digits.slice(-currency.minorUnits)}`;
  return `${negative ? '-' : ''}${whole} ${currency.code}`;
}
