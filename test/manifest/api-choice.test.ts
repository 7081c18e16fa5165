/**
 * The manifest's `api:` (current | legacy; absent: detected) and how it meets --api; and
 * `locate.place`, which tells a value the files write from one the model defaulted.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManifestError, effectiveApi, formatDiagnostic, loadManifest, type LoadedManifest } from '../../src/manifest/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-api-choice-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function load(files: Record<string, string>): Promise<LoadedManifest> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return loadManifest(Object.keys(files), { env: {}, cwd: dir });
}

async function errorsOf(files: Record<string, string>): Promise<string[]> {
  const error = await load(files).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ManifestError);
  return (error as ManifestError).diagnostics.map(formatDiagnostic);
}

describe('the manifest key api', () => {
  it('takes current or legacy, and is undefined when absent', async () => {
    expect((await load({ 'a.yaml': 'version: 1\napi: legacy\n' })).manifest.api).toBe('legacy');
    expect((await load({ 'b.yaml': 'version: 1\napi: current\n' })).manifest.api).toBe('current');
    const absent = (await load({ 'c.yaml': 'version: 1\n' })).manifest;
    expect(absent.api).toBeUndefined();
    expect(Object.hasOwn(absent, 'api')).toBe(false);
  });

  it('refuses any other value at its position, with the values it takes', async () => {
    expect(await errorsOf({ 'm.yaml': 'version: 1\ngroup: G-00000001\napi: v2\n' })).toEqual(['m.yaml:3:6: api: must be "current" or "legacy", got "v2"']);
    expect(await errorsOf({ 'm.yaml': 'version: 1\napi: Legacy\n' })).toEqual(['m.yaml:2:6: api: must be "current" or "legacy", got "Legacy"']);
    expect(await errorsOf({ 'm.yaml': 'version: 1\napi: [legacy]\n' })).toEqual(['m.yaml:2:6: api: must be "current" or "legacy", got a list']);
  });

  it('may be repeated across files only with the same value, as group may', async () => {
    const files = { 'a.yaml': 'version: 1\napi: legacy\n', 'b.yaml': 'version: 1\n\napi: legacy\n' };
    expect((await load(files)).manifest.api).toBe('legacy');
    expect(await errorsOf({ 'a.yaml': 'version: 1\napi: legacy\n', 'b.yaml': 'version: 1\n\napi: current\n' })).toEqual([
      'b.yaml:3:6: api: differs from the api set at a.yaml:2:6; all files of one manifest must agree on api',
    ]);
  });
});

describe('effectiveApi', () => {
  it('takes the flag over the manifest; auto asks the service even where the manifest pins an API; without either, detects', () => {
    expect(effectiveApi('legacy', { api: 'current' })).toBe('legacy');
    expect(effectiveApi('current', { api: 'legacy' })).toBe('current');
    expect(effectiveApi('auto', { api: 'legacy' })).toBe('detect');
    expect(effectiveApi(undefined, { api: 'legacy' })).toBe('legacy');
    expect(effectiveApi(undefined, { api: 'current' })).toBe('current');
    expect(effectiveApi(undefined, {})).toBe('detect');
    expect(effectiveApi('auto', {})).toBe('detect');
  });
});

describe('locate.place', () => {
  it('says where a value is, the path inside its file, and whether the file writes it or the model defaulted it', async () => {
    const profile = (name: string, acqType: string) => `
  - profileName: ${name}${acqType}
    currency: USD
    connMessageFormat: HOSTA_8583
    methods: { "01": { emvs: [visa] } }`;
    const loaded = await load({
      'emv.yaml': 'version: 1\nemvConfigs:\n  - { emvName: visa, paymentMethod: "01", currency: USD, params: {} }\n',
      'profiles.yaml': `version: 1\nacquirerProfiles:${profile('written', '\n    acqType: card')}${profile('defaulted', '')}\n`,
    });
    expect(loaded.manifest.acquirerProfiles.map((p) => p.acqType)).toEqual(['card', 'card']);
    expect(loaded.locate.place(['acquirerProfiles', 0, 'acqType'], 'key')).toEqual({
      position: { file: 'profiles.yaml', line: 4, col: 5 },
      localPath: ['acquirerProfiles', 0, 'acqType'],
      written: true,
    });
    // Not written: the position is its nearest written ancestor's, the entry.
    expect(loaded.locate.place(['acquirerProfiles', 1, 'acqType'])).toEqual({
      position: { file: 'profiles.yaml', line: 8, col: 5 },
      localPath: ['acquirerProfiles', 1, 'acqType'],
      written: false,
    });
    expect(loaded.locate.place(['emvConfigs', 0, 'currency'])).toEqual({
      position: { file: 'emv.yaml', line: 3, col: 53 },
      localPath: ['emvConfigs', 0, 'currency'],
      written: true,
    });
    // A method key the model normalised is found as written ("01"), and a value past the lists is nowhere.
    expect(loaded.locate.place(['acquirerProfiles', 1, 'methods', '01', 'emvs', 0]).written).toBe(true);
    expect(loaded.locate.place(['merchants', 0]).written).toBe(false);
    expect(loaded.locate(['acquirerProfiles', 1, 'currency'])).toEqual({ file: 'profiles.yaml', line: 9, col: 15 });
  });
});
