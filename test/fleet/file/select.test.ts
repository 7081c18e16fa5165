/**
 * Which targets a run is for: names and groups with `*`, labels, all of what is given; a name that
 * picks nothing refused with the name meant. The fleet file found as the environments file is, and
 * an environments file taken as a fleet.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvironmentsFile } from '../../../src/environments/index.js';
import { UsageError } from '../../../src/errors.js';
import { findFleetFile, fleetOfEnvironments, FLEET_FILE_ENV, loadFleetFile, selectTargets } from '../../../src/fleet/file/index.js';
import type { FleetFile, TargetSelector } from '../../../src/fleet/types.js';

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-fleetselect-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

async function fleet(): Promise<FleetFile> {
  const dir = workspace({
    'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{group}}" }, manifests: [m] }\ntargetsFrom: [groups.csv]\n',
    'groups.csv': [
      'name,group,label:tier,label:region',
      'acme-eu,G-00000001,gold,eu',
      'acme-us,G-00000002,silver,us',
      'bakery,G-00000003,gold,us',
      'cafe,G-00000004,,eu',
    ].join('\n'),
  });
  return loadFleetFile('paycfg.fleet.yaml', { cwd: dir });
}

const names = (file: FleetFile, selector: TargetSelector) => selectTargets(file, selector).map((target) => target.name);

function refusal(file: FleetFile, selector: TargetSelector): string {
  try {
    selectTargets(file, selector);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('selectTargets', () => {
  it('picks every target when nothing is given, by name or group with * wildcards (any of them), and by every label given', async () => {
    const file = await fleet();
    expect(names(file, {})).toEqual(['acme-eu', 'acme-us', 'bakery', 'cafe']);
    expect(names(file, { names: ['acme-*'] })).toEqual(['acme-eu', 'acme-us']);
    expect(names(file, { names: ['cafe', 'G-00000003'] })).toEqual(['bakery', 'cafe']);
    expect(names(file, { names: ['*-us', 'G-*4'] })).toEqual(['acme-us', 'cafe']);
    expect(names(file, { labels: { tier: 'gold' } })).toEqual(['acme-eu', 'bakery']);
    expect(names(file, { labels: { tier: 'gold', region: 'us' } })).toEqual(['bakery']);
    expect(names(file, { names: ['acme-*'], labels: { region: 'eu' } })).toEqual(['acme-eu']);
    // Only * is special: a dot or a question mark is itself.
    expect(() => selectTargets(file, { names: ['acme.eu'] })).toThrow(UsageError);
  });

  it('refuses a name, a label or a label value that picks no target, with the one meant, and a selection of none', async () => {
    const file = await fleet();
    expect(refusal(file, { names: ['bakeyr'] })).toBe(
      'paycfg.fleet.yaml has no target named "bakeyr", nor one of group "bakeyr" (did you mean "bakery"?); its targets are acme-eu, acme-us, bakery, cafe',
    );
    expect(refusal(file, { names: ['acme-*', 'zoo-*'] })).toBe('no target of paycfg.fleet.yaml has a name or group that matches "zoo-*"; its targets are acme-eu, acme-us, bakery, cafe');
    expect(refusal(file, { labels: { teir: 'gold' } })).toBe('no target of paycfg.fleet.yaml has the label teir (did you mean "tier"?); its labels are region, tier');
    expect(refusal(file, { labels: { tier: 'glod' } })).toBe('no target of paycfg.fleet.yaml has the label tier=glod (did you mean "gold"?); its targets have tier=gold, silver');
    expect(refusal(file, { names: ['cafe'], labels: { tier: 'gold' } })).toBe(
      'no target of paycfg.fleet.yaml is picked by --target cafe and --label tier=gold: each picks some, but none all of them',
    );
  });
});

describe('findFleetFile', () => {
  it('takes --fleet, else $PAYCFG_FLEET, else paycfg.fleet.yaml or .yml in the working directory, else none', async () => {
    const dir = workspace({ 'paycfg.fleet.yml': 'version: 1\n' });
    expect(await findFleetFile({ cwd: dir, env: {}, flag: 'other.yaml' })).toBe(path.join(dir, 'other.yaml'));
    expect(await findFleetFile({ cwd: dir, env: { [FLEET_FILE_ENV]: 'from-env.yaml' } })).toBe(path.join(dir, 'from-env.yaml'));
    expect(await findFleetFile({ cwd: dir, env: { [FLEET_FILE_ENV]: ' ' } })).toBe(path.join(dir, 'paycfg.fleet.yml'));
    writeFileSync(path.join(dir, 'paycfg.fleet.yaml'), 'version: 1\n');
    expect(await findFleetFile({ cwd: dir, env: {} })).toBe(path.join(dir, 'paycfg.fleet.yaml'));
    expect(await findFleetFile({ cwd: workspace({}), env: {} })).toBeUndefined();
  });
});

describe('fleetOfEnvironments', () => {
  it('takes each environment as a target of no labels, declared at its name, the environments file as the fleet\'s', async () => {
    const dir = workspace({
      'paycfg.environments.yaml': `version: 1
environments:
  test: { baseUrl: "http://127.0.0.1:8181", group: G-00000001, token: { env: T }, manifests: [m] }
  production: { baseUrl: "https://pay.example.com", group: G-00000002, token: { env: P }, manifests: [m] }
`,
    });
    const environments = await loadEnvironmentsFile('paycfg.environments.yaml', { cwd: dir });
    const file = fleetOfEnvironments(environments);
    expect([file.path, file.name, file.environments]).toEqual([environments.path, 'paycfg.environments.yaml', environments]);
    expect(file.targets.map((t) => [t.name, t.group, t.baseUrl, t.labels, `${t.declaredAt.line}:${t.declaredAt.col}`])).toEqual([
      ['test', 'G-00000001', 'http://127.0.0.1:8181', {}, '3:3'],
      ['production', 'G-00000002', 'https://pay.example.com', {}, '4:3'],
    ]);
    expect(file.targets[1]!.definition).toBe(environments.environments.get('production'));
    expect(selectTargets(file, { names: ['prod*'] }).map((t) => t.name)).toEqual(['production']);
  });
});
