/**
 * `paycfg validate` with the payment rules: an error is a manifest error (exit 1, file:line:col:
 * path: message [rule]), a warning is printed as validate's warnings are (exit 0); the JSON output
 * names each one's rule. The same for every environment of an environments file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { edit, GOOD, positionOf, writeFiles } from './helpers.js';

async function validate(files: Parameters<typeof writeFiles>[0], argv: string[] = []) {
  const dir = writeFiles(files);
  const io = captureIo({ env: {}, cwd: dir });
  const code = await main(['validate', '-f', '.', ...argv], io);
  return { code, out: io.out(), err: io.err(), dir };
}

const CONFIGS = 'configs.yaml';
const BAD_LIMITS = edit(GOOD, CONFIGS, 'clCVMLimit: 100000, clTransLimit: 500000, defaultDDOL', 'clCVMLimit: 900000, clTransLimit: 500000, defaultDDOL');
const UNKNOWN_AID = edit(GOOD, CONFIGS, 'params: { aid: A0000000041010', 'params: { aid: A0000000421010');

describe('paycfg validate and the payment rules', () => {
  it('a correct manifest: valid, nothing more said', async () => {
    const { code, out, err } = await validate(GOOD);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toBe('manifest valid: 2 files, 3 EMV configs, 2 acquirer profiles, 1 merchant (2 bindings, 1 device)\n');
  });

  it('a rule error: exit 1, at file:line:col, with the rule id', async () => {
    const { code, out, err } = await validate(BAD_LIMITS);
    const { line, col } = positionOf(BAD_LIMITS[CONFIGS]!, '900000');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(
      `configs.yaml:${line}:${col}: emvConfigs[0].params.clCVMLimit: clCVMLimit 900000 (9000.00 USD) is above clTransLimit 500000 (5000.00 USD): ` +
        'the contactless limits must hold clFloorLimit ≤ clCVMLimit ≤ clTransLimit, in minor units [emv-contactless-limits]\n' +
        'manifest invalid: 1 error in 1 file\n',
    );
  });

  it('a rule warning: printed as a warning, exit 0', async () => {
    const { code, out, err } = await validate(UNKNOWN_AID);
    const { line, col } = positionOf(UNKNOWN_AID[CONFIGS]!, 'A0000000421010');
    expect(code).toBe(0);
    expect(err).toBe(
      `warning: configs.yaml:${line}:${col}: emvConfigs[1].params.aid: aid A0000000421010 has RID A000000042, which is no card network's; ` +
        'paymentMethod 02 is Mastercard (A000000004, A000000005) [emv-aid-provider]\n',
    );
    expect(out).toMatch(/^manifest valid: /);
  });

  it('--json: rule errors and warnings carry their rule', async () => {
    const invalid = JSON.parse((await validate(BAD_LIMITS, ['--json'])).out) as { valid: boolean; errors: { rule?: string; path: unknown[] }[] };
    expect(invalid.valid).toBe(false);
    expect(invalid.errors).toEqual([expect.objectContaining({ rule: 'emv-contactless-limits', path: ['emvConfigs', 0, 'params', 'clCVMLimit'] })]);
    const valid = JSON.parse((await validate(UNKNOWN_AID, ['--json'])).out) as { valid: boolean; warnings: { rule?: string }[] };
    expect(valid.valid).toBe(true);
    expect(valid.warnings).toEqual([expect.objectContaining({ rule: 'emv-aid-provider', file: 'configs.yaml' })]);
  });

  it('with environments: each environment is checked with the rules', async () => {
    const files = { ...BAD_LIMITS, 'paycfg.environments.yaml': '' };
    const dir = writeFiles(files);
    writeFileSync(
      join(dir, 'paycfg.environments.yaml'),
      'version: 1\nenvironments:\n  test:\n    baseUrl: http://127.0.0.1:8181\n    group: G-00000001\n    token: { env: T }\n    manifests: [configs.yaml, merchants]\n',
    );
    const io = captureIo({ env: {}, cwd: dir });
    const code = await main(['validate', '--environments', 'paycfg.environments.yaml'], io);
    expect(code).toBe(1);
    expect(io.err()).toContain('[emv-contactless-limits]');
    expect(io.err()).toContain('environment test: manifest invalid: 1 error in 1 file');
  });
});
