import { describe, expect, it } from 'vitest';
import { formatAmount, fromMinor, minorDigits, toMinor } from '../../src/impact/money.js';
import { windowInWords, windowStart } from '../../src/impact/window.js';

describe('impact window', () => {
  it('names and places the window', () => {
    expect(windowInWords('30d')).toBe('30 days');
    expect(windowInWords('1h')).toBe('1 hour');
    expect(windowStart({ text: '1d', ms: 86_400_000 }, new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });
});

describe('amounts in minor units', () => {
  it('knows each currency\'s minor digits, two for a code Intl refuses', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('not a code')).toBe(2);
  });

  it('sums without floating-point drift', () => {
    expect(fromMinor(toMinor(0.1, 'USD') + toMinor(0.2, 'USD'), 'USD')).toBe(0.3);
    expect(toMinor(1200.4, 'JPY')).toBe(1200);
  });

  it('formats with the code and the currency\'s digits', () => {
    expect(formatAmount(18220.5, 'USD')).toBe('USD 18,220.50');
    expect(formatAmount(1200, 'JPY')).toBe('JPY 1,200');
    expect(formatAmount(1.5, 'KWD')).toBe('KWD 1.500');
  });
});
