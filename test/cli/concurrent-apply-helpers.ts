/**
 * A manifest with a few merchants and several terminals each, and checks over a group's live
 * records, for the concurrent-apply trials.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestSimulator } from '../helpers/simulator.js';

export function writeFleetManifest(options: { merchants: number; devices: number; devicesToo: boolean }): string {
  const merchants: string[] = [];
  for (let m = 1; m <= options.merchants; m += 1) {
    const ref = `shop-${String(m).padStart(3, '0')}`;
    const devices: string[] = [];
    for (let d = 1; d <= options.devices; d += 1) {
      devices.push(
        [
          `      - deviceAlias: till-${d}`,
          `        deviceName: Till ${d}`,
          `        methods: ["01"]`,
          `        acquirerFields:`,
          `          host-a: { tid: "${String(m * 100 + d).padStart(8, '0')}" }`,
        ].join('\n'),
      );
    }
    merchants.push(
      [
        `  - providerReference: ${ref}`,
        `    mchName: Shop ${m}`,
        `    currency: USD`,
        `    contactName: Jane Doe`,
        `    contactEmail: jane@${ref}.example`,
        `    bindings:`,
        `      - acquirer: host-a`,
        `        currency: USD`,
        `        methods:`,
        `          "01": { emvs: [visa-usd] }`,
        options.devicesToo ? `    devices:\n${devices.join('\n')}` : `    devices: []`,
      ].join('\n'),
    );
  }
  const text = `version: 1
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, appVersion: "0002" }
acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    connUrl: https://host-a.example.com/iso
    enablerParams: [tid]
    asDefault: true
    methods:
      "01": { emvs: [visa-usd] }
merchants:
${merchants.join('\n')}
`;
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-concurrent-'));
  const file = join(dir, options.devicesToo ? 'fleet.yaml' : 'merchants.yaml');
  writeFileSync(file, text);
  return file;
}

/** Every key that appears more than once in the group's live records, as `<kind> <key> ×n`. */
export async function liveDuplicates(sim: TestSimulator, groupId: string): Promise<string[]> {
  const list = async (path: string): Promise<any[]> => {
    const { body } = await sim.api('GET', path, undefined, groupId);
    if (body.code !== 0) throw new Error(`GET ${path} answered ${JSON.stringify(body)}`);
    return body.data.records;
  };
  const keys: string[] = [];
  for (const e of await list('/api/openapi/v1/emv?pageSize=-1')) keys.push(`emv ${e.emvName}`);
  for (const p of await list('/api/openapi/v1/acquirer?pageSize=-1')) keys.push(`acquirer ${p.profileName}`);
  for (const m of await list('/api/openapi/v1/mchInfo?pageSize=-1')) {
    keys.push(`merchant ${m.providerReference}`);
    for (const b of await list(`/api/openapi/v1/mchInfo/payment/${m.mchId}?pageSize=100`)) keys.push(`binding ${m.providerReference}/${b.acquirerProfileId}/${b.currency}`);
    for (const d of await list(`/api/openapi/v1/device?mchId=${m.mchId}&pageSize=-1`)) {
      if (d.deviceStatus !== 3) keys.push(`device ${m.providerReference}/${d.deviceAlias}`);
    }
  }
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`);
}
