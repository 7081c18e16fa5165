import { describe, expect, it } from 'vitest';
import { expandTemplate, substituteEnv } from '../../src/manifest/env-substitution.js';

function run(value: string, env: Record<string, string | undefined>, allowMissing = false) {
  const data = { field: value };
  const result = substituteEnv(data, env, { allowMissing });
  return { value: data.field, ...result };
}

describe('substituteEnv', () => {
  it('replaces ${VAR} anywhere in a string and records the variables used', () => {
    const result = run('https://${HOST}:${PORT}/iso', { HOST: 'host-a.example', PORT: '8443' });
    expect(result.value).toBe('https://host-a.example:8443/iso');
    expect(result.substitutions).toEqual([{ path: ['field'], variables: ['HOST', 'PORT'], missing: [], template: 'https://${HOST}:${PORT}/iso' }]);
    expect(result.problems).toEqual([]);
  });

  it('uses the default when the variable is unset or empty (shell :- meaning)', () => {
    expect(run('${A:-fallback}', {}).value).toBe('fallback');
    expect(run('${A:-fallback}', { A: '' }).value).toBe('fallback');
    expect(run('${A:-fallback}', { A: 'set' }).value).toBe('set');
    expect(run('${A:-}', {}).value).toBe('');
    expect(run('${A:-with } brace}', {}).value).toBe('with  brace}');
  });

  it('asks only to set an unset variable of a secret field: a default there is one plan --out refuses', () => {
    const data = { merchants: [{ passcode: '${PASSCODE}', contactEmail: '${EMAIL}', devices: [{ deviceAdmin: 'admin-${ADMIN}' }] }] };
    expect(substituteEnv(data, {}).problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      'merchants.0.passcode: environment variable PASSCODE is not set; set it',
      'merchants.0.contactEmail: environment variable EMAIL is not set; set it, or give a default with ${EMAIL:-value}',
      'merchants.0.devices.0.deviceAdmin: environment variable ADMIN is not set; set it',
    ]);
  });

  it('keeps a set-but-empty variable without default as the empty string', () => {
    const result = run('x${A}y', { A: '' });
    expect(result.value).toBe('xy');
    expect(result.problems).toEqual([]);
  });

  it('refuses a set-but-empty variable in a secret field: an undefined CI secret arrives empty, and would set the password to nothing', () => {
    const data = { merchants: [{ contactEmail: 'x${EMPTY}@b.example', devices: [{ deviceAdmin: '${ADMIN}' }] }] };
    expect(substituteEnv(data, { ADMIN: '', EMPTY: '' }).problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      'merchants.0.devices.0.deviceAdmin: environment variable ADMIN is set but empty, and a secret cannot be empty (a CI secret that is not defined arrives as an empty string, and would set the password to nothing); set it',
    ]);
    // validate --allow-missing-env: left as a placeholder, like an unset one.
    const lenient = { devices: [{ deviceAdmin: '${ADMIN}' }] };
    expect(substituteEnv(lenient, { ADMIN: '' }, { allowMissing: true }).problems).toEqual([]);
    expect(lenient.devices[0]!.deviceAdmin).toBe('${ADMIN}');
    // A saved plan's secret is expanded again at apply time, under the same rule.
    expect(expandTemplate('${ADMIN}', { ADMIN: '' })).toMatchObject({ missing: ['ADMIN'], empty: ['ADMIN'] });
    expect(expandTemplate('${ADMIN}', { ADMIN: 'pw' })).toMatchObject({ text: 'pw', missing: [], empty: [] });
  });

  it('writes a literal ${ for $${ and leaves other dollars alone', () => {
    const result = run('cost $5, $${NOT_A_VAR} and $$', {});
    expect(result.value).toBe('cost $5, ${NOT_A_VAR} and $$');
    expect(result.substitutions).toEqual([]);
  });

  it('reports a missing variable, or keeps a placeholder when missing ones are allowed', () => {
    const strict = run('pw-${ADMIN}', {});
    expect(strict.problems).toEqual([{ path: ['field'], message: expect.stringContaining('environment variable ADMIN is not set') }]);
    const lenient = run('pw-${ADMIN}', {}, true);
    expect(lenient.problems).toEqual([]);
    expect(lenient.value).toBe('pw-${ADMIN}');
    expect(lenient.substitutions).toEqual([{ path: ['field'], variables: ['ADMIN'], missing: ['ADMIN'], template: 'pw-${ADMIN}' }]);
  });

  it('reports malformed references and leaves the value as written', () => {
    for (const bad of ['${1ABC}', '${A-B}', '${A:?err}', '${ A }', '${unclosed', '${}']) {
      const result = run(bad, { A: 'x' });
      expect(result.problems, bad).toHaveLength(1);
      expect(result.problems[0]?.message).toMatch(/^malformed variable reference/);
      expect(result.value).toBe(bad);
    }
  });

  it('walks nested lists and mappings, never keys, and leaves non-strings alone', () => {
    const data = { list: [{ '${KEY}': '${V}' }, 1, true, null] };
    const result = substituteEnv(data, { V: 'value', KEY: 'k' });
    expect(data).toEqual({ list: [{ '${KEY}': 'value' }, 1, true, null] });
    expect(result.substitutions).toEqual([{ path: ['list', 0, '${KEY}'], variables: ['V'], missing: [], template: '${V}' }]);
  });

  it('expands a template again exactly as the value was expanded (saved plans)', () => {
    const env = { ADMIN: 'pw', EMPTY: '' };
    const template = 'a-${ADMIN}-${EMPTY:-dflt}-$${LITERAL}';
    const loaded = run(template, env);
    expect(expandTemplate(template, env)).toEqual({ text: loaded.value, variables: ['ADMIN', 'EMPTY'], missing: [], withDefault: ['EMPTY'], empty: [] });
    expect(expandTemplate('${GONE}', {})).toEqual({ text: '${GONE}', variables: ['GONE'], missing: ['GONE'], withDefault: [], empty: [] });
  });

  it('names the variables written with a default, used or not; an empty default holds nothing to name', () => {
    expect(expandTemplate('${A:-x}${B}${A:-y}${C:-}', { A: 'set' }).withDefault).toEqual(['A']);
    expect(expandTemplate('$${A:-x}', {}).withDefault).toEqual([]);
  });
});

describe('substituteEnv with copy', () => {
  it('leaves the data as it is, copying only the mappings and lists on the way to a changed string', () => {
    const untouched = { mchName: 'Plain', devices: [{ deviceAlias: 'till-1' }] };
    const changed = { mchName: '${SHOP}', devices: [{ deviceAlias: 'till-1' }, { deviceAdmin: '${ADMIN}' }] };
    const data = Object.freeze({ version: 1, merchants: Object.freeze([untouched, changed]) });
    const result = substituteEnv(data, { SHOP: 'Coffee', ADMIN: 'secret' }, { copy: true });
    expect(data.merchants[1]).toBe(changed);
    expect(changed).toEqual({ mchName: '${SHOP}', devices: [{ deviceAlias: 'till-1' }, { deviceAdmin: '${ADMIN}' }] });
    const out = result.data as { version: number; merchants: { mchName: string; devices: Record<string, string>[] }[] };
    expect(out).toEqual({ version: 1, merchants: [untouched, { mchName: 'Coffee', devices: [{ deviceAlias: 'till-1' }, { deviceAdmin: 'secret' }] }] });
    expect(out.merchants[0]).toBe(untouched);
    expect(out.merchants[1]!.devices[0]).toBe(changed.devices[0]);
    expect(result.substitutions.map((s) => s.path)).toEqual([
      ['merchants', 1, 'mchName'],
      ['merchants', 1, 'devices', 1, 'deviceAdmin'],
    ]);
  });

  it('gives the data itself when nothing changed, and changes it in place without copy', () => {
    const plain = { a: ['x', { b: 'y' }] };
    expect(substituteEnv(plain, {}, { copy: true }).data).toBe(plain);
    const data = { a: ['${X}'] };
    expect(substituteEnv(data, { X: 'set' }).data).toBe(data);
    expect(data.a[0]).toBe('set');
  });
});
