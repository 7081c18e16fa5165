/**
 * The saved plan file as a person mistypes it: a name that does not exist, a plan cut short, a
 * directory given to --out. Each gets a message that says what the file is, never Node's text.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { EXAMPLES_ENV } from '../helpers/example-secrets.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
let sim: TestSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: 'G-00000001' });
  env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token('G-00000001'), ...EXAMPLES_ENV };
  dir = mkdtempSync(join(tmpdir(), 'paycfg-saved-file-'));
});
afterAll(async () => {
  await sim.close();
});

async function cli(argv: string[]) {
  const io = captureIo({ env, cwd: dir });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('a saved plan file', () => {
  it('that does not exist is named as missing, without Node error text', async () => {
    for (const command of ['show', 'apply']) {
      const { code, err } = await cli([command, 'nope.json']);
      expect(code, command).toBe(1);
      expect(err, command).toContain('nope.json: no such file. A saved plan is written by `paycfg plan -f MANIFEST --out PLANFILE`.');
      expect(err, command).not.toMatch(/ENOENT|open '/);
    }
  });

  it('that was cut short is called damaged, not the output of plan --json', async () => {
    expect((await cli(['plan', '-f', basic, '-o', 'plan.json'])).code).toBe(0);
    const whole = readFileSync(join(dir, 'plan.json'), 'utf8');
    writeFileSync(join(dir, 'cut.json'), whole.slice(0, Math.floor(whole.length / 2)));
    const { code, err } = await cli(['show', 'cut.json']);
    expect(code).toBe(1);
    expect(err).toContain('cut.json is a saved plan that is damaged or cut short (it is not valid JSON)');
    expect(err).not.toContain('plan --json');
  });

  it('--out to a directory is refused, --force or not, and --force is not offered', async () => {
    mkdirSync(join(dir, 'plans'));
    for (const extra of [[], ['--force']]) {
      const { code, err } = await cli(['plan', '-f', basic, '-o', 'plans', ...extra]);
      expect(code, extra.join(' ')).toBe(1);
      expect(err).toContain('plans is a directory: --out writes one file');
      expect(err).not.toContain('--force');
      expect(err).not.toMatch(/EISDIR|rename '/);
    }
  });

  it('with a secret default in the manifest is refused before any request is sent', async () => {
    const manifest = readFileSync(basic, 'utf8').replace('${TILL_ADMIN_PASSWORD}', '${TILL_ADMIN_PASSWORD:-demo-admin-1234}');
    expect(manifest).toContain(':-demo-admin-1234}');
    writeFileSync(join(dir, 'defaulted.yaml'), manifest);
    await sim.admin.resetStats();
    const { code, err } = await cli(['plan', '-f', 'defaulted.yaml', '-o', 'refused.json']);
    expect(code).toBe(1);
    expect(err).toContain('deviceAdmin takes a default from ${TILL_ADMIN_PASSWORD:-…}');
    expect(err).not.toContain('demo-admin-1234');
    expect((await sim.admin.stats()).total).toBe(0);
  });

  it('given to show as a manifest suggests plan -f, to apply as one apply -f; apply help points at --help', async () => {
    writeFileSync(join(dir, 'paycfg.yaml'), readFileSync(basic, 'utf8'));
    expect((await cli(['show', 'paycfg.yaml'])).err).toContain('did you mean `paycfg plan -f paycfg.yaml`?');
    expect((await cli(['apply', 'paycfg.yaml'])).err).toContain('did you mean `paycfg apply -f paycfg.yaml`?');
    expect((await cli(['apply', 'help'])).err).toContain('Did you mean `paycfg apply --help`?');
  });

  it('of a plan with nothing to do says so when saved, rather than to apply it', async () => {
    expect((await cli(['apply', '-f', basic, '--auto-approve'])).code).toBe(0);
    const { code, err } = await cli(['plan', '-f', basic, '-o', 'empty.json']);
    expect(code).toBe(0);
    expect(err).toContain('Saved the plan to empty.json; it has no changes to carry out.');
  });
});
