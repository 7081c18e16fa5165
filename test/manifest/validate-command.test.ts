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
import { EXAMPLES_ENV } from '../helpers/example-secrets.js';

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
    expect(await run(['-f', 'examples/basic'], { env: EXAMPLES_ENV })).toEqual({
      code: 0,
      out: 'manifest valid: 1 file, 2 EMV configs, 1 acquirer profile, 1 merchant (1 binding, 1 device)\n',
      err: '',
    });
    expect(await run(['-f', 'examples/multi-file/paycfg.yaml', '--file', 'examples/multi-file'], { env: EXAMPLES_ENV })).toEqual({
      code: 0,
      out: 'manifest valid: 8 files, 4 EMV configs, 2 acquirer profiles, 3 merchants (4 bindings, 3 devices)\n',
      err: '',
    });
  });

  it('prints every error as file:line:col: message and exits 1', async () => {
    const result = await run(['-f', 'bad-references.yaml'], { cwd: FIXTURES });
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    const expected = readFileSync(path.join(FIXTURES, 'bad-references.expected.txt'), 'utf8');
    expect(result.err).toBe(`${expected}manifest invalid: 4 errors in 1 file\n`);
  });

  it('prints machine-readable results with --json', async () => {
    const valid = await run(['-f', 'examples/basic', '--json'], { env: EXAMPLES_ENV });
    expect(valid.code).toBe(0);
    expect(JSON.parse(valid.out)).toEqual({
      formatVersion: 1,
      valid: true,
      files: ['examples/basic/paycfg.yaml'],
      counts: { emvConfigs: 2, acquirerProfiles: 1, merchants: 1, bindings: 1, devices: 1 },
      errors: [],
      warnings: [],
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
      warnings: [],
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

  it('warns about each secret written with a default, which plan --out would refuse, and still exits 0', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'paycfg-validate-'));
    try {
      const device = (alias: string, admin: string) => `      - { deviceAlias: ${alias}, deviceName: ${alias}, deviceAdmin: "${admin}" }\n`;
      const merchant = (ref: string, passcode: string, devices: string) =>
        `  - providerReference: ${ref}\n    mchName: ${ref}\n    currency: USD\n    contactName: J\n    contactEmail: j@a.example\n    passcode: "${passcode}"\n    devices:\n${devices}`;
      const first = `version: 1\nmerchants:\n${merchant('a', '${SHOP_PASSCODE}', device('t1', '${TILL_PW:-hidden-default-1}') + device('t2', '${TILL_PW:-hidden-default-1}'))}`;
      // A second file: positions name the file the field is written in; an empty default is no default.
      const other = `version: 1\nmerchants:\n${merchant('b', '${B_PASSCODE:-hidden-default-2}', device('t3', '${B_PW:-}'))}`;
      await writeFile(path.join(dir, 'a.yaml'), first);
      await writeFile(path.join(dir, 'b.yaml'), other);
      const env = { SHOP_PASSCODE: '1111', TILL_PW: 'set-anyway', B_PASSCODE: '2222', B_PW: 'b-pw' };
      const text = await run(['-f', 'a.yaml', '-f', 'b.yaml'], { cwd: dir, env });
      expect(text.code).toBe(0);
      expect(text.out).toBe('manifest valid: 2 files, 0 EMV configs, 0 acquirer profiles, 2 merchants (0 bindings, 3 devices)\n');
      const lines = text.err.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      const texts: Record<string, string> = { 'a.yaml': first, 'b.yaml': other };
      const at = lines.map((line) => {
        const [, file, row, col, message] = /^warning: (\w\.yaml):(\d+):(\d+): (.*)$/.exec(line) ?? [];
        expect(message, line).toBeDefined();
        return { file, written: texts[file!]!.split('\n')[Number(row) - 1]!.slice(Number(col) - 1).replace(/^"|" }$|"$/g, ''), message };
      });
      expect(at.map(({ file, written }) => [file, written])).toEqual([
        ['a.yaml', '${TILL_PW:-hidden-default-1}'],
        ['a.yaml', '${TILL_PW:-hidden-default-1}'],
        ['b.yaml', '${B_PASSCODE:-hidden-default-2}'],
      ]);
      expect(at[0]!.message).toBe(
        'deviceAdmin takes a default from ${TILL_PW:-…}, so `paycfg plan --out` will refuse to save a plan of it: ' +
          "a saved plan keeps each secret's template, to read its variables again at apply time, and would carry the default in clear. " +
          'Write ${TILL_PW} without the default, and set TILL_PW when you plan and when you apply.',
      );
      expect(at[2]!.message).toMatch(/^passcode takes a default from \$\{B_PASSCODE:-…\}, /);
      expect(text.err).not.toContain('hidden-default');

      const json = await run(['-f', 'a.yaml', '-f', 'b.yaml', '--json'], { cwd: dir, env });
      expect(json.code).toBe(0);
      expect(json.err).toBe('');
      const report = JSON.parse(json.out);
      expect(report.valid).toBe(true);
      expect(report.warnings.map((w: { file: string; line: number; col: number; path: unknown; message: string }) => [`warning: ${w.file}:${w.line}:${w.col}: ${w.message}`, w.path])).toEqual([
        [lines[0], ['merchants', 0, 'devices', 0, 'deviceAdmin']],
        [lines[1], ['merchants', 0, 'devices', 1, 'deviceAdmin']],
        [lines[2], ['merchants', 1, 'passcode']],
      ]);
      expect(json.out).not.toContain('hidden-default');
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
