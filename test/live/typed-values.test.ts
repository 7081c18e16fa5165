import { describe, expect, it } from 'vitest';
import type { EmvConfig, Merchant } from '../../src/api/wire-types.js';
import { emvFields, merchantFields, normaliseLive } from '../../src/live/normalise-live.js';
import { RECEIPT_LOGO_FINGERPRINT_KEY } from '../../src/model/receipt-logo.js';

const emv = (params: string): EmvConfig => ({ id: 7, emvName: 'mc', paymentMethod: '02', currency: 'USD', params });
const merchant: Merchant = { mchId: 'M1721816099', mchName: 'Cafe', currency: 'USD', contactName: 'Jane', contactEmail: 'j@x.example', providerReference: 'cafe' };

describe('live normalisation keeps the value types of JSON-encoded fields', () => {
  it('keeps booleans, null, numbers and strings of EMV params as the service sent them', () => {
    expect(emvFields(emv('{"isNewCVMRuleForMC":true,"kernel":null,"clFloorLimit":0,"aid":"A0000000041010","flag":"true"}')).params).toEqual({
      isNewCVMRuleForMC: true,
      kernel: null,
      clFloorLimit: 0,
      aid: 'A0000000041010',
      flag: 'true',
    });
  });

  it("keeps paycfg's logo fingerprint in the live additionalData, where the plan reads it", () => {
    const data = { tier: 'gold', [RECEIPT_LOGO_FINGERPRINT_KEY]: 'a'.repeat(64) };
    const record = { ...merchant, receiptLogo: 'https://static.example.com/receipt/x.png', additionalData: data };
    expect(merchantFields(record)).toMatchObject({ receiptLogo: 'https://static.example.com/receipt/x.png', additionalData: data });
    const state = normaliseLive({ emvConfigs: [], acquirerProfiles: [], merchants: [record], bindings: new Map(), devices: new Map() });
    expect(state.resources.get('merchant/cafe')?.fields).toMatchObject({ additionalData: data });
  });
});
