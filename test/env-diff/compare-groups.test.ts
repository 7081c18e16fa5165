/**
 * The comparison and the mask of the environment diff, purely, on hand-built states: the plan's
 * rules per field between two live records, substitution from manifest views (and what proves
 * nothing), and where a value reads (sensitive).
 */
import { describe, expect, it } from 'vitest';
import { compareGroups, type ValuesMatcher } from '../../src/env-diff/compare-groups.js';
import type { ManifestPair } from '../../src/env-diff/environment-manifests.js';
import { secretMask } from '../../src/env-diff/secret-mask.js';
import { valuesMatcher } from '../../src/env-diff/value-templates.js';
import { RECEIPT_LOGO_FINGERPRINT_KEY } from '../../src/model/receipt-logo.js';
import { binding, desiredState, device, emv, live, liveState, merchant, profile } from '../plan/states.js';

const NO_MATCH: ValuesMatcher = { match: () => undefined };
const options = { allowsUnread: false };

describe('compareGroups', () => {
  it('compares under the plan\'s rule of each field: numbers as text in EMV params, sets in any order, paycfg\'s own metadata left out', () => {
    const a = liveState([
      live(emv('visa', '01', { aid: 'A0000000031010', clFloorLimit: 0 }), 1),
      live(device('m', 'till', { methods: ['01', '02'] }), 'CD-1'),
      live(merchant('m', { additionalData: { region: 'east', [RECEIPT_LOGO_FINGERPRINT_KEY]: 'aa' } }), 'M1'),
    ]);
    const b = liveState([
      live(emv('visa', '01', { aid: 'A0000000031010', clFloorLimit: '0' }), 7),
      live(device('m', 'till', { methods: ['02', '01'] }), 'T9'),
      live(merchant('m', { additionalData: { region: 'east' } }), 'M9'),
    ]);
    const result = compareGroups(a, b, NO_MATCH, options);
    expect(result.differing).toEqual([]);
    expect(result).toMatchObject({ compared: 3, same: 3, onlyInA: [], onlyInB: [] });
  });

  it('follows objects down to their keys, and shows each value as its record holds it', () => {
    const a = liveState([live(emv('visa', '01', { aid: 'A1', clTransLimit: 100, kernel: '3' }), 1)]);
    const b = liveState([live(emv('visa', '01', { aid: 'A1', clTransLimit: 200, ddol: '9F37' }), 2)]);
    const [record] = compareGroups(a, b, NO_MATCH, options).differing;
    expect(record!.fields).toEqual([
      { segments: ['params', 'clTransLimit'], a: 100, b: 200 },
      { segments: ['params', 'kernel'], a: '3', b: undefined },
      { segments: ['params', 'ddol'], a: undefined, b: '9F37' },
    ]);
  });

  it('takes a receipt logo uploaded to both as the same when its fingerprint is, though each service made its own URL', () => {
    const logo = (url: string, fingerprint: string) => merchant('m', { receiptLogo: url, additionalData: { [RECEIPT_LOGO_FINGERPRINT_KEY]: fingerprint } });
    const same = compareGroups(liveState([live(logo('https://a.example/1.png', 'f1'), 'M1')]), liveState([live(logo('https://b.example/9.png', 'f1'), 'M2')]), NO_MATCH, options);
    expect(same.differing).toEqual([]);
    const other = compareGroups(liveState([live(logo('https://a.example/1.png', 'f1'), 'M1')]), liveState([live(logo('https://b.example/9.png', 'f2'), 'M2')]), NO_MATCH, options);
    expect(other.differing[0]!.fields).toEqual([{ segments: ['receiptLogo'], a: 'https://a.example/1.png', b: 'https://b.example/9.png' }]);
  });

  it('leaves the bindings\' allows out on both sides when one group could not read them', () => {
    const withAllows = binding('m', 'host', { '01': ['visa'] });
    const a = liveState([live({ ...withAllows, fields: { ...withAllows.fields, methods: { '01': { emvs: ['visa'], allows: ['refund'] } } } }, '1')]);
    const b = liveState([live(withAllows, '2')]);
    expect(compareGroups(a, b, NO_MATCH, options).differing).toHaveLength(1);
    expect(compareGroups(a, b, NO_MATCH, { allowsUnread: true }).differing).toEqual([]);
  });

  it('keeps records without a natural key apart, and orders what differs by kind, then address', () => {
    const a = liveState([live(device('m', '~T1'), 'T1'), live(merchant('z'), 'M1'), live(emv('x'), 3)]);
    const b = liveState([live(profile('p', {}), 5)]);
    const result = compareGroups(a, b, NO_MATCH, options);
    expect(result.unkeyed.a.map((r) => r.key)).toEqual(['m/~T1']);
    expect(result.onlyInA.map((r) => r.key)).toEqual(['x', 'z']);
    expect(result.onlyInB.map((r) => r.key)).toEqual(['p']);
  });
});

describe('valuesMatcher', () => {
  const view = (mid: string, missing: string[] = []) => ({ desired: desiredState([binding('m', 'host', { '01': ['visa'] }, { mid })]), missing });
  const a = liveState([live(binding('m', 'host', { '01': ['visa'] }, { mid: '111' }), '1')]);
  const b = liveState([live(binding('m', 'host', { '01': ['visa'] }, { mid: '222' }), '2')]);

  it('takes a value as equal when the same manifest value expands to each side\'s, naming whose manifests hold it', () => {
    const pairs: ManifestPair[] = [{ owner: 'b', withA: view('111'), withB: view('222') }];
    const result = compareGroups(a, b, valuesMatcher(pairs, options), options);
    expect(result.differing).toEqual([]);
    expect(result.substituted).toEqual([{ address: 'binding/m/host/USD', segments: ['mid'], manifests: 'b' }]);
  });

  it('proves nothing with the sides crossed, a placeholder of a missing variable, or a view that did not load', () => {
    for (const pairs of [
      [{ owner: 'a', withA: view('222'), withB: view('111') }],
      [{ owner: 'a', withA: view('111'), withB: view('${B_MID}', ['B_MID']) }],
      [{ owner: 'a', withA: view('111'), withB: undefined }],
    ] satisfies ManifestPair[][]) {
      const result = compareGroups(a, b, valuesMatcher(pairs, options), options);
      expect(result.differing[0]!.fields, JSON.stringify(pairs)).toEqual([{ segments: ['mid'], a: '111', b: '222' }]);
    }
  });
});

describe('secretMask', () => {
  const place = { kind: 'device' as const, address: 'device/m/till' };

  it('masks a secret field, a place a manifest marks secret (inside a value shown whole too), and any value holding a secret text', () => {
    const mask = secretMask({ sensitive: ['device/m/till#/acquirerFields/host/pin'], texts: ['s3cret-value', 'ab'] });
    expect(mask.value(place, ['deviceAdmin'], 'anything')).toBe('(sensitive)');
    expect(mask.value(place, ['acquirerFields', 'host', 'pin'], '1234')).toBe('(sensitive)');
    expect(mask.value(place, ['acquirerFields'], { host: { pin: '1234', tid: '7' } })).toEqual({ host: { pin: '(sensitive)', tid: '7' } });
    expect(mask.value(place, ['deviceName'], 'till s3cret-value')).toBe('(sensitive)');
    expect(mask.value(place, ['deviceName'], ['x', { y: 's3cret-value' }])).toBe('(sensitive)');
    // A short secret text only as the whole value: masking every "ab" would say more than it hides.
    expect(mask.value(place, ['deviceName'], 'ab')).toBe('(sensitive)');
    expect(mask.value(place, ['deviceName'], 'about')).toBe('about');
    expect(mask.value(place, ['deviceName'], undefined)).toBeUndefined();
    expect(mask.pointer(['additionalData', 'key s3cret-value'])).toBe('/additionalData/key (sensitive)');
    expect(mask.pointer(['params', 'a/b'])).toBe('/params/a~1b');
  });
});
