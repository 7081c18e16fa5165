/**
 * A secret variable that is set but empty, as GitHub Actions passes `${{ secrets.X }}` for a secret
 * nobody defined: refused before any request, by plan and apply and by the apply of a saved plan,
 * where it used to set the terminal's admin password to nothing without a word.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
let sim: TestSimulator;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

async function cli(argv: string[], env: Record<string, string>, cwd: string) {
  const io = captureIo({ env, cwd });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('a secret variable set but empty', () => {
  it('is refused at its line by validate, plan and apply, and a saved plan made with the secret set is refused at apply', async () => {
    await sim.admin.createGroup({ groupId: 'G-70000001' });
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-empty-secret-'));
    const manifest = join(dir, 'paycfg.yaml');
    const text = readFileSync(basic, 'utf8').replace(/^group: .*$/m, '');
    writeFileSync(manifest, text);
    const line = text.split('\n').findIndex((l) => l.includes('deviceAdmin: ${TILL_ADMIN_PASSWORD}')) + 1;
    const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token('G-70000001') };
    const before = (await sim.admin.stats()).total;

    for (const argv of [['validate'], ['plan'], ['apply', '--auto-approve']]) {
      const run = await cli([...argv, '-f', manifest], { ...env, TILL_ADMIN_PASSWORD: '' }, dir);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.err).toContain(`paycfg.yaml:${line}:`);
      expect(run.err).toContain('environment variable TILL_ADMIN_PASSWORD is set but empty, and a secret cannot be empty');
    }
    // validate --allow-missing-env checks the rest, as with an unset variable.
    expect((await cli(['validate', '--allow-missing-env', '-f', manifest], { TILL_ADMIN_PASSWORD: '' }, dir)).code).toBe(0);
    expect((await sim.admin.stats()).total).toBe(before);

    expect((await cli(['plan', '-f', manifest, '-o', 'plan.json'], { ...env, TILL_ADMIN_PASSWORD: 'till-pw' }, dir)).code).toBe(0);
    const apply = await cli(['apply', 'plan.json'], { ...env, TILL_ADMIN_PASSWORD: '' }, dir);
    expect(apply.code).toBe(1);
    expect(apply.err).toContain('TILL_ADMIN_PASSWORD (set but empty)');
    expect(apply.err).toContain('Nothing was changed.');
  });
});
