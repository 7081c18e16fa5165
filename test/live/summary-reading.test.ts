import { describe, expect, it } from 'vitest';
import { bindingRecordsNeeded, summaryReading, type SummarisedMerchant } from '../../src/live/summary-reading.js';
import type { LiveResource, MethodsMap } from '../../src/model/state.js';
import { NO_ALLOWS } from '../../src/model/state.js';

const profile: MethodsMap = { '01': { emvs: ['visa-usd'], allows: NO_ALLOWS }, '02': { emvs: ['mc-usd'], allows: NO_ALLOWS } };
const profiles = new Map([['host-a', profile]]);

function merchant(mchId: string, methods: MethodsMap, acquirer = 'host-a'): SummarisedMerchant {
  const binding: LiveResource = {
    kind: 'binding',
    key: `${mchId}/${acquirer}/USD`,
    merchant: mchId,
    id: '1',
    fingerprint: '',
    fields: { acquirer, currency: 'USD', methods } as unknown as LiveResource['fields'],
  };
  return { mchId, bindings: [binding] };
}

describe('summaryReading', () => {
  it('has no proof while every item equals its profile, key order aside', () => {
    const reordered: MethodsMap = { '02': profile['02']!, '01': profile['01']! };
    expect(summaryReading(profiles, [merchant('M1', profile), merchant('M2', reordered)]).proof).toBeUndefined();
  });

  it.each([
    ['part of the methods', { '01': profile['01']! }],
    ['other EMV configs', { '01': { emvs: ['visa-usd-2'], allows: NO_ALLOWS }, '02': profile['02']! }],
    ['other allows', { '01': { emvs: ['visa-usd'], allows: ['Sale'] }, '02': profile['02']! }],
  ])('takes an item with %s as proof of the binding reading', (_what, methods: MethodsMap) => {
    expect(summaryReading(profiles, [merchant('M1', profile), merchant('M2', methods)]).proof).toEqual({ mchId: 'M2', binding: 'M2/host-a/USD' });
  });

  it('takes no proof from an item of a profile the list does not hold', () => {
    expect(summaryReading(profiles, [merchant('M1', { '01': profile['01']! }, 'host-new')]).proof).toBeUndefined();
  });
});

describe('bindingRecordsNeeded', () => {
  const proven = { proof: { mchId: 'M2', binding: 'M2/host-a/USD' } };
  const unproven = { proof: undefined };

  it('reads for a mid whatever the proof', () => {
    expect(bindingRecordsNeeded(proven, { setsMid: true, bindingsShown: true, hasBindings: true })).toBe(true);
  });

  it('with proof, trusts the summary', () => {
    expect(bindingRecordsNeeded(proven, { setsMid: false, bindingsShown: true, hasBindings: true })).toBe(false);
  });

  it('without proof, reads merchants whose bindings the plan shows, when they have any', () => {
    expect(bindingRecordsNeeded(unproven, { setsMid: false, bindingsShown: true, hasBindings: true })).toBe(true);
    expect(bindingRecordsNeeded(unproven, { setsMid: false, bindingsShown: true, hasBindings: false })).toBe(false);
    expect(bindingRecordsNeeded(unproven, { setsMid: false, bindingsShown: false, hasBindings: true })).toBe(false);
  });
});
