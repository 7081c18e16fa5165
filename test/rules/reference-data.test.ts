/**
 * The reference data: the method-to-network table, its prefixes, and the ISO lists the rules read.
 */
import { describe, expect, it } from 'vitest';
import { CARD_METHOD_CODES } from '../../src/manifest/payment-methods.js';
import { ISO_4217_CURRENCIES } from '../../src/manifest/iso-codes.js';
import {
  alpha2OfNumeric,
  CARD_NETWORKS,
  currencyByCode,
  currencyByNumeric,
  formatMinorUnits,
  merchantCategory,
  MERCHANT_CATEGORY_COUNT,
  networkOfAid,
  networkOfMethod,
  numericOfAlpha2,
  panOfNetwork,
} from '../../src/reference-data/index.js';

describe('the card networks', () => {
  it('are the service\'s table: 01 Visa, 02 Mastercard, 03 UnionPay, 04 American Express, 05 Discover, 06 JCB', () => {
    expect(CARD_METHOD_CODES.map((code) => networkOfMethod(code)?.name)).toEqual(['Visa', 'Mastercard', 'UnionPay', 'American Express', 'Discover', 'JCB']);
    expect(networkOfMethod('A1')).toBeUndefined();
  });

  it('name each RID once, in capitals, 10 hex digits; an AID is found by its RID in any case', () => {
    const rids = CARD_NETWORKS.flatMap((network) => network.rids);
    expect(new Set(rids).size).toBe(rids.length);
    for (const rid of rids) expect(rid).toMatch(/^A[0-9A-F]{9}$/);
    expect(networkOfAid('a0000000031010')?.name).toBe('Visa');
    expect(networkOfAid('A0000000043060')?.name).toBe('Mastercard');
    expect(networkOfAid('A000000333010101')?.name).toBe('UnionPay');
    expect(networkOfAid('A00000002501')?.name).toBe('American Express');
    expect(networkOfAid('A0000001523010')?.name).toBe('Discover');
    expect(networkOfAid('A0000003241010')?.name).toBe('Discover');
    expect(networkOfAid('A0000000651010')?.name).toBe('JCB');
    expect(networkOfAid('A0000000421010')).toBeUndefined();
  });

  it("each sample IIN (the simulator's card numbers) is one of its own network's and no other's", () => {
    for (const network of CARD_NETWORKS) {
      expect(network.sampleIin, network.name).toMatch(/^\d{6}$/);
      expect(CARD_NETWORKS.filter((other) => panOfNetwork(network.sampleIin, other)).map((n) => n.name), network.name).toEqual([network.name]);
    }
    const mastercard = networkOfMethod('02')!;
    expect(panOfNetwork('222100', mastercard)).toBe(true);
    expect(panOfNetwork('272100', mastercard)).toBe(false);
  });
});

describe('ISO 4217 and ISO 3166-1', () => {
  it('give every currency a manifest may name its numeric code and minor units', () => {
    for (const code of ISO_4217_CURRENCIES) expect(currencyByCode(code), code).toBeDefined();
    expect(currencyByCode('USD')).toEqual({ code: 'USD', numeric: '840', minorUnits: 2 });
    expect(currencyByCode('JPY')?.minorUnits).toBe(0);
    expect(currencyByCode('BHD')?.minorUnits).toBe(3);
    expect(currencyByNumeric('0978')?.code).toBe('EUR');
    // No payment is made in "no currency", the testing code, or gold.
    for (const numeric of ['0999', '0963', '0959']) expect(currencyByNumeric(numeric), numeric).toBeUndefined();
  });

  it('format amounts in minor units', () => {
    expect(formatMinorUnits(100000n, currencyByCode('USD')!)).toBe('1000.00 USD');
    expect(formatMinorUnits(5n, currencyByCode('USD')!)).toBe('0.05 USD');
    expect(formatMinorUnits(500n, currencyByCode('JPY')!)).toBe('500 JPY');
    expect(formatMinorUnits(1n, currencyByCode('KWD')!)).toBe('0.001 KWD');
  });

  it('map alpha-2 and numeric codes both ways', () => {
    expect(numericOfAlpha2('US')).toBe('840');
    expect(alpha2OfNumeric('0840')).toBe('US');
    expect(alpha2OfNumeric('0826')).toBe('GB');
    expect(alpha2OfNumeric('0999')).toBeUndefined();
  });
});

describe('ISO 18245', () => {
  it('ships the list with descriptions', () => {
    expect(MERCHANT_CATEGORY_COUNT).toBe(981);
    expect(merchantCategory('5814')).toBe('Fast Food Restaurants');
    expect(merchantCategory('5411')).toBe('Grocery Stores, Supermarkets');
    expect(merchantCategory('5841')).toBeUndefined();
  });
});
