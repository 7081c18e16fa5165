import { describe, expect, it } from 'vitest';
import { bindingRecordsNeed, checkedReading, recordContradiction, summaryCandidate, type SummarisedMerchant } from '../../src/live/summary-reading.js';
import type { LiveResource, MethodsMap } from '../../src/model/state.js';
import { NO_ALLOWS } from '../../src/model/state.js';

const profile: MethodsMap = { '01': { emvs: ['visa-usd'], allows: NO_ALLOWS }, '02': { emvs: ['mc-usd'], allows: NO_ALLOWS } };
const profiles = new Map([['host-a', profile]]);

function binding(mchId: string, methods: MethodsMap, acquirer = 'host-a'): LiveResource {
  return {
    kind: 'binding',
    key: `${mchId}/${acquirer}/USD`,
    merchant: mchId,
    id: '1',
    fingerprint: '',
    fields: { acquirer, currency: 'USD', methods } as unknown as LiveResource['fields'],
  };
}

function merchant(mchId: string, methods: MethodsMap, acquirer = 'host-a'): SummarisedMerchant {
  return { mchId, bindings: [binding(mchId, methods, acquirer)] };
}

describe('summaryCandidate', () => {
  it('has no proof while every item equals its profile, key order aside', () => {
    const reordered: MethodsMap = { '02': profile['02']!, '01': profile['01']! };
    expect(summaryCandidate(profiles, [merchant('M1', profile), merchant('M2', reordered)])).toBeUndefined();
  });

  it.each([
    ['part of the methods', { '01': profile['01']! }],
    ['other EMV configs', { '01': { emvs: ['visa-usd-2'], allows: NO_ALLOWS }, '02': profile['02']! }],
    ['other allows', { '01': { emvs: ['visa-usd'], allows: ['Sale'] }, '02': profile['02']! }],
  ])('takes an item with %s as the candidate proof of the binding reading', (_what, methods: MethodsMap) => {
    expect(summaryCandidate(profiles, [merchant('M1', profile), merchant('M2', methods)])).toEqual({ mchId: 'M2', binding: 'M2/host-a/USD', methods });
  });

  it('takes no proof from an item of a profile the list does not hold', () => {
    expect(summaryCandidate(profiles, [merchant('M1', { '01': profile['01']! }, 'host-new')])).toBeUndefined();
  });
});

describe('checkedReading', () => {
  const part: MethodsMap = { '01': profile['01']! };
  const candidate = { mchId: 'M2', binding: 'M2/host-a/USD', methods: part };

  it('proves the binding reading when the binding record holds the item’s methods and EMV configs', () => {
    expect(checkedReading(candidate, [binding('M2', part)]).proof).toEqual({ mchId: 'M2', binding: 'M2/host-a/USD' });
  });

  it('compares no allows: a binding record has none', () => {
    const withAllows = { ...candidate, methods: { '01': { emvs: ['visa-usd'], allows: ['Sale'] } } };
    expect(checkedReading(withAllows, [binding('M2', part)]).proof).toEqual({ mchId: 'M2', binding: 'M2/host-a/USD' });
  });

  it.each([
    ['other methods (a profile edited between the reads: the item is the profile as it was)', [binding('M2', profile)]],
    ['other EMV configs', [binding('M2', { '01': { emvs: ['visa-usd-2'], allows: NO_ALLOWS } })]],
    ['no record of that binding', [binding('M2', part, 'host-b')]],
    ['records that could not be read', undefined],
  ])('has no proof when the records show %s', (_what, records: LiveResource[] | undefined) => {
    expect(checkedReading(candidate, records).proof).toBeUndefined();
  });

  it('has no proof without a candidate', () => {
    expect(checkedReading(undefined, [binding('M2', part)]).proof).toBeUndefined();
  });
});

describe('bindingRecordsNeed', () => {
  it('reads for a mid whatever the proof', () => {
    expect(bindingRecordsNeed({ setsMid: true, bindingsShown: true, hasBindings: true })).toBe('always');
    expect(bindingRecordsNeed({ setsMid: true, bindingsShown: false, hasBindings: false })).toBe('always');
  });

  it('reads merchants whose bindings the plan shows, when they have any, only without proof', () => {
    expect(bindingRecordsNeed({ setsMid: false, bindingsShown: true, hasBindings: true })).toBe('without-proof');
    expect(bindingRecordsNeed({ setsMid: false, bindingsShown: true, hasBindings: false })).toBe('never');
    expect(bindingRecordsNeed({ setsMid: false, bindingsShown: false, hasBindings: true })).toBe('never');
  });
});

describe('recordContradiction', () => {
  const part: MethodsMap = { '01': profile['01']! };
  const sale: MethodsMap = { '01': { emvs: ['visa-usd'], allows: ['Sale'] }, '02': profile['02']! };

  it('under a binding record, takes an item its binding record does not hold (the profile’s lists) as contradiction', () => {
    const found = recordContradiction('binding', profiles, [binding('M1', profile)], [binding('M1', part)]);
    expect(found).toMatchObject({ item: { key: 'M1/host-a/USD' }, record: part, profile });
  });

  it('under a binding record, takes none from items their records hold, or from items or records without the other', () => {
    expect(recordContradiction('binding', profiles, [binding('M1', part)], [binding('M1', part)])).toBeUndefined();
    expect(recordContradiction('binding', profiles, [binding('M1', profile)], [binding('M1', part, 'host-b')])).toBeUndefined();
  });

  it.each([
    ['part of its profile', part],
    ['its profile’s methods with other allows', sale],
  ])('under a profile record, takes an item that differs from its profile (%s) and that its record holds as contradiction', (_what, methods: MethodsMap) => {
    expect(recordContradiction('profile', profiles, [binding('M1', methods)], [binding('M1', methods)])).toMatchObject({ item: { key: 'M1/host-a/USD' } });
  });

  it('under a profile record, takes none from an item that equals its profile, one its record does not hold, or one of a profile not listed', () => {
    expect(recordContradiction('profile', profiles, [binding('M1', profile)], [binding('M1', part)])).toBeUndefined();
    // A profile edited between the reads: the item is the profile as it was, not the binding's record.
    expect(recordContradiction('profile', profiles, [binding('M1', part)], [binding('M1', profile)])).toBeUndefined();
    expect(recordContradiction('profile', profiles, [binding('M1', part, 'host-new')], [binding('M1', part, 'host-new')])).toBeUndefined();
  });
});
