/**
 * How the rules read the values of EMV parameters: amounts in minor units (a whole number, or its
 * digits as text, as the service takes both), and hexadecimal fields.
 */

const DIGITS = /^\d+$/;
const HEX = /^[0-9A-Fa-f]+$/;

/** A whole number of minor units: a non-negative integer, or a string of digits. Undefined for anything else. */
export function minorUnits(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  if (typeof value === 'string' && DIGITS.test(value)) return BigInt(value);
  return undefined;
}

export function isHex(text: string): boolean {
  return HEX.test(text);
}

export function isDigits(text: string): boolean {
  return DIGITS.test(text);
}
