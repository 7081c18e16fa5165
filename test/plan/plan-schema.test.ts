import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { planChanges } from '../../src/plan/plan-changes.js';
import { limitToTargets } from '../../src/plan/targets.js';
import { renderPlanJson } from '../../src/render/render-document.js';
import { binding, context, desiredState, device, emv, live, liveState, merchant, profile } from './states.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

describe('plan JSON format', () => {
  it('matches schemas/plan.schema.json for every action, step and redaction', () => {
    const desired = desiredState(
      [emv('e1', '02'), emv('e2', '01'), profile('p', { '01': ['e2'], '02': ['e1'] }), merchant('m1', { passcode: 'hunter22', mchName: 'X' }), binding('m1', 'p', { '02': ['e1'] }), device('m1', 'new', { deviceAdmin: 'pw-secret' })],
      { managedBindings: ['m1'], managedDevices: ['m1'] },
    );
    const liveNow = liveState(
      [
        live(emv('e1', '01'), 1),
        live(emv('e2', '01'), 2),
        live(profile('p', { '01': ['e1', 'e2'] }), 10),
        live(merchant('m1'), 'M1'),
        live(binding('m1', 'p', { '01': ['e1'] }), '10'),
        live(device('m1', 'old'), 'CD-1', { lifecycle: 'pending' }),
        live(device('m1', 'shop'), 'T1', { lifecycle: 'active' }),
      ],
      [],
    );
    const text = renderPlanJson(planChanges(desired, liveNow, context));
    const json = JSON.parse(text);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(new Set(json.changes.map((c: { action: string }) => c.action))).toEqual(new Set(['create', 'update', 'delete', 'replace']));
    expect(json.unmanaged).toEqual([{ address: 'device/m1/shop', kind: 'device', key: 'm1/shop', liveId: 'T1', note: expect.any(String) }]);
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('pw-secret');
    expect(text).toContain('(sensitive)');
  });
});

describe('plan JSON format: partial plans, warnings and records without a key', () => {
  it('matches schemas/plan.schema.json with targets, warnings and an unkeyed merchant and device', () => {
    const desired = desiredState([merchant('m1', { mchName: 'Legacy Shop' }), device('m1', 'till-1', { deviceName: 'Front' }), merchant('m2')], {
      managedDevices: ['m1'],
    });
    const liveNow = liveState(
      [live(merchant('m2'), 'M2'), { ...live(device('m2', '~T7'), 'T7', { lifecycle: 'active' }), fields: { deviceAlias: '', deviceName: 'Back' } }],
      [{ mchId: 'M1000000001', mchName: 'legacy shop', profiles: [], emvs: [] }],
    );
    const plan = limitToTargets(planChanges(desired, liveNow, context), ['merchant/m1', 'merchant/~M1000000001']);
    const json = JSON.parse(renderPlanJson(plan));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.targets).toEqual(['merchant/m1', 'merchant/~M1000000001']);
    expect(json.warnings).toEqual([{ address: 'merchant/m1', message: expect.stringContaining('M1000000001') }]);
    expect(json.unmanaged).toEqual([expect.objectContaining({ address: 'merchant/~M1000000001', liveId: 'M1000000001', name: 'legacy shop' })]);
  });

  it('refuses a warning without a message and a target that is not an address', () => {
    const base = JSON.parse(renderPlanJson(planChanges(desiredState([]), liveState([]), context)));
    expect(validate({ ...base, warnings: [{ address: 'merchant/m1' }] })).toBe(false);
    expect(validate({ ...base, targets: ['coffee-001'] })).toBe(false);
    expect(validate({ ...base, unmanaged: [{ address: 'merchant/~M1', kind: 'merchant', key: '~M1', liveId: 'M1', name: 'X' }] })).toBe(true);
  });
});
