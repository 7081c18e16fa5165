import jsonPatch, { type Operation } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { fieldPatch, typedPatch } from '../../src/plan/diff.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { renderPlanJson } from '../../src/render/render-document.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

describe('typedPatch', () => {
  it('gives numbers back at any depth of an added value, copying only what changes', () => {
    const after = { params: { aid: 'A1', limit: 200000, nested: { n: 5, s: '5' }, list: [1, '1'] } };
    const patch: Operation[] = [
      { op: 'add', path: '/params', value: { aid: 'A1', limit: '200000', nested: { n: '5', s: '5' }, list: ['1', '1'] } },
    ];
    const typed = typedPatch('emv', patch, after);
    expect(typed).toEqual([{ op: 'add', path: '/params', value: after.params }]);
    expect(patch[0]).toEqual({ op: 'add', path: '/params', value: { aid: 'A1', limit: '200000', nested: { n: '5', s: '5' }, list: ['1', '1'] } });
    const already: Operation[] = [{ op: 'replace', path: '/params/aid', value: 'A2' }];
    expect(typedPatch('emv', already, { params: { aid: 'A2' } })).toBe(already);
  });

  it('leaves a value whose text is not the number written, and fields compared exactly, as they are', () => {
    expect(typedPatch('emv', [{ op: 'replace', path: '/params/v', value: '0200' }], { params: { v: 200 } })).toEqual([{ op: 'replace', path: '/params/v', value: '0200' }]);
    expect(typedPatch('merchant', [{ op: 'replace', path: '/state', value: '1' }], { state: 1 })).toEqual([{ op: 'replace', path: '/state', value: '1' }]);
  });

  it('fieldPatch of a create holds the numbers of the written fields', () => {
    expect(fieldPatch('emv', null, { paymentMethod: '01', params: { clCVMLimit: 100000 } })).toEqual([
      { op: 'add', path: '/paymentMethod', value: '01' },
      { op: 'add', path: '/params', value: { clCVMLimit: 100000 } },
    ]);
    expect(fieldPatch('device', { deviceAlias: 't', emvParams: { a: 1 } }, { deviceAlias: 't', emvParams: { a: 2, b: 3 } })).toEqual([
      { op: 'replace', path: '/emvParams/a', value: 2 },
      { op: 'add', path: '/emvParams/b', value: 3 },
    ]);
  });
});

describe('the JSON plan: patch values have the types of after, for every kind', () => {
  /** Every added or replaced value equals what `after` holds at its path (set fields are given sorted, so their indices agree). */
  function expectTypedAsAfter(json: { changes: { address: string; after: Record<string, unknown> | null; patch: Operation[] }[] }): number {
    let checked = 0;
    for (const change of json.changes) {
      for (const op of change.patch) {
        if (op.op !== 'add' && op.op !== 'replace') continue;
        expect(op.value, `${change.address} ${op.path}`).toEqual(jsonPatch.getValueByPointer(change.after, op.path));
        checked += 1;
      }
    }
    return checked;
  }

  it('creates of EMV configs, profiles, merchants, bindings and devices', () => {
    const desired = desiredState(
      [
        emv('e1', '01', { aid: 'A1', clCVMLimit: 100000, clFloorLimit: 0 }),
        profile('p', { '01': ['e1'] }, { connExtraParams: { nii: 3, timeout: '30' }, enablerParams: ['mid', 'tid'] }),
        merchant('m1', { state: 1 }),
        binding('m1', 'p', { '01': ['e1'] }, { mid: '0001' }),
        device('m1', 't', { methods: ['01'], emvParams: { terminalCountryCode: '0840', floor: 5 } }),
      ],
      { managedBindings: ['m1'], managedDevices: ['m1'] },
    );
    const json = JSON.parse(renderPlanJson(planChanges(desired, liveState([]), context)));
    expect(json.changes.map((c: { action: string }) => c.action)).toEqual(['create', 'create', 'create', 'create', 'create']);
    expect(expectTypedAsAfter(json)).toBeGreaterThan(10);
    const params = json.changes[0].patch.find((op: Operation) => op.path === '/params').value;
    expect(params).toEqual({ aid: 'A1', clCVMLimit: 100000, clFloorLimit: 0 });
  });

  it('updates of EMV params, profile, binding and device emvParams', () => {
    const desired = desiredState(
      [
        emv('e1', '01', { aid: 'A1', clCVMLimit: 200000, ddol: 9 }),
        profile('p', { '01': ['e1'] }, { connExtraParams: { nii: 4 } }),
        merchant('m1'),
        binding('m1', 'p', { '01': ['e1'] }, { mid: '0002' }),
        device('m1', 't', { emvParams: { floor: 7, extra: 1 } }),
      ],
      { managedBindings: ['m1'], managedDevices: ['m1'] },
    );
    const liveNow = liveState([
      live(emv('e1', '01', { aid: 'A1', clCVMLimit: '100000' }), 1),
      live(profile('p', { '01': ['e1'] }, { connExtraParams: { nii: 3 } }), 2),
      live(merchant('m1'), 'M1'),
      live(binding('m1', 'p', { '01': ['e1'] }, { mid: '0001' }), 3),
      live(device('m1', 't', { emvParams: { floor: '5', serviceDefault: '1' } }), 'T1', { lifecycle: 'pending' }),
    ]);
    const json = JSON.parse(renderPlanJson(planChanges(desired, liveNow, context)));
    expect(json.changes.map((c: { address: string }) => c.address)).toEqual(['emv/e1', 'acquirer/p', 'binding/m1/p/USD', 'device/m1/t']);
    expect(expectTypedAsAfter(json)).toBe(6);
    expect(json.changes[3].patch).toEqual([
      { op: 'replace', path: '/emvParams/floor', value: 7 },
      { op: 'add', path: '/emvParams/extra', value: 1 },
    ]);
  });
});
