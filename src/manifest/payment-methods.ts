/**
 * Payment method codes: the one list every stage (manifest, planner, simulator) agrees on.
 *
 * Card codes are two-digit strings `01`..`06` (API reference 01 §2.5). QR codes are letters and
 * digits, not fixed width (`A1`..`A3`, `B1`..`B3`, `C1`..`C16`), taken from the service's public
 * documentation (see DESIGN.md). YAML reads an unquoted `01` as the number 1, so `1`, `"1"` and
 * `"01"` all mean card method 01.
 */

export const CARD_METHOD_CODES = ['01', '02', '03', '04', '05', '06'] as const;

export const QR_METHOD_CODES = [
  'A1', 'A2', 'A3',
  'B1', 'B2', 'B3',
  'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10', 'C11', 'C12', 'C13', 'C14', 'C15', 'C16',
] as const;

export type CardMethodCode = (typeof CARD_METHOD_CODES)[number];
export type QrMethodCode = (typeof QR_METHOD_CODES)[number];
export type PaymentMethodCode = CardMethodCode | QrMethodCode;

/** The acquirer profile type a method belongs to; it matches the API's `acqType` values. */
export type PaymentMethodType = 'card' | 'qr';

const typeByCode: ReadonlyMap<string, PaymentMethodType> = new Map<string, PaymentMethodType>([
  ...CARD_METHOD_CODES.map((code) => [code, 'card'] as const),
  ...QR_METHOD_CODES.map((code) => [code, 'qr'] as const),
]);

/** Every code as written in a manifest: canonical codes plus the one-digit spellings of card codes. */
export const ACCEPTED_METHOD_CODE_SPELLINGS: readonly string[] = [
  ...CARD_METHOD_CODES,
  ...CARD_METHOD_CODES.map((code) => String(Number(code))),
  ...QR_METHOD_CODES,
];

/** Card codes as YAML numbers (`01` unquoted is the integer 1). */
export const NUMERIC_CARD_METHOD_CODES: readonly number[] = CARD_METHOD_CODES.map(Number);

/**
 * The canonical code for a code as written (`1`, `"1"`, `"01"` → `"01"`; `"C7"` → `"C7"`), or
 * undefined when it is not a known payment method code.
 */
export function normalisePaymentMethodCode(input: string | number): PaymentMethodCode | undefined {
  const text = typeof input === 'number' ? (Number.isInteger(input) ? String(input) : '') : input;
  const candidate = /^\d$/.test(text) ? `0${text}` : text;
  return typeByCode.has(candidate) ? (candidate as PaymentMethodCode) : undefined;
}

export function isPaymentMethodCode(code: string): code is PaymentMethodCode {
  return typeByCode.has(code);
}

/** `card` or `qr` for a canonical code; undefined for an unknown code. */
export function paymentMethodType(code: string): PaymentMethodType | undefined {
  return typeByCode.get(code);
}

/** Human summary of the valid codes, for error messages. */
export const METHOD_CODES_HINT = 'card codes are 01..06; QR codes are A1..A3, B1..B3 and C1..C16';
