/**
 * The plan a reviewer reads, computed against the simulator over HTTP: nested blocks with the
 * changed keys marked, values whole, a delete with its attributes, identity first, numbers as
 * numbers in the JSON patch, and a Markdown comment no value can break out of.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { executePlan } from '../../src/apply/execute-plan.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { computePlan } from '../../src/workflow/compute-plan.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const GROUP = 'G-71000001';
const basic = readFileSync(new URL('../../examples/basic/paycfg.yaml', import.meta.url), 'utf8').replace(/^group: .*$/m, `group: ${GROUP}`);
const LONG_PARAM = `9F02${'06'.repeat(300)}`;
const RECEIPT = 'Thank you\nCome again ```\n````\nBye';
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let sim: TestSimulator;
let manifest: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: GROUP, groupName: 'Render PBO' });
  env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(GROUP), TILL_ADMIN_PASSWORD: 'till-admin-secret' };
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-render-'));
  manifest = join(dir, 'paycfg.yaml');
  writeFileSync(manifest, basic);
  // The group as the example makes it, applied by the library (the CLI's apply is not what is tested here).
  const client = createApiClient({ baseUrl: sim.url, token: sim.token(GROUP), strictApi: true });
  try {
    const run = await computePlan({ paths: [manifest], env, cwd: dir, client, concurrency: 4 });
    const result = await executePlan(run.plan, { client, ids: IdRegistry.fromLive(run.live.state), live: run.live, desired: run.desired, plan: run.plan }, { parallelism: 4 });
    expect(result.outcomes.every((o) => o.status === 'done'), JSON.stringify(result.outcomes)).toBe(true);
  } finally {
    await client.close();
  }
  const stray = await sim.api('POST', '/api/openapi/v1/emv', { emvName: 'stray', paymentMethod: '03', currency: 'USD', params: JSON.stringify({ aid: 'A1', note: 'one\ntwo' }) }, GROUP);
  expect(stray.body.code).toBe(0);
  writeFileSync(
    manifest,
    basic
      .replace('version: 1', 'version: 1\nprune: { emvConfigs: true }')
      .replace('clCVMLimit: 100000 }\n  - emvName: mc-usd', `clCVMLimit: 200000, ddol: "${LONG_PARAM}" }\n  - emvName: mc-usd`)
      .replace('contactName: Jane Doe', `contactName: Jane Roe\n    receiptInfo: ${JSON.stringify(RECEIPT)}`),
  );
});
afterAll(async () => {
  await sim?.close();
});

async function plan(...flags: string[]) {
  return planOf(manifest, ...flags);
}

async function planOf(file: string, ...flags: string[]) {
  const io = captureIo({ env });
  const code = await main(['plan', '-f', file, ...flags], io);
  return { code, out: io.out(), err: io.err() };
}

describe('a plan computed against the service', () => {
  it('text: nested blocks, values whole, the delete with its attributes, identity first', async () => {
    const { code, out, err } = await plan();
    expect(code, err).toBe(0);
    const visa = out.slice(out.indexOf('  ~ emv "visa-usd" {'));
    expect(visa.replace(/id = \d+/, 'id = ID')).toContain(
      [
        '  ~ emv "visa-usd" {',
        '        id = ID',
        '        emvName = "visa-usd"',
        '        paymentMethod = "01"',
        '        currency = "USD"',
        '      ~ params = {',
        '          ~ clCVMLimit = 100000 → 200000',
        `          + ddol = "${LONG_PARAM}"`,
        '            # (4 unchanged attributes hidden)',
        '        }',
        '    }',
      ].join('\n'),
    );
    expect(out).toMatch(
      new RegExp(
        [
          '  ~ merchant "coffee-001" \\{',
          '        id = "[^"]+"',
          '        providerReference = "coffee-001"',
          '        mchName = "Coffee Shop"',
          '      ~ contactName = "Jane Doe" → "Jane Roe"',
          '      \\+ receiptInfo = <<-EOT',
          '          \\+ Thank you',
          '          \\+ Come again ```',
          '          \\+ ````',
          '          \\+ Bye',
          '        EOT',
          '        # \\(\\d+ unchanged attributes hidden\\)',
        ].join('\n'),
      ),
    );
    expect(out).toMatch(/ {2}- emv "stray" \{\n {6}- id = \d+\n {6}- emvName = "stray"\n {6}- paymentMethod = "03"\n {6}- currency = "USD"\n {6}- params = \{\n {10}- aid = "A1"\n {10}- note = <<-EOT\n {14}- one\n {14}- two\n {12}EOT\n {8}\}\n {4}\}/);
    expect(out).toContain('Plan: 0 to create, 2 to update, 1 to delete, 0 to replace.');
    expect(out).not.toContain('…');
    expect(out).not.toMatch(RAW);
    expect(out).not.toContain('till-admin-secret');
  });

  it('Markdown: the same blocks in a diff fence no value closes', async () => {
    const { code, out } = await plan('--markdown');
    expect(code).toBe(0);
    const lines = out.split('\n');
    // The receipt text holds a run of four backticks: the fence takes five, and only its own closing line closes it.
    const open = lines.indexOf('`````diff');
    expect(open).toBeGreaterThan(0);
    expect(lines.findIndex((line, i) => i > open && /^ {0,3}`{5,}\s*$/.test(line))).toBe(lines.indexOf('</details>') - 1);
    // A one-line value longer than 100 characters in quoted pieces, which join to the whole value.
    const ddol = lines.findIndex((line) => line.startsWith('+           ddol = (one line of 604 characters, no line break in it'));
    expect(ddol).toBeGreaterThan(open);
    const pieces = lines.slice(ddol + 1, ddol + 8).map((line) => /^\+ {15}(".*")(?: \\)?$/.exec(line)![1]!);
    expect(pieces.map((piece) => JSON.parse(piece) as string).join('')).toBe(LONG_PARAM);
    expect(out).toContain('!           clCVMLimit = 100000 → 200000');
    expect(out).toContain('-           aid = "A1"');
    expect(out).not.toMatch(RAW);
  });

  it('JSON: numbers stay numbers in the patch, identity fields lead before and after', async () => {
    const { code, out } = await plan('--json');
    expect(code).toBe(0);
    const json = JSON.parse(out);
    const visa = json.changes.find((c: { address: string }) => c.address === 'emv/visa-usd');
    expect(visa.patch).toContainEqual({ op: 'replace', path: '/params/clCVMLimit', value: 200000 });
    expect(Object.keys(visa.after).slice(0, 2)).toEqual(['paymentMethod', 'currency']);
    const coffee = json.changes.find((c: { address: string }) => c.address === 'merchant/coffee-001');
    expect(Object.keys(coffee.before)[0]).toBe('mchName');
    expect(coffee.patch).toContainEqual({ op: 'add', path: '/receiptInfo', value: RECEIPT });
    const stray = json.changes.find((c: { address: string }) => c.address === 'emv/stray');
    expect(stray.before).toEqual({ paymentMethod: '03', currency: 'USD', params: { aid: 'A1', note: 'one\ntwo' } });
  });

  // Last: the unkeyed merchant it makes would be listed in the plans above.
  it('warnings: a look-alike of a merchant without providerReference, and targeting; the unkeyed merchant with its id and name', async () => {
    const made = await sim.api('POST', '/api/openapi/v1/mchInfo', { mchName: 'Latte Lab', currency: 'USD', contactName: 'Old Owner', contactEmail: 'old@latte.example' }, GROUP);
    expect(made.body.code).toBe(0);
    const mchId = made.body.data.mchId as string;
    const file = join(mkdtempSync(join(tmpdir(), 'paycfg-render-')), 'paycfg.yaml');
    writeFileSync(file, `${basic}  - providerReference: latte-001\n    mchName: Latte Lab\n    currency: USD\n    contactName: Sam\n    contactEmail: sam@latte.example\n`);
    const whole = await planOf(file);
    expect(whole.code, whole.err).toBe(0);
    expect(whole.out).toContain(`? merchant/~${mchId} (id ${mchId}, "Latte Lab"): `);
    const warning = whole.out.indexOf(`Warning: merchant/latte-001 is created as a new merchant, but the live group already holds merchant ${mchId} ("Latte Lab")`);
    expect(warning).toBeGreaterThan(whole.out.indexOf('+ merchant "latte-001" {'));
    expect(warning).toBeLessThan(whole.out.indexOf('Plan: 1 to create'));
    // The create itself says so, below its attributes.
    expect(whole.out.slice(whole.out.indexOf('+ merchant "latte-001" {'))).toMatch(/^ {4}\}\n {4}warning: merchant\/latte-001 is created as a new merchant, but the live group already holds merchant /m);
    const markdown = await planOf(file, '--markdown');
    expect(markdown.out).toContain(`> [!WARNING]\n> - merchant/latte-001 is created as a new merchant`);
    expect(markdown.out).toContain('| ➕ ⚠️ | `merchant/latte-001` |');
    expect(markdown.out).toMatch(/^ {4}warning: merchant\/latte-001 is created as a new merchant/m);

    const targeted = await planOf(file, '--target', 'merchant/latte-001');
    expect(targeted.code, targeted.err).toBe(0);
    expect(targeted.out).toContain('Warning: Resource targeting is in effect\n\n  This plan was limited by --target to merchant/latte-001');
    expect(targeted.out).toContain('Plan: 1 to create, 0 to update, 0 to delete, 0 to replace.');
  });
});
