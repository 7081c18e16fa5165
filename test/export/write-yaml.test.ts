import { describe, expect, it } from 'vitest';
import type { ExportedManifest, ExportedMerchant } from '../../src/export/exported-manifest.js';
import { merchantFileNames, renderFileSet, renderSingleFile } from '../../src/export/write-yaml.js';
import { parseYamlData } from '../../src/manifest/read-yaml.js';

const counts = { emvConfigs: 0, acquirerProfiles: 0, merchants: 0, bindings: 0, devices: 0, commentedOutMerchants: 0, commentedOutDevices: 0 };

function merchant(ref: string, extra: Partial<ExportedMerchant> = {}): ExportedMerchant {
  return {
    entry: { providerReference: ref, mchName: `Shop ${ref}`, currency: 'USD', contactName: 'A', contactEmail: 'a@shop.example' },
    providerReference: ref,
    mchId: `M-${ref}`,
    mchName: `Shop ${ref}`,
    bindings: { items: [{ entry: { acquirer: 'host', currency: 'USD', methods: { '01': { emvs: ['visa'] }, A1: {} } } }] },
    devices: { items: [] },
    variables: [],
    ...extra,
  };
}

function manifest(merchants: ExportedMerchant[]): ExportedManifest {
  return {
    groupId: 'G-00000001',
    groupName: 'Test',
    group: 'G-00000001',
    emvConfigs: [{ entry: { emvName: 'visa', paymentMethod: '01', currency: 'USD', params: { aid: 'A0' } } }],
    acquirerProfiles: [],
    merchants,
    variables: [{ name: 'PAYCFG_DEVICE_ADMIN_SHOP_TILL', merchant: 'shop', device: 'till', commentedOut: false }],
    secretsManaged: true,
    notices: [],
    counts,
  };
}

/** Removes one level of `# ` from the commented entry starting at `first`, the way a user uncomments it. */
function uncommentEntry(text: string, first: RegExp): unknown {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => first.test(line));
  expect(start, `no line matches ${first}`).toBeGreaterThan(-1);
  const indent = /^(\s*)# /.exec(lines[start]!)![1]!;
  const block: string[] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith(`${indent}# `)) break;
    const rest = line.slice(indent.length + 2);
    if (block.length > 0 && !rest.startsWith(' ') && !rest.startsWith('#')) break;
    block.push(rest);
  }
  const parsed = parseYamlData(block.join('\n'), 'uncommented.yaml');
  expect(parsed.diagnostics).toEqual([]);
  return parsed.value;
}

describe('YAML output', () => {
  const till = { entry: { deviceAlias: 'till', methods: ['01', 'A1'], deviceAdmin: '${PAYCFG_DEVICE_ADMIN_SHOP_TILL}' }, comment: 'activated terminal T1' };
  const noAlias = { entry: { deviceAlias: '', deviceName: 'Old' }, commentedOut: ['Not exported: no alias.', '  PUT /x'] };

  it('puts the modeline first, quotes method codes, and lists the variables at the end', () => {
    const text = renderSingleFile(manifest([merchant('shop', { devices: { items: [till] } })]), '../schemas/manifest.schema.json');
    const lines = text.split('\n');
    expect(lines[0]).toBe('# yaml-language-server: $schema=../schemas/manifest.schema.json');
    expect(text).toContain('\n          "01": { emvs: [ visa ] }\n          "A1": {}\n');
    expect(text).toContain('\n      # activated terminal T1\n      - deviceAlias: till\n        methods: [ "01", "A1" ]\n');
    expect(
      text.endsWith(
        "# Secret variables (1): set each to the device's admin password before `paycfg plan`; the first\n" +
          "# apply sets each device's admin password to what its variable holds (plan shows a change where\n" +
          '# they differ).\n' +
          '#   PAYCFG_DEVICE_ADMIN_SHOP_TILL  merchant shop, device till\n',
      ),
    ).toBe(true);
    const parsed = parseYamlData(text, 'm.yaml');
    expect(parsed.diagnostics).toEqual([]);
    expect((parsed.value as any).merchants[0].devices[0].methods).toEqual(['01', 'A1']);
  });

  it('writes a commented-out merchant that uncomments into the entry, at the right indentation', () => {
    const unkeyed = merchant('', {
      mchId: 'M9',
      commentedOut: ['Not exported: merchant M9 has no providerReference.'],
      devices: { items: [till, noAlias] },
    });
    const text = renderSingleFile(manifest([merchant('shop'), unkeyed]), 's.json');
    expect(text).toContain('\n  # Not exported: merchant M9 has no providerReference.\n  # - providerReference: ""\n');
    const value = uncommentEntry(text, /^ {2}# - providerReference: ""/);
    expect(value).toEqual([
      {
        ...unkeyed.entry,
        bindings: [unkeyed.bindings.items[0]!.entry],
        // The device without alias stays commented out one level deeper.
        devices: [till.entry],
      },
    ]);
    expect(text).toContain('\n  #     # Not exported: no alias.\n  #     #   PUT /x\n  #     # - deviceAlias: ""\n');
  });

  it('carries the `key:` line itself when no entry of the list is active', () => {
    const text = renderSingleFile(manifest([merchant('', { mchId: 'M9', commentedOut: ['Not exported.'] })]), 's.json');
    expect(text).not.toMatch(/^merchants:/m);
    expect(text).toMatch(/^# merchants:\n# {3}Not exported\.\n# {3}- providerReference: ""\n/m);
    expect(parseYamlData(text, 'm.yaml').diagnostics).toEqual([]);
  });

  it('writes a list that must not be managed commented out as a whole, with the reason', () => {
    const text = renderSingleFile(
      manifest([merchant('shop', { devices: { items: [till, noAlias], unmanaged: ['devices: not managed, because of a pending code.'] } })]),
      's.json',
    );
    expect(text).toContain('\n    # devices: not managed, because of a pending code.\n    # devices:\n    #   # activated terminal T1\n    #   - deviceAlias: till\n');
    const value = uncommentEntry(text, /^ {4}# devices:$/) as { devices: unknown[] };
    expect(value).toEqual({ devices: [till.entry] });
    const parsed = parseYamlData(text, 'm.yaml');
    expect(parsed.diagnostics).toEqual([]);
    expect((parsed.value as any).merchants[0]).not.toHaveProperty('devices');
  });

  it('places a commented-out list where it belongs, before the next key', () => {
    const text = renderSingleFile(
      manifest([merchant('shop', { bindings: { items: [], unmanaged: ['bindings: not managed.'] }, devices: { items: [till] } })]),
      's.json',
    );
    expect(text).toMatch(/ {4}# bindings: not managed\.\n {4}# bindings: \[\]\n {4}devices:\n/);
  });

  it('writes the folder layout with a modeline per file', () => {
    const files = renderFileSet(manifest([merchant('shop'), merchant('', { mchId: 'M9', commentedOut: ['x'] })]), (path) => `<${path}>`);
    expect(files.map((f) => f.path)).toEqual(['paycfg.yaml', 'emv-configs.yaml', 'acquirer-profiles.yaml', 'merchants/shop.yaml', 'merchants/unkeyed-M9.yaml']);
    for (const file of files) {
      expect(file.text.split('\n')[0]).toBe(`# yaml-language-server: $schema=<${file.path}>`);
      expect(file.text).toMatch(/^version: 1$/m);
      expect(parseYamlData(file.text, file.path).diagnostics).toEqual([]);
    }
    expect(files[2]!.text).toContain('acquirerProfiles: []');
  });

  it('names merchant files safely and uniquely', () => {
    const names = merchantFileNames([merchant('a/b'), merchant('A_B'), merchant('..hidden'), merchant('ok'), merchant('', { mchId: 'M1' })]);
    expect(names).toEqual(['a_b', 'A_B-2', 'hidden', 'ok', 'unkeyed-M1']);
  });
});
