import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const basic = new URL('../../examples/basic', import.meta.url).pathname;
const SECRET = 'very-secret-admin-pw';
let sim: TestSimulator;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: 'G-00000001', groupName: 'Plan Test PBO' });
  env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token('G-00000001'), TILL_ADMIN_PASSWORD: SECRET };
});
afterAll(async () => {
  await sim.close();
});

async function cli(argv: string[], extraEnv: Record<string, string> = {}, tty = false) {
  const io = captureIo({ env: { ...env, ...extraEnv }, tty });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('paycfg plan', () => {
  it('prints a terraform-like plan naming group and service, secrets as (sensitive), no colour off a TTY', async () => {
    const { code, out, err } = await cli(['plan', '-f', basic]);
    expect(code, err).toBe(0);
    expect(out).toContain(`paycfg plan for group G-00000001 ("Plan Test PBO") at ${sim.url}`);
    expect(out).toContain('# emv/visa-usd will be created');
    expect(out).toContain('+ emv "visa-usd" {');
    expect(out).toContain('+ deviceAdmin = (sensitive)');
    expect(out).toContain('# binding/coffee-001/host-a-usd/USD will be made by the service with its merchant, then updated');
    expect(out).toContain('note: the service binds it to default card profile "host-a-usd" on create');
    expect(out).toContain('Plan: 5 to create, 1 to update, 0 to delete, 0 to replace.');
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain('\u001b[');
  });

  it('colours on a TTY unless NO_COLOR is set', async () => {
    expect((await cli(['plan', '-f', basic], {}, true)).out).toContain('\u001b[');
    expect((await cli(['plan', '-f', basic], { NO_COLOR: '1' }, true)).out).not.toContain('\u001b[');
  });

  it('exits 2 on changes with --detailed-exitcode, and 0 without it', async () => {
    expect((await cli(['plan', '-f', basic, '--detailed-exitcode'])).code).toBe(2);
    expect((await cli(['plan', '-f', basic])).code).toBe(0);
  });

  it('prints JSON that validates against schemas/plan.schema.json', async () => {
    const { code, out } = await cli(['plan', '-f', basic, '--json']);
    expect(code).toBe(0);
    const schema = JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8'));
    const validate = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(schema);
    const plan = JSON.parse(out);
    expect(validate(plan), JSON.stringify(validate.errors)).toBe(true);
    expect(plan.group).toEqual({ groupId: 'G-00000001', groupName: 'Plan Test PBO' });
    expect(plan.changes.map((c: { address: string }) => c.address)).toEqual([
      'emv/mc-usd',
      'emv/visa-usd',
      'acquirer/host-a-usd',
      'merchant/coffee-001',
      'binding/coffee-001/host-a-usd/USD',
      'device/coffee-001/till-1',
    ]);
    expect(out).not.toContain(SECRET);
  });

  it('prints a markdown summary with collapsible details for a pull request', async () => {
    const { code, out } = await cli(['plan', '-f', basic, '--markdown']);
    expect(code).toBe(0);
    expect(out).toMatch(/^### paycfg plan: 5 to create, 1 to update, 0 to delete, 0 to replace\./);
    expect(out).toContain('| ➕ | `emv/visa-usd` |');
    expect(out).toContain('<details><summary>Details</summary>');
    expect(out).not.toContain(SECRET);
  });

  it('saves a plan with fingerprints and the secret variable, never the secret value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-plan-'));
    const file = join(dir, 'plan.json');
    // The README's quickstart as written: the example's secret has no default, so it can be saved.
    const { code, err } = await cli(['plan', '-f', basic, '--out', file]);
    expect(code, err).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const saved = JSON.parse(text);
    expect(saved.kind).toBe('paycfg-saved-plan');
    expect(saved.secrets).toEqual([{ pointer: 'device/coffee-001/till-1#/deviceAdmin', template: '${TILL_ADMIN_PASSWORD}' }]);
    expect(saved.plan.changes).toHaveLength(6);
  });

  it('refuses to save a plan that would need a secret written in the manifest itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-plan-'));
    const manifest = join(dir, 'm.yaml');
    const literal = readFileSync(join(basic, 'paycfg.yaml'), 'utf8').replace('${TILL_ADMIN_PASSWORD}', 'literal-pw-123');
    (await import('node:fs')).writeFileSync(manifest, literal);
    const { code, err } = await cli(['plan', '-f', manifest, '--out', join(dir, 'p.json')]);
    expect(code).toBe(1);
    expect(err).toContain('a saved plan never holds a secret value');
    expect(err).not.toContain('literal-pw-123');
    // It says where: the line that holds the literal.
    const [, line, col] = /m\.yaml:(\d+):(\d+): this secret is written in the manifest itself/.exec(err) ?? [];
    expect(literal.split('\n')[Number(line) - 1]?.slice(Number(col) - 1)).toBe('literal-pw-123');
  });

  it('checks the whole manifest before sending any request', async () => {
    await sim.admin.resetStats();
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-plan-'));
    const manifest = join(dir, 'bad.yaml');
    (await import('node:fs')).writeFileSync(manifest, 'version: 1\nemvConfigs:\n  - emvName: x\n    paymentMethod: "09"\n');
    const { code, err } = await cli(['plan', '-f', manifest]);
    expect(code).toBe(1);
    expect(err).toMatch(/bad\.yaml:4:\d+: /);
    expect((await sim.admin.stats()).total).toBe(0);
  });

  it('says what to set when the base URL or the token is missing', async () => {
    const io = captureIo({ env: {} });
    expect(await main(['plan', '-f', basic], io)).toBe(1);
    expect(io.err()).toMatch(/PAYCFG_BASE_URL/);
  });
});

describe('paycfg plan of a duplicate pending code', () => {
  it('names the code that goes in the headline and says why in the reason', async () => {
    const groupId = 'G-00000077';
    await sim.admin.createGroup({ groupId });
    const groupEnv = { PAYCFG_TOKEN: sim.token(groupId) };
    const unpinnedDir = mkdtempSync(join(tmpdir(), 'paycfg-dup-'));
    const manifest = join(unpinnedDir, 'paycfg.yaml');
    writeFileSync(manifest, readFileSync(join(basic, 'paycfg.yaml'), 'utf8').replace(/^group: .*$/m, ''));
    expect((await cli(['apply', '-f', manifest, '--auto-approve'], groupEnv)).code).toBe(0);
    const merchants = (await sim.api('GET', '/api/openapi/v1/mchInfo?pageSize=-1', undefined, groupId)).body.data.records as { mchId: string }[];
    const twin = await sim.api('POST', '/api/openapi/v1/device', { mchId: merchants[0]!.mchId, deviceAlias: 'till-1', deviceName: 'Front till', methodList: '01' }, groupId);
    const code = String(twin.body.data.id);

    const { out } = await cli(['plan', '-f', manifest], groupEnv);
    expect(out).toContain(`# device/coffee-001/till-1: duplicate code ${code} will be deleted`);
    expect(out).toMatch(/duplicate pending code for alias till-1: CD-\S+ \(older\) is kept/);
  });
});
