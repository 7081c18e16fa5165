import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/registry.js';
import { validateCommand } from '../../src/cli/commands/validate.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = path.join(ROOT, 'test/fixtures/manifests');

async function run(argv: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const io = captureIo({ cwd: options.cwd ?? ROOT, env: options.env ?? {} });
  const code = await main(['validate', ...argv], io);
  return { code, out: io.out(), err: io.err() };
}

describe('paycfg validate', () => {
  it('is registered under its name', async () => {
    expect(commands['validate']?.summary).toBe('Check manifests offline (no request is sent)');
    expect(await commands['validate']?.load()).toBe(validateCommand);
  });

  it('prints a one-line summary and exits 0 for a valid manifest', async () => {
    expect(await run(['-f', 'examples/basic'])).toEqual({
      code: 0,
      out: 'manifest valid: 1 file, 2 EMV configs, 1 acquirer profile, 1 merchant (1 binding, 1 device)\n',
      err: '',
    });
    expect((await run(['-f', 'examples/multi-file/paycfg.yaml', '--file', 'examples/multi-file'])).out).toBe(
      'manifest valid: 8 files, 4 EMV configs, 2 acquirer profiles, 3 merchants (4 bindings, 3 devices)\n',
    );
  });

  it('prints every error as file:line:col: message and exits 1', async () => {
    const result = await run(['-f', 'bad-references.yaml'], { cwd: FIXTURES });
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    const expected = readFileSync(path.join(FIXTURES, 'bad-references.expected.txt'), 'utf8');
    expect(result.err).toBe(`${expected}manifest invalid: 4 errors in 1 file\n`);
  });

  it('prints machine-readable results with --json', async () => {
    const valid = await run(['-f', 'examples/basic', '--json']);
    expect(valid.code).toBe(0);
    expect(JSON.parse(valid.out)).toEqual({
      formatVersion: 1,
      valid: true,
      files: ['examples/basic/paycfg.yaml'],
      counts: { emvConfigs: 2, acquirerProfiles: 1, merchants: 1, bindings: 1, devices: 1 },
      errors: [],
      missingVariables: [],
    });
    const invalid = await run(['-f', 'two-defaults.yaml', '--json'], { cwd: FIXTURES });
    expect(invalid.code).toBe(1);
    expect(invalid.err).toBe('');
    expect(JSON.parse(invalid.out)).toEqual({
      formatVersion: 1,
      valid: false,
      files: ['two-defaults.yaml'],
      counts: null,
      errors: [
        {
          file: 'two-defaults.yaml',
          line: 16,
          col: 16,
          path: ['acquirerProfiles', 1, 'asDefault'],
          message: expect.stringMatching(/^acquirerProfiles\[1\]\.asDefault: profile "host-b-usd" and profile "host-a-usd"/),
        },
      ],
      missingVariables: [],
    });
  });

  it('treats unset variables as placeholders with --allow-missing-env, and says so', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'paycfg-validate-'));
    try {
      await writeFile(
        path.join(dir, 'm.yaml'),
        'version: 1\nmerchants:\n  - { providerReference: a, mchName: A, currency: USD, contactName: J, contactEmail: j@a.example, passcode: "${SHOP_PASSCODE}" }\n',
      );
      const strict = await run(['-f', 'm.yaml'], { cwd: dir });
      expect(strict.code).toBe(1);
      expect(strict.err).toContain('m.yaml:3:109: merchants[0].passcode: environment variable SHOP_PASSCODE is not set');
      const lenient = await run(['-f', 'm.yaml', '--allow-missing-env'], { cwd: dir });
      expect(lenient).toEqual({
        code: 0,
        out:
          'manifest valid: 1 file, 0 EMV configs, 0 acquirer profiles, 1 merchant (0 bindings, 0 devices); ' +
          '1 environment variable not set, checked as placeholders: SHOP_PASSCODE\n',
        err: '',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never prints a secret, even from a broken manifest', async () => {
    const result = await run(['-f', 'secret-values.yaml'], { cwd: FIXTURES, env: { PAYCFG_FIXTURE_SET: 'value-from-env' } });
    expect(result.code).toBe(1);
    expect(result.err).not.toContain('value-from-env');
    expect(result.err).not.toContain('123456');
  });

  it('refuses a call without -f or with a stray argument', async () => {
    const bare = await run([]);
    expect(bare).toMatchObject({ code: 1, out: '' });
    expect(bare.err).toMatch(/^Error: paycfg validate: no manifest given; pass -f PATH \(a file or a directory\)\nUsage: paycfg validate /);
    const stray = await run(['examples/basic']);
    expect(stray.code).toBe(1);
    expect(stray.err).toMatch(/unexpected argument "examples\/basic"/);
    expect((await run(['-f', 'examples/basic', '--nope'])).code).toBe(1);
  });

  it('documents its flags in --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('--allow-missing-env');
    expect(result.out).toContain('-f, --file PATH');
  });
});
