/**
 * A device PUT replaces extParams whole. paycfg keeps no device wire record after reading (see
 * LiveAssembler.addDevices), so what it must write back, the extParams keys other than `acquirers`,
 * is taken when the list is read: a key the manifest cannot express survives an update.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const GROUP = 'G-00000001';
const before = readFileSync(new URL('../scenarios/003-field-update-each-kind/before.yaml', import.meta.url), 'utf8');
let sim: TestSimulator;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: GROUP });
  env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(GROUP), TILL_SECRET: 'till-secret-value' };
});
afterAll(async () => {
  await sim.close();
});

async function apply(manifest: string): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), 'paycfg-ext-')), 'manifest.yaml');
  writeFileSync(file, manifest);
  const io = captureIo({ env });
  const code = await main(['apply', '-f', file, '--auto-approve'], io);
  expect(code, io.err()).toBe(0);
}

async function till(): Promise<{ deviceId: string; extParams: Record<string, unknown> }> {
  const merchants = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, GROUP)).body.data.records;
  const mchId = merchants.find((m: { providerReference: string }) => m.providerReference === 'coffee-001').mchId;
  const devices = (await sim.api('GET', `/api/openapi/v1/device?mchId=${mchId}&pageSize=-1`, undefined, GROUP)).body.data.records;
  const device = devices.find((d: { deviceAlias: string }) => d.deviceAlias === 'till-1');
  return { deviceId: device.deviceId, extParams: JSON.parse(device.extParams) };
}

describe('a device update', () => {
  it('keeps the extParams keys the manifest does not manage', async () => {
    await apply(before);
    const { deviceId, extParams } = await till();
    const kiosk = { mode: 'self-service', screen: 'portrait' };
    const put = await sim.api('PUT', `/api/openapi/v1/device/${deviceId}`, { extParams: JSON.stringify({ ...extParams, kiosk }) }, GROUP);
    expect(put.body.code, JSON.stringify(put.body)).toBe(0);

    await apply(before.replace('host-a: { tid: "00001" }', 'host-a: { tid: "00002" }'));
    const after = await till();
    expect(after.extParams['kiosk']).toEqual(kiosk);
    expect(JSON.stringify(after.extParams['acquirers'])).toContain('"00002"');
  });
});
