import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGroupSpec, DEFAULT_GROUP_SIZE, driftedMerchantIndexes, MAX_BINDINGS_PER_MERCHANT, TILL_ADMIN_VARIABLE } from '../../scripts/bench/group-shape.js';
import { writeManifest } from '../../scripts/bench/write-manifest.js';
import { loadManifest } from '../../src/manifest/index.js';

describe('the benchmark group', () => {
  it('never binds one (currency, method) of a merchant through two profiles', () => {
    for (const bindings of [1, 2, 3, 5, MAX_BINDINGS_PER_MERCHANT]) {
      const spec = buildGroupSpec({ ...DEFAULT_GROUP_SIZE, merchants: 30, bindingsPerMerchant: bindings, profiles: 2 * bindings, emvConfigs: 2 * bindings });
      for (const m of spec.merchants) {
        const pairs = m.bindings.flatMap((b) => Object.keys(b.methods).map((code) => `${b.currency}:${code}`));
        expect(new Set(pairs).size).toBe(pairs.length);
        expect(m.bindings).toHaveLength(bindings);
      }
    }
  });

  it('gives every profile method an EMV config of that method', () => {
    const spec = buildGroupSpec(DEFAULT_GROUP_SIZE);
    const method = new Map(spec.emvConfigs.map((e) => [e.emvName, e.paymentMethod]));
    for (const p of spec.profiles) {
      for (const [code, emvs] of Object.entries(p.methods)) for (const emv of emvs) expect(method.get(emv)).toBe(code);
    }
  });

  it('drifts about one merchant in a hundred, each once', () => {
    expect(driftedMerchantIndexes(2000)).toHaveLength(20);
    expect(new Set(driftedMerchantIndexes(2000)).size).toBe(20);
    expect(driftedMerchantIndexes(10)).toHaveLength(1);
    expect(Math.max(...driftedMerchantIndexes(150))).toBeLessThan(150);
  });

  it('writes a manifest that paycfg validates as written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paycfg-bench-test-'));
    try {
      const spec = buildGroupSpec({ ...DEFAULT_GROUP_SIZE, merchants: 120, withMid: true });
      const files = await writeManifest(spec, dir);
      expect(files).toHaveLength(2);
      const loaded = await loadManifest(files, { env: { [TILL_ADMIN_VARIABLE]: 'pw-1234' }, cwd: dir });
      expect(loaded.counts).toEqual({ emvConfigs: 40, acquirerProfiles: 20, merchants: 120, bindings: 240, devices: 360 });
      expect(loaded.manifest.merchants[0]?.bindings?.[0]?.mid).toBe('000000000000');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
