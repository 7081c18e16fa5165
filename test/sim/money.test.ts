import { describe, expect, it } from 'vitest';
import { SimServiceError } from '../../src/sim/errors.js';
import {
  currencyDigits,
  formatMajor,
  inCreatedRange,
  isoSeconds,
  parseCreatedRange,
  parseIsoDateTime,
  positiveMinor,
  toMajor,
  toMinor,
} from '../../src/sim/rules/money.js';

function parameterMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SimServiceError);
    expect((error as SimServiceError).serviceCode).toBe(10000);
    return (error as Error).message;
  }
  throw new Error('expected a parameter error');
}

describe('currency minor digits', () => {
  it('follows ISO 4217 through ICU, 2 for a code it does not know', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('ZZZ')).toBe(2);
    expect(currencyDigits('not a code')).toBe(2);
  });
});

describe('major and minor units', () => {
  it('converts without floating-point error', () => {
    expect(toMinor(12.5, 'USD')).toEqual({ minor: 1250 });
    expect(toMinor(0.29, 'USD')).toEqual({ minor: 29 });
    expect(toMinor(1.005, 'KWD')).toEqual({ minor: 1005 });
    expect(toMinor(4.35, 'USD')).toEqual({ minor: 435 });
    expect(toMinor(1000, 'JPY')).toEqual({ minor: 1000 });
    expect(toMinor('19.90', 'EUR')).toEqual({ minor: 1990 });
    expect(toMinor('7', 'EUR')).toEqual({ minor: 700 });
    expect(toMinor(-3.2, 'EUR')).toEqual({ minor: -320 });
    expect(toMinor(1e21, 'EUR')).toEqual({ problem: 'is too large' });
  });

  it('refuses more decimals than the currency has, and what is not a decimal', () => {
    expect(toMinor(12.345, 'USD')).toEqual({ problem: 'has more decimals than USD allows (2)' });
    expect(toMinor(0.5, 'JPY')).toEqual({ problem: 'has more decimals than JPY allows (0)' });
    expect(toMinor(0.1 + 0.2, 'USD')).toEqual({ problem: 'has more decimals than USD allows (2)' });
    expect(toMinor(1e-7, 'USD')).toEqual({ problem: 'has more decimals than USD allows (2)' });
    expect(toMinor('12,50', 'USD')).toEqual({ problem: 'must be a decimal number in major units, such as 12.50' });
    expect(toMinor('', 'USD')).toHaveProperty('problem');
    expect(toMinor(Number.NaN, 'USD')).toEqual({ problem: 'must be a finite number' });
    // Trailing zeros are not decimals the currency lacks.
    expect(toMinor('5.000', 'USD')).toEqual({ minor: 500 });
  });

  it('positiveMinor names the parameter', () => {
    expect(positiveMinor('amount', 1.25, 'USD')).toBe(125);
    expect(parameterMessage(() => positiveMinor('amount', 0, 'USD'))).toBe('Parameters Error (amount must be positive)');
    expect(parameterMessage(() => positiveMinor('refundAmount', -1, 'USD'))).toBe('Parameters Error (refundAmount must be positive)');
    expect(parameterMessage(() => positiveMinor('amount', 1.001, 'USD'))).toBe('Parameters Error (amount has more decimals than USD allows (2))');
  });

  it('minor back to major is the number the decimal text parses to', () => {
    expect(toMajor(1250, 'USD')).toBe(12.5);
    expect(toMajor(29, 'USD')).toBe(0.29);
    expect(toMajor(1005, 'KWD')).toBe(1.005);
    expect(toMajor(1000, 'JPY')).toBe(1000);
    for (let minor = 0; minor < 2000; minor += 7) expect(toMajor(minor, 'USD')).toBe(Number(formatMajor(minor, 'USD')));
    expect(formatMajor(1250, 'USD')).toBe('12.50');
    expect(formatMajor(5, 'USD')).toBe('0.05');
    expect(formatMajor(5, 'JPY')).toBe('5');
    expect(formatMajor(-1005, 'KWD')).toBe('-1.005');
  });
});

describe('created ranges', () => {
  it('a date is the whole UTC day, both ends included', () => {
    const range = parseCreatedRange('2026-03-01', '2026-03-02');
    expect(range).toEqual({ startMs: Date.parse('2026-03-01T00:00:00Z'), endMs: Date.parse('2026-03-02T23:59:59.999Z') });
    expect(inCreatedRange(range, '2026-03-01T00:00:00Z')).toBe(true);
    expect(inCreatedRange(range, '2026-03-02T23:59:59Z')).toBe(true);
    expect(inCreatedRange(range, '2026-02-28T23:59:59Z')).toBe(false);
    expect(inCreatedRange(range, '2026-03-03T00:00:00Z')).toBe(false);
    expect(inCreatedRange(parseCreatedRange('2026-03-01', '2026-03-01'), '2026-03-01T18:00:00Z')).toBe(true);
  });

  it('takes ISO 8601 date-times with any zone form; open ends', () => {
    expect(parseCreatedRange('2026-03-01T10:00:00+01:00', undefined)).toEqual({ startMs: Date.parse('2026-03-01T09:00:00Z') });
    expect(parseCreatedRange(undefined, '2026-03-01T10:00:00+0000')).toEqual({ endMs: Date.parse('2026-03-01T10:00:00Z') });
    expect(parseCreatedRange(undefined, '2026-03-01T10:00Z')).toEqual({ endMs: Date.parse('2026-03-01T10:00:00Z') });
    expect(parseCreatedRange('2026-03-01T10:00:00.250Z', undefined)).toEqual({ startMs: Date.parse('2026-03-01T10:00:00.250Z') });
    expect(parseCreatedRange(undefined, undefined)).toEqual({});
    expect(inCreatedRange({}, '1999-01-01T00:00:00Z')).toBe(true);
  });

  it('refuses anything else, naming the filter', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '01/03/2026', '2026-03-01T10:00:00', '2026-03-01T25:00:00Z', 'yesterday', '2026-3-1']) {
      expect(parameterMessage(() => parseCreatedRange(bad, undefined))).toBe(
        `Parameters Error (createdStart must be a date yyyy-MM-dd or an ISO 8601 date-time, got "${bad}")`,
      );
    }
    expect(parameterMessage(() => parseCreatedRange(undefined, 'x'))).toMatch(/^Parameters Error \(createdEnd must be a date/);
    expect(parameterMessage(() => parseCreatedRange('2026-03-02', '2026-03-01'))).toBe(
      'Parameters Error (createdEnd is before createdStart (2026-03-01 < 2026-03-02))',
    );
  });

  it('date-times parse to the instant; isoSeconds writes the records\' form', () => {
    expect(parseIsoDateTime('2026-11-25T10:15:00Z')).toBe(Date.parse('2026-11-25T10:15:00Z'));
    expect(parseIsoDateTime('2026-11-25T10:15:00-05:30')).toBe(Date.parse('2026-11-25T15:45:00Z'));
    expect(parseIsoDateTime('2026-11-25')).toBeUndefined();
    expect(isoSeconds(Date.parse('2026-11-25T10:15:00.999Z'))).toBe('2026-11-25T10:15:00Z');
  });
});
