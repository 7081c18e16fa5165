import { describe, expect, it } from 'vitest';
import { secretSourceName, valueNameFor, ValueNames, wholeReference } from '../../src/export/against-names.js';

describe('names of the values the two-environment export writes', () => {
  it("reads as the record's kind, key and field", () => {
    expect(valueNameFor('acquirer/host-a', ['connUrl'])).toBe('ACQUIRER_HOST_A_CONN_URL');
    expect(valueNameFor('binding/cafe-001/host-a/USD', ['mid'])).toBe('BINDING_CAFE_001_HOST_A_USD_MID');
    expect(valueNameFor('device/cafe-001/till-1', ['acquirerFields', 'host-a', 'tid'])).toBe('DEVICE_CAFE_001_TILL_1_ACQUIRER_FIELDS_HOST_A_TID');
    expect(valueNameFor('emv/visa', ['params', 'clTransLimit'])).toBe('EMV_VISA_PARAMS_CL_TRANS_LIMIT');
    expect(valueNameFor('merchant/Café 1', ['additionalData', 'tags', 0])).toBe('MERCHANT_CAF_1_ADDITIONAL_DATA_TAGS_0');
  });

  it('hands out each name once, the readable one first, then with _2, _3', () => {
    const names = new ValueNames(['ACQUIRER_HOST_A_CONN_URL']);
    expect(names.claim('ACQUIRER_HOST_A_CONN_URL')).toBe('ACQUIRER_HOST_A_CONN_URL_2');
    expect(names.claim('ACQUIRER_HOST_A_CONN_URL')).toBe('ACQUIRER_HOST_A_CONN_URL_3');
    expect(names.claim('MERCHANT_A_MCC')).toBe('MERCHANT_A_MCC');
    expect(names.claim('MERCHANT_A_MCC')).toBe('MERCHANT_A_MCC_2');
  });

  it("reads a secret from a process variable named for the environment, so one job's secrets never cross", () => {
    expect(secretSourceName('production', 'PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1')).toBe('PRODUCTION_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1');
    expect(secretSourceName('eu-test', 'X')).toBe('EU_TEST_X');
  });

  it('knows a value written as exactly one variable', () => {
    expect(wholeReference('${HOST}')).toBe('HOST');
    expect(wholeReference('${HOST:-a}')).toBeUndefined();
    expect(wholeReference('https://${HOST}/x')).toBeUndefined();
    expect(wholeReference('$${HOST}')).toBeUndefined();
  });
});
