/**
 * Value canonicalisation shared by desired and live state, so that the diff compares like with like.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy with object keys sorted at every level, so JSON text and patches do not depend on key order. */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeys) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = value[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out as T;
  }
  return value;
}

/** JSON text with sorted keys: stable across runs and across the service's re-serialisation. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/**
 * EMV parameters travel inside JSON strings and the service is loose about their numbers
 * (`clFloorLimit: 0` and `"0"` mean the same to a terminal), so numbers compare by their text.
 * Booleans and null keep their type: `true` and `"true"` are different values (the diff's 'text' rule).
 */
export function scalarsAsText(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(scalarsAsText);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scalarsAsText(v);
    return out;
  }
  return value;
}

/**
 * The network names the legacy API answers for the card codes (issue 30's table: the public client
 * sends `VISA`, `MASTERCARD`; document 2's `netD` is network D, code 04, which the real docs name
 * `amex`). Every other code (QR `A1`..`C16`, `07` and up, unknown ones) is named by itself. The
 * current API's own `paymentMethodName` answers (`NETWORK_A`..) are not these and are never read.
 */
export const LEGACY_METHOD_NAMES: Readonly<Record<string, string>> = {
  '01': 'VISA',
  '02': 'MASTERCARD',
  '03': 'UNIONPAY',
  '04': 'AMEX',
  '05': 'JCB',
  '06': 'DISCOVER',
};

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(LEGACY_METHOD_NAMES).map(([code, name]) => [name, code]));

/** A code as the service writes one: letters and digits, two or three of them (unknown ones included). */
const CODE_FORM = /^[0-9A-Z]{2,3}$/;

/**
 * The codes as written → canonical, so that each code is one string however many devices and
 * bindings list it (120,000 lists at 10,000 merchants). Bounded: codes are few, but input is input.
 */
const canonicalCodes = new Map<string, string>();
const MAX_CANONICAL_CODES = 256;

/**
 * Payment method codes are two-digit strings on the wire (`"01"`), but YAML reads `01` as the
 * number 1 and some records carry numbers: both normalise to the two-digit string. QR codes
 * (`A1`, `C16`) are letters and digits and only get upper-cased. A network name the legacy API
 * answers (`VISA`, any case) is its code; any other name is kept as written (trimmed), so that an
 * answer naming a method paycfg does not know reads, plans and exports as it is.
 */
export function canonicalMethodCode(code: string | number): string {
  const written = String(code);
  let canonical = canonicalCodes.get(written);
  if (canonical === undefined) {
    canonical = canonicalOf(written.trim());
    if (canonicalCodes.size < MAX_CANONICAL_CODES) canonicalCodes.set(written, canonical);
  }
  return canonical;
}

function canonicalOf(text: string): string {
  if (/^\d+$/.test(text)) return text.padStart(2, '0');
  const upper = text.toUpperCase();
  const named = CODE_BY_NAME.get(upper);
  if (named !== undefined) return named;
  // Letter case was never part of a code: `a1` is QR code A1, as before names were read.
  return CODE_FORM.test(upper) ? upper : text;
}
