import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_METHOD_CODE_SPELLINGS,
  CARD_METHOD_CODES,
  QR_METHOD_CODES,
  normalisePaymentMethodCode,
  paymentMethodType,
} from '../../src/manifest/payment-methods.js';

describe('payment method codes', () => {
  it('normalises the number 1 and the strings "1" and "01" to "01"', () => {
    expect(normalisePaymentMethodCode(1)).toBe('01');
    expect(normalisePaymentMethodCode('1')).toBe('01');
    expect(normalisePaymentMethodCode('01')).toBe('01');
    expect(normalisePaymentMethodCode(6)).toBe('06');
  });

  it('keeps QR codes as written and rejects everything else', () => {
    expect(normalisePaymentMethodCode('C16')).toBe('C16');
    for (const bad of ['07', 7, 0, '00', 1.5, '001', 'a1', 'C17', 'D1', '', ' 01']) {
      expect(normalisePaymentMethodCode(bad), String(bad)).toBeUndefined();
    }
  });

  it('knows which acquirer type each code belongs to', () => {
    expect(CARD_METHOD_CODES.map(paymentMethodType)).toEqual(Array(6).fill('card'));
    expect(QR_METHOD_CODES.map(paymentMethodType)).toEqual(Array(22).fill('qr'));
    expect(paymentMethodType('07')).toBeUndefined();
  });

  it('accepts exactly the canonical codes plus one-digit card spellings', () => {
    expect(new Set(ACCEPTED_METHOD_CODE_SPELLINGS).size).toBe(6 + 6 + 22);
    for (const spelling of ACCEPTED_METHOD_CODE_SPELLINGS) expect(normalisePaymentMethodCode(spelling)).toBeDefined();
  });
});
