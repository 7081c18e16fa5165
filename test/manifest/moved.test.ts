/**
 * validate on `moved:`: each invalid form is refused offline at its file:line:col with its reason
 * (an EMV config and a binding cannot move, a malformed address, from equal to to, two kinds, two
 * moves from or to one address, a chain, a to not in the manifest, a from still in it, a device
 * changing merchant), the lists of several files add up, and the desired state carries the moves
 * with a device's from put under its merchant's new name.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDesiredState } from '../../src/desired/build-desired.js';
import { ManifestError, formatDiagnostic, loadManifest } from '../../src/manifest/index.js';

const ENTRIES = `emvConfigs:
  - { emvName: visa-usd, paymentMethod: "01", currency: USD, params: { aid: A0000000031010 } }
acquirerProfiles:
  - { profileName: host-a-usd, currency: USD, connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-usd] } } }
  - { profileName: host-b, currency: USD, connMessageFormat: HOSTA_8583, methods: { "01": { emvs: [visa-usd] } } }
merchants:
  - providerReference: coffee-001
    mchName: Coffee
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    devices:
      - { deviceAlias: front-till }
      - { deviceAlias: back-till }
`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-moved-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function problems(files: Record<string, string>): Promise<string[]> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  try {
    await loadManifest(Object.keys(files), { env: {}, cwd: dir });
  } catch (error) {
    if (error instanceof ManifestError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  return [];
}

describe('validate: moved', () => {
  it('refuses an EMV config with the reason, and a binding', async () => {
    expect(await problems({ 'm.yaml': `version: 1\n${ENTRIES}moved:\n  - { from: emv/visa, to: emv/visa-usd }\n  - { from: binding/coffee-001/host-a/USD, to: binding/coffee-001/host-b/USD }\n` })).toEqual([
      'm.yaml:17:13: moved[0].from: "emv/visa" is an EMV config, which cannot be renamed: its PUT takes only currency and params',
      'm.yaml:18:13: moved[1].from: "binding/coffee-001/host-a/USD" is a binding, which cannot be moved: its key is its merchant, profile and currency, and it follows a moved profile or merchant by itself',
    ]);
  });

  it('refuses malformed addresses, from equal to to, and two kinds', async () => {
    const moved = [
      '  - { from: host-a, to: acquirer/host-a-usd }',
      '  - { from: acquirer/, to: acquirer/host-a-usd }',
      '  - { from: device/coffee-001, to: device/coffee-001/front-till }',
      '  - { from: "merchant/~M1", to: merchant/coffee-001 }',
      '  - { from: acquirer/host-b, to: acquirer/host-b }',
      '  - { from: acquirer/host-c, to: merchant/coffee-001 }',
      '  - { from: acquirer/host-c }',
    ];
    expect(await problems({ 'm.yaml': `version: 1\n${ENTRIES}moved:\n${moved.join('\n')}\n` })).toEqual([
      'm.yaml:17:13: moved[0].from: "host-a" is not an address: write acquirer/<profileName>, merchant/<providerReference> or device/<providerReference>/<deviceAlias>',
      'm.yaml:18:13: moved[1].from: "acquirer/" names no acquirer: write acquirer/<profileName>',
      'm.yaml:19:13: moved[2].from: "device/coffee-001" names no device: write device/<providerReference>/<deviceAlias>',
      'm.yaml:20:13: moved[3].from: "merchant/~M1" names a key that starts with "~", which is how a plan shows a live record without a key: such a record has no key to move from, and a manifest key never starts with "~"',
      'm.yaml:21:34: moved[4].to: "acquirer/host-b" is also the from address: a move changes the address',
      'm.yaml:22:34: moved[5].to: "merchant/coffee-001" names a merchant, but from names an acquirer profile: a move keeps the kind of its record',
      'm.yaml:23:5: moved[6].to: required field is missing',
    ]);
  });

  it('refuses two moves from one address, two to one, a chain, a to not in the manifest and a from still in it', async () => {
    const moved = [
      '  - { from: acquirer/host-a, to: acquirer/host-a-usd }',
      '  - { from: acquirer/host-a, to: acquirer/host-b }',
      '  - { from: acquirer/host-x, to: acquirer/host-a-usd }',
      '  - { from: acquirer/host-a-usd, to: acquirer/host-y }',
    ];
    expect(await problems({ 'm.yaml': `version: 1\n${ENTRIES}moved:\n${moved.join('\n')}\n` })).toEqual([
      'm.yaml:18:13: moved[1].from: "acquirer/host-a" is already moved by the entry at m.yaml:17:13; a record moves to one address',
      'm.yaml:19:34: moved[2].to: "acquirer/host-a-usd" is already the address the entry at m.yaml:17:34 moves a record to; two records cannot take one address',
      'm.yaml:20:13: moved[3].from: "acquirer/host-a-usd" is where the entry at m.yaml:17:34 moves "acquirer/host-a" to: moves do not chain; write one entry from "acquirer/host-a" to "acquirer/host-y"',
      'm.yaml:20:38: moved[3].to: "acquirer/host-y" is not an entry of the manifest; the manifest must have the address a record moves to (did you mean "acquirer/host-b"?)',
    ]);
    expect(await problems({ 'm.yaml': `version: 1\n${ENTRIES}moved:\n  - { from: acquirer/host-b, to: acquirer/host-a-usd }\n  - { from: device/coffee-001/back-till, to: device/coffee-001/front-till }\n` })).toEqual([
      'm.yaml:17:13: moved[0].from: "acquirer/host-b" is still an entry of the manifest: a record moved has one address, the one it moves to; remove that entry, or this move',
      'm.yaml:18:13: moved[1].from: "device/coffee-001/back-till" is still an entry of the manifest: a record moved has one address, the one it moves to; remove that entry, or this move',
    ]);
  });

  it("refuses a device moving to another merchant, and takes one written under its merchant's old name when that merchant moves too", async () => {
    expect(await problems({ 'm.yaml': `version: 1\n${ENTRIES}moved:\n  - { from: device/tea-002/till-1, to: device/coffee-001/front-till }\n` })).toEqual([
      'm.yaml:17:13: moved[0].from: "device/tea-002/till-1" is not a device of merchant "coffee-001", which "device/coffee-001/front-till" is under: ' +
        "a device cannot move to another merchant (its PUT cannot change the device's merchant); write its address under that merchant, or delete the device there and create it under the other",
    ]);
    await writeFile(path.join(dir, 'm.yaml'), `version: 1\n${ENTRIES}moved:\n  - { from: merchant/coffee-1, to: merchant/coffee-001 }\n  - { from: device/coffee-1/till-1, to: device/coffee-001/front-till }\n`);
    const loaded = await loadManifest(['m.yaml'], { env: {}, cwd: dir });
    expect(buildDesiredState(loaded).moved).toEqual([
      { kind: 'merchant', from: 'merchant/coffee-1', to: 'merchant/coffee-001' },
      { kind: 'device', from: 'device/coffee-001/till-1', to: 'device/coffee-001/front-till' },
    ]);
  });

  it('adds up the moved lists of several files, each problem at its own file:line:col', async () => {
    const found = await problems({
      'a.yaml': `version: 1\n${ENTRIES}moved:\n  - { from: acquirer/host-a, to: acquirer/host-a-usd }\n`,
      'b.yaml': 'version: 1\nmoved:\n  - { from: merchant/coffee-1, to: merchant/coffee-001 }\n  - { from: acquirer/host-z, to: acquirer/host-a-usd }\n',
    });
    expect(found).toEqual([
      'b.yaml:4:34: moved[1].to: "acquirer/host-a-usd" is already the address the entry at a.yaml:17:34 moves a record to; two records cannot take one address',
    ]);
    await writeFile(path.join(dir, 'b.yaml'), 'version: 1\nmoved:\n  - { from: merchant/coffee-1, to: merchant/coffee-001 }\n');
    const loaded = await loadManifest(['a.yaml', 'b.yaml'], { env: {}, cwd: dir });
    expect(loaded.manifest.moved).toEqual([
      { from: 'acquirer/host-a', to: 'acquirer/host-a-usd' },
      { from: 'merchant/coffee-1', to: 'merchant/coffee-001' },
    ]);
  });
});
