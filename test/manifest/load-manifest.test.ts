import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManifestError, formatDiagnostic, loadManifest, type LoadedManifest } from '../../src/manifest/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const EMV = `
emvConfigs:
  - { emvName: visa-usd, paymentMethod: 1, currency: USD, params: { aid: A0000000031010, clFloorLimit: 0 } }
  - { emvName: mc-usd, paymentMethod: "02", currency: USD, params: {} }
`;
const PROFILE = `
acquirerProfiles:
  - profileName: host-a-usd
    currency: USD
    connMessageFormat: HOSTA_8583
    methods: { 1: { emvs: [visa-usd] }, "02": { emvs: [mc-usd] } }
`;
const merchant = (ref: string, extra = '') => `
  - providerReference: ${ref}
    mchName: Shop ${ref}
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@${ref}.example${extra}`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-load-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
}

async function load(paths: string[], env: Record<string, string> = {}, allowMissingEnv = false): Promise<LoadedManifest> {
  return loadManifest(paths, { env, cwd: dir, allowMissingEnv });
}

async function errorsOf(paths: string[], env: Record<string, string> = {}): Promise<string[]> {
  const error = await load(paths, env).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ManifestError);
  return (error as ManifestError).diagnostics.map(formatDiagnostic);
}

describe('loadManifest', () => {
  it('normalises codes, defaults acqType to card and keeps absent fields undefined', async () => {
    await write({ 'm.yaml': `version: 1\n${EMV}${PROFILE}\nmerchants:${merchant('a')}\n` });
    const { manifest } = await load(['m.yaml']);
    expect(manifest.emvConfigs.map((e) => e.paymentMethod)).toEqual(['01', '02']);
    const profile = manifest.acquirerProfiles[0];
    expect(profile?.acqType).toBe('card');
    expect(Object.keys(profile?.methods ?? {})).toEqual(['01', '02']);
    expect(profile?.asDefault).toBeUndefined();
    expect(manifest.prune).toEqual({ emvConfigs: false, acquirerProfiles: false, merchants: false, activatedDevices: false });
    expect(manifest.group).toBeUndefined();
    const shop = manifest.merchants[0];
    expect(shop?.state).toBeUndefined();
    expect(shop && 'bindings' in shop ? shop.bindings : undefined).toBeUndefined();
  });

  it('keeps an absent bindings/devices list apart from an empty one', async () => {
    await write({ 'm.yaml': `version: 1\n${EMV}${PROFILE}\nmerchants:${merchant('a')}${merchant('b', '\n    bindings: []\n    devices: []')}\n` });
    const [a, b] = (await load(['m.yaml'])).manifest.merchants;
    expect(a?.bindings).toBeUndefined();
    expect(a?.devices).toBeUndefined();
    expect(b?.bindings).toEqual([]);
    expect(b?.devices).toEqual([]);
  });

  it('merges files in order and locates merged entries in the file they came from', async () => {
    await write({
      'shared.yaml': `version: 1\ngroup: G-00000001\n${EMV}${PROFILE}`,
      'merchants/a.yaml': `version: 1\ngroup: G-00000001\nmerchants:${merchant('a')}${merchant('b')}\n`,
      'merchants/c.yaml': `version: 1\nprune: { merchants: true }\nmerchants:${merchant('c', '\n    devices:\n      - { deviceAlias: till-1 }')}\n`,
      'merchants/.hidden/ignored.yaml': 'not: a manifest',
      'merchants/readme.md': 'not a manifest either',
    });
    const loaded = await load(['shared.yaml', 'merchants', 'merchants/a.yaml']);
    expect(loaded.files).toEqual(['shared.yaml', 'merchants/a.yaml', 'merchants/c.yaml']);
    expect(loaded.manifest.merchants.map((m) => m.providerReference)).toEqual(['a', 'b', 'c']);
    expect(loaded.manifest.group).toBe('G-00000001');
    expect(loaded.manifest.prune.merchants).toBe(true);
    expect(loaded.locate(['merchants', 2, 'devices', 0, 'deviceAlias'])).toEqual({ file: 'merchants/c.yaml', line: 10, col: 24 });
    expect(loaded.locate(['merchants', 1])).toEqual({ file: 'merchants/a.yaml', line: 9, col: 5 });
    expect(loaded.locate(['acquirerProfiles', 0, 'methods', '01', 'emvs', 0])).toEqual({ file: 'shared.yaml', line: 12, col: 28 });
    expect(loaded.locate(['prune', 'merchants'])).toEqual({ file: 'merchants/c.yaml', line: 2, col: 21 });
    expect(loaded.locate(['merchants', 99, 'nothing'])).toEqual({ file: 'shared.yaml', line: 1, col: 1 });
  });

  it('reports secrets: deviceAdmin and passcode always, and every value built from variables', async () => {
    await write({
      'm.yaml': `version: 1\nmerchants:${merchant('a', `
    passcode: "0000"
    contactName: \${CONTACT}
    devices:
      - deviceAlias: till-1
        deviceAdmin: \${ADMIN:-fallback-admin}
      - deviceAlias: till-2
        deviceName: till \${SUFFIX}
        deviceAdmin: literal-admin`).replace('    contactName: Jane Doe\n', '')}\n`,
    });
    const loaded = await load(['m.yaml'], { CONTACT: 'Jane Secret', SUFFIX: 'two' });
    expect(loaded.secrets).toEqual(
      expect.arrayContaining([
        { path: ['merchants', 0, 'passcode'], variables: [], template: '' },
        { path: ['merchants', 0, 'devices', 0, 'deviceAdmin'], variables: ['ADMIN'], template: '${ADMIN:-fallback-admin}' },
        { path: ['merchants', 0, 'devices', 1, 'deviceAdmin'], variables: [], template: '' },
        { path: ['merchants', 0, 'contactName'], variables: ['CONTACT'], template: '${CONTACT}' },
        { path: ['merchants', 0, 'devices', 1, 'deviceName'], variables: ['SUFFIX'], template: 'till ${SUFFIX}' },
      ]),
    );
    expect(loaded.secrets).toHaveLength(5);
    // Where a literal secret is written (a saved plan refuses it there), found by reading the file again.
    const text = (await readFile(path.join(dir, 'm.yaml'), 'utf8')).split('\n');
    const literal = loaded.secrets.find((s) => s.path.at(-1) === 'deviceAdmin' && s.variables.length === 0)!;
    const at = loaded.locate(literal.path);
    expect(at.file).toBe('m.yaml');
    expect(text[at.line - 1]!.slice(at.col - 1)).toBe('literal-admin');
    expect([...loaded.secretValues].sort()).toEqual(['0000', 'Jane Secret', 'fallback-admin', 'literal-admin', 'till two', 'two'].sort());
    expect(loaded.secretValues[0]).toBe('fallback-admin');
  });

  it('finds secrets under payment method keys written as numbers', async () => {
    await write({ 'm.yaml': `version: 1\n${EMV}${PROFILE.replace('[visa-usd]', '["\${EMV_NAME}"]')}` });
    const loaded = await load(['m.yaml'], { EMV_NAME: 'visa-usd' });
    expect(loaded.secrets).toEqual([{ path: ['acquirerProfiles', 0, 'methods', '01', 'emvs', 0], variables: ['EMV_NAME'], template: '${EMV_NAME}' }]);
  });

  it('keeps a variable under a method key written as a number out of messages, and a missing one a placeholder', async () => {
    await write({ 'm.yaml': `version: 1\n${EMV}${PROFILE.replace('[visa-usd]', '["\${EMV_NAME}"]')}` });
    const errors = await errorsOf(['m.yaml'], { EMV_NAME: 'secret-emv-name' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('acquirerProfiles[0].methods');
    expect(errors.join('\n')).not.toContain('secret-emv-name');
    const loaded = await load(['m.yaml'], {}, true);
    expect(loaded.missingVariables).toEqual(['EMV_NAME']);
  });

  it('does not print a key built from a variable when it is a duplicate', async () => {
    await write({ 'a.yaml': `version: 1\n${EMV}`, 'b.yaml': `version: 1\n${EMV.replace('emvName: mc-usd', 'emvName: "\${EMV_NAME}"')}` });
    const errors = await errorsOf(['a.yaml', 'b.yaml'], { EMV_NAME: 'mc-usd' });
    expect(errors).toContainEqual(expect.stringContaining('EMV config <secret value> is already defined at a.yaml:5'));
    expect(errors.join('\n')).not.toContain('mc-usd');
  });

  it('keeps values built from variables out of cross-entry messages and their suggestions', async () => {
    const profiles = `
acquirerProfiles:
  - profileName: host-a-usd
    currency: USD
    connMessageFormat: HOSTA_8583
    enablerParams: ["\${TID_FIELD}", mid]
    methods: { 1: { emvs: [visa-usd] } }
  - profileName: "\${HOST}"
    currency: USD
    connMessageFormat: HOSTA_8583
    methods: { "02": { emvs: [mc-usd] } }
`;
    const merchants = `merchants:${merchant('m1')}
    bindings:
      - { acquirer: host-a-usd, currency: "\${CCY}", methods: { 1: { emvs: [visa-usd] } } }
      - { acquirer: host-a-usd, currency: "\${CCY}", methods: { 1: { emvs: [visa-usd] } } }
    devices:
      - deviceAlias: till-1
        acquirerFields:
          host-a-usd: { mid: "1", terminal-id-fieldx: "2" }
          hidden-hots: { mid: "1" }
`;
    await write({ 'm.yaml': `version: 1\n${EMV}${profiles}${merchants}` });
    const errors = await errorsOf(['m.yaml'], { HOST: 'hidden-host', TID_FIELD: 'terminal-id-field', CCY: 'JPY' });
    const text = errors.join('\n');
    expect(text).toContain('a binding to acquirer profile "host-a-usd" in <secret value> is already defined');
    expect(text).toContain('missing field <secret value>: acquirer profile "host-a-usd" has enablerParams <secret value>, mid');
    expect(text).toContain('field "terminal-id-fieldx" is not in the enablerParams of acquirer profile "host-a-usd" (<secret value>, mid)');
    expect(text).toContain('acquirer profile "hidden-hots" is not defined in the manifest');
    for (const secret of ['hidden-host', 'terminal-id-field"', 'terminal-id-field?', 'JPY']) expect(text).not.toContain(secret);
  });

  it('keeps the positions of a manifest read from a pipe, which cannot be read again', async () => {
    const text = `version: 1\n${EMV}${PROFILE}\nmerchants:${merchant('a', '\n    passcode: ${PASSCODE}')}\n`;
    await write({ 'm.yaml': text });
    const expected = await errorsOf(['m.yaml']);
    expect(expected).toEqual([expect.stringMatching(/^m\.yaml:19:15: merchants\[0\]\.passcode: environment variable PASSCODE is not set/)]);

    const fifo = path.join(dir, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', 'cat m.yaml > pipe.yaml'], { cwd: dir, stdio: 'ignore' });
    const written = new Promise((resolve) => writer.on('exit', resolve));
    const errors = await errorsOf(['pipe.yaml']);
    await written;
    expect(errors).toEqual(expected.map((line) => line.replace(/^m\.yaml/, 'pipe.yaml')));
  });

  it('with allowMissingEnv, validates around missing variables and names them', async () => {
    await write({
      'm.yaml': `version: 1\n${EMV}${PROFILE}\nmerchants:${merchant('a', '\n    passcode: ${PASSCODE}')}${merchant('b').replace('jane@b.example', '${EMAIL}')}\n`,
    });
    expect(await errorsOf(['m.yaml'])).toEqual([
      'm.yaml:19:15: merchants[0].passcode: environment variable PASSCODE is not set; set it',
      'm.yaml:24:19: merchants[1].contactEmail: environment variable EMAIL is not set; set it, or give a default with ${EMAIL:-value}',
    ]);
    const loaded = await load(['m.yaml'], {}, true);
    expect(loaded.missingVariables).toEqual(['EMAIL', 'PASSCODE']);
    expect(loaded.manifest.merchants[0]?.passcode).toBe('${PASSCODE}');
    // The e-mail cannot be checked without its value: the merchant is counted, not returned.
    expect(loaded.manifest.merchants.map((m) => m.providerReference)).toEqual(['a']);
    expect(loaded.counts.merchants).toBe(2);
  });

  it('skips checks that need what is unknown offline', async () => {
    await write({
      'm.yaml': `version: 1\n${EMV}${PROFILE}\nmerchants:${merchant(
        'a',
        `
    devices:
      - deviceAlias: till-1
        methods: ["02"]
        acquirerFields: { host-a-usd: { anyField: "the profile has no enablerParams" } }`,
      )}\n`,
    });
    const loaded = await load(['m.yaml']);
    expect(loaded.manifest.merchants[0]?.devices?.[0]?.acquirerFields).toEqual({ 'host-a-usd': { anyField: 'the profile has no enablerParams' } });
  });

  it('reports every error at once, sorted by file, line and column, across files', async () => {
    await write({
      'a.yaml': `version: 1\n${EMV}${PROFILE}\nmerchants:${merchant('a', '\n    bindings:\n      - { acquirer: host-b, currency: USD, methods: { "01": {} } }')}\n`,
      'b.yaml': `version: 1\nmerchants:${merchant('a')}${merchant('b', '\n    mcc: 5814')}\n`,
    });
    expect(await errorsOf(['.'])).toEqual([
      'a.yaml:20:21: merchants[0].bindings[0].acquirer: acquirer profile "host-b" is not defined in the manifest',
      'b.yaml:3:24: merchants[0].providerReference: merchant "a" is already defined at a.yaml:14:24; each providerReference must be unique',
      'b.yaml:13:10: merchants[1].mcc: expected a string, got 5814; put it in quotes so that it stays text (YAML drops leading zeros from numbers)',
    ]);
  });

  it('reports a missing path and an empty argument list', async () => {
    expect(await errorsOf(['missing.yaml', 'missing-dir/'])).toEqual([
      'missing-dir/:1:1: no such file or directory',
      'missing.yaml:1:1: no such file or directory',
    ]);
    expect(await errorsOf([])).toEqual(['<command line>:1:1: no manifest file given; pass one or more files or directories']);
  });

  it('follows a symlinked directory once, even when it loops', async () => {
    await write({ 'real/m.yaml': `version: 1\nmerchants:${merchant('a')}\n` });
    await symlink(path.join(dir, 'real'), path.join(dir, 'real', 'loop'));
    const loaded = await load(['real']);
    expect(loaded.files).toEqual(['real/m.yaml']);
  });

  it('loads 10,000 merchants over 20 files and still locates the last one', async () => {
    const files: Record<string, string> = { 'shared.yaml': `version: 1\n${EMV}${PROFILE}` };
    for (let f = 0; f < 20; f++) {
      const entries = Array.from({ length: 500 }, (_, i) =>
        merchant(`m-${f * 500 + i}`, `
    bindings: [{ acquirer: host-a-usd, currency: USD, methods: { "01": { emvs: [visa-usd] } } }]
    devices: [{ deviceAlias: till-1, methods: ["01"] }]`),
      );
      files[`merchants/part-${String(f).padStart(2, '0')}.yaml`] = `version: 1\nmerchants:${entries.join('')}\n`;
    }
    await write(files);
    const loaded = await load(['.']);
    expect(loaded.manifest.merchants).toHaveLength(10_000);
    expect(loaded.counts).toMatchObject({ merchants: 10_000, bindings: 10_000, devices: 10_000 });
    expect(loaded.locate(['merchants', 9_999, 'devices', 0, 'deviceAlias'])).toEqual({ file: 'merchants/part-19.yaml', line: 3_502, col: 30 });
  });
});

describe('the examples', () => {
  it('basic: the issue example, loaded with its secret from the environment', async () => {
    const loaded = await loadManifest(['examples/basic/paycfg.yaml'], { env: { TILL_ADMIN_PASSWORD: 's3cr3t-from-env' }, cwd: ROOT });
    expect(loaded.manifest.merchants[0]?.devices?.[0]?.deviceAdmin).toBe('s3cr3t-from-env');
    expect(loaded.secrets).toEqual([
      { path: ['merchants', 0, 'devices', 0, 'deviceAdmin'], variables: ['TILL_ADMIN_PASSWORD'], template: '${TILL_ADMIN_PASSWORD}' },
    ]);
    expect(loaded.secretValues).toEqual(['s3cr3t-from-env']);
  });
});
