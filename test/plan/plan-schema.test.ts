import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { planChanges } from '../../src/plan/plan-changes.js';
import { renderPlanJson } from '../../src/render/render-json.js';
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
    expect(json.unmanaged).toEqual([{ address: 'device/m1/shop', kind: 'device', key: 'm1/shop', note: expect.any(String) }]);
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('pw-secret');
    expect(text).toContain('(sensitive)');
  });
});
