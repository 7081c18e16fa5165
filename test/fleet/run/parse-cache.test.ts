/**
 * A fleet run shares its parses of manifest files between its targets (src/manifest/parse-cache.ts),
 * over real HTTP against one simulator: targets made of one template parse its file once per run,
 * a target with a file of its own parses that one, and every target still validates, plans and
 * applies its own values (and drift checks them).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EnvironmentDefinition } from '../../../src/environments/types.js';
import { runFleet, type FleetRunOptions } from '../../../src/fleet/run/index.js';
import type { FleetFile, FleetTarget, FleetTargetResult } from '../../../src/fleet/types.js';
import { ParseCache } from '../../../src/manifest/parse-cache.js';
import { EMV_AND_PROFILE, merchant } from '../../helpers/small-manifest.js';
import { startTestSimulator, type TestSimulator } from '../../helpers/simulator.js';
import { fleetDir, fleetOf, tokenOf, tokenVariable } from './fleet-fixture.js';

const SECRET = 'fleet-parse-cache-secret';
/** The file of the one target that is not made of the template: two merchants, from the same values. */
const OWN = `${EMV_AND_PROFILE}merchants:${merchant('${REF}', '${SHOP}')}${merchant('${REF}-2', '${SHOP} two')}\n`;

let sim: TestSimulator;
const find = vi.spyOn(ParseCache.prototype, 'find');

beforeAll(async () => {
  sim = await startTestSimulator({ jwtSecret: SECRET });
});
afterAll(async () => {
  find.mockRestore();
  await sim.close();
});
afterEach(() => {
  find.mockClear();
});

/** The fleet with `name`'s manifests replaced by `file` (the others keep the template). */
function withOwnManifest(fleet: FleetFile, name: string, file: string): FleetFile {
  const own = (definition: EnvironmentDefinition): EnvironmentDefinition => (definition.name === name ? { ...definition, manifests: [file] } : definition);
  const targets = fleet.targets.map((target): FleetTarget => ({ ...target, definition: own(target.definition) }));
  return { ...fleet, targets, environments: { ...fleet.environments, environments: new Map(targets.map((t) => [t.name, t.definition])) } };
}

/** Since the last call: how many times each file was parsed (a load the cache could not answer), and how many loads it answered. */
function parsesSinceLast(): { parses: Record<string, number>; hits: number } {
  const parses: Record<string, number> = {};
  let hits = 0;
  find.mock.calls.forEach(([file], i) => {
    const result = find.mock.results[i];
    if (result?.type !== 'return') throw new Error('ParseCache.find threw');
    if (result.value.data !== undefined) hits++;
    else parses[file.name] = (parses[file.name] ?? 0) + 1;
  });
  find.mockClear();
  return { parses, hits };
}

const byName = (targets: readonly FleetTargetResult[]): Record<string, FleetTargetResult> => Object.fromEntries(targets.map((t) => [t.name, t]));

async function merchantsOf(group: string): Promise<{ providerReference: string; mchName: string }[]> {
  const records = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, group)).body.data.records as { providerReference: string; mchName: string }[];
  return records.map(({ providerReference, mchName }) => ({ providerReference, mchName })).sort((a, b) => a.providerReference.localeCompare(b.providerReference));
}

describe('a fleet run with targets sharing files', () => {
  it('parses each shared file once per run; a target with files of its own parses them and plans them; each group gets its own values', async () => {
    const dir = fleetDir();
    writeFileSync(path.join(dir, 'own.yaml'), OWN);
    const names = ['shared1', 'shared2', 'shared3', 'own1'];
    const rows = [];
    for (const [i, name] of names.entries()) {
      const group = `G-${String(700 + i).padStart(8, '0')}`;
      await sim.admin.createGroup({ groupId: group, groupName: name });
      rows.push({ name, group });
    }
    const fleet = withOwnManifest(fleetOf(dir, sim.url, rows), 'own1', path.join(dir, 'own.yaml'));
    const env = Object.fromEntries(fleet.targets.map((t) => [tokenVariable(t.name), tokenOf(t.group, SECRET)]));
    const options = (command: FleetRunOptions['command']): FleetRunOptions => ({ command, fleet, targets: fleet.targets, cwd: dir, env });
    const onceEach = { parses: { 'template.yaml': 1, 'own.yaml': 1 }, hits: 2 };

    const validated = await runFleet(options('validate'));
    expect(validated.summary.targets.map((t) => [t.name, t.status, t.counts?.records])).toEqual([
      ['own1', 'ok', 6],
      ['shared1', 'ok', 4],
      ['shared2', 'ok', 4],
      ['shared3', 'ok', 4],
    ]);
    expect(parsesSinceLast()).toEqual(onceEach);

    const planned = byName((await runFleet(options('plan'))).summary.targets);
    for (const name of ['shared1', 'shared2', 'shared3']) expect(planned[name]).toMatchObject({ status: 'changes', counts: { create: 4, update: 0, delete: 0 } });
    expect(planned['own1']).toMatchObject({ status: 'changes', counts: { create: 6, update: 0, delete: 0 } });
    expect(parsesSinceLast()).toEqual(onceEach);

    const applied = byName((await runFleet(options('apply'))).summary.targets);
    for (const name of names) expect(applied[name]?.status, name).toBe('applied');
    expect(parsesSinceLast()).toEqual(onceEach);
    for (const { name, group } of rows) {
      const own = name === 'own1' ? [{ providerReference: `shop-${name}-2`, mchName: `Shop ${name} two` }] : [];
      expect(await merchantsOf(group), name).toEqual([{ providerReference: `shop-${name}`, mchName: `Shop ${name}` }, ...own]);
    }

    // A second run starts with a cache of its own, and finds nothing left to do.
    const again = (await runFleet(options('plan'))).summary;
    expect(again.targets.map((t) => t.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(parsesSinceLast()).toEqual(onceEach);
    const drift = (await runFleet(options('drift'))).summary;
    expect(drift.targets.map((t) => t.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(parsesSinceLast()).toEqual(onceEach);
  });
});
