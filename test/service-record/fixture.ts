/** A service record as `paycfg probe` writes one after a scratch merchant: the contract's example. */
import type { ServiceRecord } from '../../src/service-record/types.js';

export const BINDING_RECORD: ServiceRecord = {
  version: 1,
  summaryLists: 'binding',
  evidence: {
    baseUrl: 'https://test.example.com',
    group: 'G-00000001',
    at: '2026-11-28T20:00:00.000Z',
    paycfgVersion: '0.1.0',
    method: 'scratch-merchant',
    merchant: { mchId: 'M00000042', providerReference: 'paycfg-probe-3f9a1c' },
    profile: { profileId: 3, profileName: 'host-a' },
    currency: 'USD',
    bindingLists: { VISA: [11] },
    profileLists: { VISA: [11], MASTERCARD: [12] },
    summaryLists: { VISA: [11] },
    writes: [
      'POST /api/openapi/v1/mchInfo: scratch merchant paycfg-probe-3f9a1c (inactive)',
      'POST /api/openapi/v1/mchInfo/payment/M00000042: bind it to host-a USD with VISA only',
      'DELETE /api/openapi/v1/mchInfo/payment/M00000042?acquirerProfileId=3&currency=USD: remove that binding',
      'DELETE /api/openapi/v1/mchInfo/M00000042: remove the scratch merchant',
    ],
  },
};
