/**
 * ReadOptions.hashRecords: merchants and devices (whose records are not kept) are hashed as they
 * are read only by a run that saves or checks a plan. Over real HTTP against the simulator, with
 * examples/basic applied.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { groupClient } from '../../src/backend/configuration-api.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { buildDesiredState } from '../../src/desired/build-desired.js';
import { InternalError } from '../../src/errors.js';
import { readLive, readOwner } from '../../src/live/read-live.js';
import { loadManifest } from '../../src/manifest/index.js';
import { NOT_HASHED } from '../../src/model/state.js';
import { fingerprintsOf } from '../../src/plan/saved-plan.js';
import { BASIC_EXAMPLE_ENV } from '../helpers/example-secrets.js';
import { startTestSimulator, TEST_GROUP, type TestSimulator } from '../helpers/simulator.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'basic');

describe('hashing merchant and device records as they are read', () => {
  let sim: TestSimulator;
  let dir: string;
  const run = async (argv: string[]) => {
    const io = captureIo({ env: { ...BASIC_EXAMPLE_ENV, PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token() }, cwd: dir });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  };
  const read = async (hashRecords?: boolean) => {
    const desired = buildDesiredState(await loadManifest([EXAMPLE], { env: BASIC_EXAMPLE_ENV, cwd: dir }));
    const client = groupClient(createApiClient({ baseUrl: sim.url, token: sim.token() }), 'current');
    const owner = await readOwner(client, undefined);
    return readLive(client, desired, owner, { concurrency: 4, ...(hashRecords !== undefined ? { hashRecords } : {}) });
  };

  beforeAll(async () => {
    sim = await startTestSimulator();
    dir = mkdtempSync(join(tmpdir(), 'paycfg-hash-records-'));
    await sim.admin.createGroup({ groupId: TEST_GROUP });
    const applied = await run(['apply', '-f', EXAMPLE, '--auto-approve']);
    expect(applied.code, applied.err).toBe(0);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hashes every record by default, and fingerprintsOf gives one per resource', async () => {
    const { state: live } = await read();
    const kinds = [...live.resources.values()].map((resource) => resource.kind);
    expect(kinds).toEqual(expect.arrayContaining(['merchant', 'device', 'emv', 'acquirer']));
    const fingerprints = fingerprintsOf(live);
    expect(Object.keys(fingerprints)).toHaveLength(live.resources.size);
    expect(Object.values(fingerprints)).not.toContain(NOT_HASHED);
  });

  it('without hashRecords leaves merchants and devices unhashed, which fingerprintsOf refuses as a bug', async () => {
    const { state: live } = await read(false);
    for (const resource of live.resources.values()) {
      expect(resource.fingerprint === NOT_HASHED, `${resource.kind} ${resource.key}`).toBe(resource.kind === 'merchant' || resource.kind === 'device');
    }
    expect(() => fingerprintsOf(live)).toThrow(InternalError);
  });

  it('a plan saved with --out hashes them, and applies once the group is unchanged', async () => {
    const saved = join(dir, 'saved.plan.json');
    const planned = await run(['plan', '-f', EXAMPLE, '--out', saved]);
    expect(planned.code, planned.err).toBe(0);
    const applied = await run(['apply', saved]);
    expect(applied.code, applied.err).toBe(0);
  });
});
