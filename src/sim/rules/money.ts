import { parameterError } from '../errors.js';

/**
 * Amounts and dates of the money endpoints. The store keeps amounts as integers in the currency's
 * minor units, so sums and comparisons never meet binary floating point; the wire shows major
 * units (`12.5` is 12.50 USD). Pure functions: no store, no clock.
 */

/** ISO 4217 minor digits as the runtime's ICU knows them (USD 2, JPY 0, KWD 3); 2 for a code it does not know. */
export function currencyDigits(currency: string): number {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    return typeof digits === 'number' ? digits : 2;
  } catch {
    return 2;
  }
}


/**
 * A decimal text (`12.5`, `0.001`, `7`) or a number in major units, as integer minor units, or a
 * problem in the words of a parameter error (`has more decimals than USD allows (2)`). Numbers are
 * read through their shortest decimal form, so `0.1 + 0.2` is refused as `0.30000000000000004`
 * rather than rounded.
 */
export function toMinor(amount: number | string, currency: string): { minor: number } | { problem: string } {
  const digits = currencyDigits(currency);
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return { problem: 'must be a finite number' };
    text = plainDecimal(amount);
  } else {
    text = amount.trim();
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { problem: 'must be a decimal number in major units, such as 12.50' };
  const [, sign = '', whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) {
    return { problem: `has more decimals than ${currency} allows (${digits})` };
  }
  const minorText = `${whole}${significant.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  const magnitude = Number(minorText);
  if (!Number.isSafeInteger(magnitude)) return { problem: 'is too large' };
  return { minor: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

/** toMinor for a parameter that must be positive: the parameter error names it. */
export function positiveMinor(name: string, amount: number | string, currency: string): number {
  const result = toMinor(amount, currency);
  if ('problem' in result) throw parameterError(name, result.problem);
  if (result.minor <= 0) throw parameterError(name, 'must be positive');
  return result.minor;
}

/**
 * Minor units back to a major-unit number (`1250` USD → 12.5). Dividing two exact integers gives
 * the double nearest the decimal, the same double the decimal text parses to.
 */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** Minor units as a decimal text with all the currency's digits (`1250` USD → `12.50`, `5` JPY → `5`). */
export function formatMajor(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A number's shortest decimal form without an exponent (`1e-7` → `0.0000001`). */
function plainDecimal(value: number): string {
  const text = String(value);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign = '', lead = '', rest = '', power = '0'] = exponent;
  const mantissa = `${lead}${rest}`;
  const point = 1 + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${mantissa}`;
  if (point >= mantissa.length) return `${sign}${mantissa}${'0'.repeat(point - mantissa.length)}`;
  return `${sign}${mantissa.slice(0, point)}.${mantissa.slice(point)}`;
}

// dates

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A valid calendar date's midnight UTC, or NaN (`2026-02-30` is NaN, not 2 March). */
function utcDay(year: string, month: string, day: string): number {
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const date = new Date(ms);
  const real = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return real ? ms : Number.NaN;
}

/**
 * An ISO 8601 date-time with a zone (`2026-11-25T10:15:00Z`, `…+01:00`, `…+0100`, seconds and
 * fractions optional) as epoch milliseconds; undefined when it is not one.
 */
export function parseIsoDateTime(text: string): number | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, year = '', month = '', day = '', hour = '', minute = '', second = '0', fraction = '', zone = 'Z'] = match;
  const midnight = utcDay(year, month, day);
  if (Number.isNaN(midnight) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  const millis = fraction === '' ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  return midnight + ((Number(hour) * 60 + Number(minute)) * 60 + Number(second)) * 1000 + millis - offsetMinutes * 60_000;
}

/** Epoch milliseconds as the money records write time: ISO 8601 UTC with seconds (`2026-11-25T10:15:00Z`). */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Both ends included; an absent end is open. */
export interface CreatedRange {
  startMs?: number;
  endMs?: number;
}

/**
 * `createdStart` and `createdEnd` of the transaction and settlement lists: a date `yyyy-MM-dd` is
 * the whole UTC day (its first millisecond as a start, its last as an end), or an ISO 8601
 * date-time. Anything else, or an end before the start, is a parameter error naming the filter.
 */
export function parseCreatedRange(createdStart: string | undefined, createdEnd: string | undefined): CreatedRange {
  const range: CreatedRange = {};
  if (createdStart !== undefined) range.startMs = parseBound('createdStart', createdStart, 'start');
  if (createdEnd !== undefined) range.endMs = parseBound('createdEnd', createdEnd, 'end');
  if (range.startMs !== undefined && range.endMs !== undefined && range.endMs < range.startMs) {
    throw parameterError('createdEnd', `is before createdStart (${createdEnd} < ${createdStart})`);
  }
  return range;
}

function parseBound(name: string, text: string, end: 'start' | 'end'): number {
  const date = DATE.exec(text.trim());
  if (date) {
    const [, year = '', month = '', day = ''] = date;
    const midnight = utcDay(year, month, day);
    if (!Number.isNaN(midnight)) return end === 'start' ? midnight : midnight + DAY_MS - 1;
  } else {
    const ms = parseIsoDateTime(text);
    if (ms !== undefined) return ms;
  }
  throw parameterError(name, `must be a date yyyy-MM-dd or an ISO 8601 date-time, got "${text}"`);
}

/** Whether an ISO timestamp (`createdAt` of a record) lies in the range. */
export function inCreatedRange(range: CreatedRange, createdAt: string): boolean {
  const ms = Date.parse(createdAt);
  if (range.startMs !== undefined && ms < range.startMs) return false;
  if (range.endMs !== undefined && ms > range.endMs) return false;
  return true;
}
