import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StateFileWriter } from '../../src/sim/core/state-file.js';
import type { StoreSnapshot } from '../../src/sim/core/records.js';
import { SimStateError, startSimulator } from '../../src/sim/index.js';
import { startTestSimulator } from '../helpers/simulator.js';
import { createEmv, createMerchant, createProfile, bind, ok, V1 } from './fixtures.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paycfg-sim-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('--state FILE', () => {
  it('a restart with the same file keeps the whole store, and ids continue without collisions', async () => {
    const statePath = join(dir, 'state.json');
    const first = await startTestSimulator({ statePath });
    const emv = await createEmv(first, { emvName: 'kept' });
    const profile = await createProfile(first, { profileName: 'Kept', methods: { '01': [emv] } });
    const merchant = await createMerchant(first, { passcode: 'p-1', providerReference: 'ref' });
    ok(await bind(first, merchant.mchId, profile, { '01': [emv] }));
    const code = ok(await first.api('POST', `${V1}/device`, { mchId: merchant.mchId, deviceAlias: 'till' }));
    const device = (await first.admin.activate(code.activationCode)) as { deviceId: string };
    await first.admin.createGroup({ groupId: 'G-00000001', groupName: 'Persisted' });
    const before = await first.admin.state({ secrets: true });
    await first.close();

    const second = await startTestSimulator({ statePath });
    try {
      expect(await second.admin.state({ secrets: true })).toEqual(before);
      expect(ok(await second.api('GET', `${V1}/device/${device.deviceId}`))).toMatchObject({ deviceAlias: 'till', isDevice: true });
      expect(ok(await second.api('GET', `${V1}/mchInfo/${merchant.mchId}`)).acquirers).toHaveLength(1);
      // Referential rules still hold after the restart.
      expect((await second.api('DELETE', `${V1}/acquirer/${profile}`)).body.msg).toBe('Current acquirer used by merchant');
      expect((await second.api('POST', `${V1}/mchInfo`, { mchName: 'x', currency: 'EUR', contactName: 'c', contactEmail: 'c@e.co', providerReference: 'ref' })).body.code).toBe(10000);
      const next = await createEmv(second, { emvName: 'new' });
      expect(next).toBeGreaterThan(profile);
    } finally {
      await second.close();
    }
  });

  it('writes the file atomically: valid JSON, no temporary files left behind', async () => {
    const statePath = join(dir, 'state.json');
    const sim = await startTestSimulator({ statePath });
    for (let i = 0; i < 20; i += 1) await createEmv(sim, { emvName: `e${i}` });
    await sim.close();
    expect(await readdir(dir)).toEqual(['state.json']);
    const saved = JSON.parse(await readFile(statePath, 'utf8'));
    expect(saved).toMatchObject({ format: 'paycfg-sim-state', version: 2 });
    expect(saved.groups[0].emvConfigs).toHaveLength(20);
  });

  it('a missing file is a fresh start; a broken one is refused with the path named', async () => {
    const fresh = await startSimulator({ statePath: join(dir, 'absent.json') });
    await fresh.close();
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"format":"paycfg-sim-state"');
    await expect(startSimulator({ statePath: broken })).rejects.toThrow(SimStateError);
    await expect(startSimulator({ statePath: broken })).rejects.toThrow(/broken\.json is not valid JSON/);
    const foreign = join(dir, 'foreign.json');
    await writeFile(foreign, JSON.stringify({ format: 'paycfg-sim-state', version: 1, nextNumericId: 1001, groups: [{ settings: {} }], outbox: [] }));
    await expect(startSimulator({ statePath: foreign })).rejects.toThrow(/foreign\.json: not a simulator state snapshot \(at groups\.0\.settings\.groupId\)/);
  });

  it('refuses a snapshot whose records point at a merchant that is not there', async () => {
    const statePath = join(dir, 'state.json');
    const sim = await startTestSimulator({ statePath });
    const merchant = await createMerchant(sim);
    ok(await sim.api('POST', `${V1}/device`, { mchId: merchant.mchId }));
    await sim.close();
    const saved = JSON.parse(await readFile(statePath, 'utf8'));
    saved.groups[0].merchants = [];
    await writeFile(statePath, JSON.stringify(saved));
    await expect(startSimulator({ statePath })).rejects.toThrow(new RegExp(`refers to merchant ${merchant.mchId}`));
  });
});

describe('StateFileWriter', () => {
  const snapshotOf = (generation: number) => ({ version: 1, generation }) as unknown as StoreSnapshot;

  it('writes once for a burst of changes, after the delay, and again only after a later change', async () => {
    const path = join(dir, 'spaced.json');
    let snapshots = 0;
    const writer = new StateFileWriter(path, () => snapshotOf(++snapshots), 40);
    for (let i = 0; i < 50; i++) writer.markDirty();
    expect(snapshots).toBe(0);
    await vi.waitFor(() => expect(snapshots).toBe(1), { timeout: 2000 });
    // No second write follows for the same burst.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(snapshots).toBe(1);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ version: 1, generation: 1 });

    // Nothing changed since: a flush writes nothing.
    await writer.flush();
    expect(snapshots).toBe(1);

    writer.markDirty();
    writer.markDirty();
    // close() does not wait for the delay: it writes what is pending at once.
    await writer.close();
    expect(snapshots).toBe(2);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ version: 1, generation: 2 });
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('reports a failed write when closed, and keeps the change pending', async () => {
    const writer = new StateFileWriter(join(dir, 'missing-dir', 'state.json'), () => snapshotOf(1), 10);
    writer.markDirty();
    await expect(writer.close()).rejects.toThrow(SimStateError);
  });
});
