/**
 * A create's patch is built in one pass (diff.ts createPatch) instead of through the canonical copy,
 * the patch from nothing and typedPatch. The two must give the same operations in the same order.
 */
import { describe, expect, it } from 'vitest';
import { comparableFields, fieldPatch, patchBetween, typedPatch } from '../../src/plan/diff.js';
import type { Kind } from '../../src/model/kinds.js';

const composed = (kind: Kind, after: Record<string, unknown>) => typedPatch(kind, patchBetween(null, comparableFields(kind, after)), after);

const CASES: readonly [Kind, Record<string, unknown>][] = [
  ['emv', { paymentMethod: '01', currency: 'USD', params: { z: 1, a: '2', clCVMLimit: 100000, nested: { b: [3, '4'], a: true } } }],
  ['acquirer', { acqType: 'card', currency: 'HKD', methodList: { '10': { emvs: ['b', 'a'] }, '01': { emvs: ['c'] } }, enablerParams: { mid: 12, tid: '7' }, connUrl: 'https://a', passcode: 'x' }],
  ['merchant', { mchName: 'M', state: 1, additionalData: '{"b":1,"a":2}', contactName: undefined }],
  ['binding', { acquirer: 'p', currency: 'HKD', methods: { '02': { allows: ['sale', 'refund'], emvs: ['z', 'y'] } }, mid: 5 }],
  ['device', { deviceAlias: 't', emvParams: { a: 1, c: [1, 2], b: { y: 2, x: 1 } }, acquirerFields: { p: { tid: 10 } }, deviceAdmin: 'secret' }],
];

describe('fieldPatch of a create', () => {
  it.each(CASES)('%s: the same operations as the canonical copy, patch and typedPatch give', (kind, after) => {
    const fast = fieldPatch(kind, null, after);
    expect(fast).toEqual(composed(kind, after));
    expect(fast.map((op) => op.path)).toEqual(composed(kind, after).map((op) => op.path));
    expect(fast.length).toBeGreaterThan(0);
  });
});
