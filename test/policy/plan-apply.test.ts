/**
 * Policy packs in plan, apply and check, over real HTTP with the simulator: each level (advisory
 * shown, mandatory blocks the apply before any write, overridable blocks until overridden, which the
 * journal records), the built-in plan rules on a live plan, a saved plan checked offline.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const basic = new URL('../../examples/basic/paycfg.yaml', import.meta.url).pathname;
const fixture = (name: string): string => new URL(`../fixtures/policy/${name}`, import.meta.url).pathname;
let sim: TestSimulator;
let groupCounter = 0;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

async function freshGroup(): Promise<Record<string, string>> {
  groupCounter += 1;
  const groupId = `G-7${String(groupCounter).padStart(7, '0')}`;
  await sim.admin.createGroup({ groupId });
  return { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), TILL_ADMIN_PASSWORD: 'till-secret-7', GITHUB_ACTOR: 'octo-reviewer' };
}

/**
 * examples/basic (without its group pin) in `<dir>/manifests/paycfg.yaml`, naming `policies`; the
 * packs in `<dir>/packs/`: a relative pack path is read from the manifest's directory, not the
 * working directory (`dir`).
 */
function workspace(policies: string): { dir: string; manifest: string } {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-policy-'));
  mkdirSync(join(dir, 'manifests'));
  mkdirSync(join(dir, 'packs'));
  // .mjs: the directory has no package.json to say that .js is an ES module.
  copyFileSync(fixture('emv-changes.js'), join(dir, 'packs', 'emv-changes.mjs'));
  const manifest = join(dir, 'manifests', 'paycfg.yaml');
  writeFileSync(manifest, `${readFileSync(basic, 'utf8').replace(/^group: .*$/m, '')}\n${policies}`);
  return { dir, manifest };
}

const emvPack = (level: string): string => `policies:\n  - pack: ../packs/emv-changes.mjs\n    levels: { emv-change-review: ${level} }\n`;

async function cli(argv: string[], env: Record<string, string>, cwd: string) {
  const io = captureIo({ env, cwd });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** The line of the manifest that holds `text`. */
function lineOf(file: string, text: string): number {
  return readFileSync(file, 'utf8').split('\n').findIndex((line) => line.includes(text)) + 1;
}

beforeEach(async () => {
  await sim.admin.resetStats();
});

describe('levels in plan and apply', () => {
  it('advisory: the plan shows each finding at its manifest entry and records the pack; apply goes ahead', async () => {
    const env = await freshGroup();
    const { dir, manifest } = workspace(emvPack('advisory'));
    const plan = await cli(['plan', '-f', 'manifests/paycfg.yaml', '--json'], env, dir);
    expect(plan.code, plan.err).toBe(0);
    const json = JSON.parse(plan.out);
    expect(json.findings).toHaveLength(2);
    expect(json.findings).toEqual(expect.arrayContaining([
      {
        rule: 'emv-change-review',
        pack: 'test/emv-changes',
        level: 'advisory',
        message: 'create of an EMV config',
        address: 'emv/visa-usd',
        location: { file: 'manifests/paycfg.yaml', line: lineOf(manifest, 'emvName: visa-usd'), col: 5 },
        blocking: false,
      },
      expect.objectContaining({ address: 'emv/mc-usd', location: expect.objectContaining({ line: lineOf(manifest, 'emvName: mc-usd') }) }),
    ]));
    expect(json.policyPacks).toEqual([{ pack: './packs/emv-changes.mjs', namedAt: expect.stringMatching(/^manifests\/paycfg\.yaml:\d+:5$/), levels: { 'emv-change-review': 'advisory' } }]);
    const applied = await cli(['apply', '-f', 'manifests/paycfg.yaml', '--auto-approve'], env, dir);
    expect(applied.code, applied.err).toBe(0);
  });

  it('mandatory: apply refuses before any write, naming each finding and the way on', async () => {
    const env = await freshGroup();
    const { dir } = workspace(emvPack('mandatory'));
    await sim.admin.resetStats();
    const applied = await cli(['apply', '-f', 'manifests/paycfg.yaml', '--auto-approve'], env, dir);
    expect(applied.code).toBe(1);
    expect(applied.err).toContain('the policy packs block this apply: 2 findings stop it. Nothing was changed.');
    expect(applied.err).toContain('mandatory emv-change-review (test/emv-changes) emv/visa-usd: create of an EMV config');
    expect(applied.err).toContain('A mandatory finding cannot be overridden');
    expect((await sim.admin.stats()).writes).toBe(0);
    // An override of a mandatory rule is refused as such.
    const journal = join(dir, 'applies.jsonl');
    const overridden = await cli(['apply', '-f', 'manifests/paycfg.yaml', '--auto-approve', '--journal', journal, '--override', 'emv-change-review=approved'], env, dir);
    expect(overridden.code).toBe(1);
    expect(overridden.err).toContain('rule emv-change-review is mandatory, not overridable');
    expect((await sim.admin.stats()).writes).toBe(0);
  });

  it('overridable: blocks until overridden with a reason, which the journal records with who and when', async () => {
    const env = await freshGroup();
    const { dir } = workspace(emvPack('overridable'));
    const blocked = await cli(['apply', '-f', 'manifests/paycfg.yaml', '--auto-approve'], env, dir);
    expect(blocked.code).toBe(1);
    expect(blocked.err).toContain('--override emv-change-review="<why>"');
    expect((await sim.admin.stats()).writes).toBe(0);
    // The journal records the override: no journal, no override.
    const unrecorded = await cli(['apply', '-f', 'manifests/paycfg.yaml', '--auto-approve', '--override', 'emv-change-review=new network'], env, dir);
    expect(unrecorded.code).toBe(1);
    expect(unrecorded.err).toContain('--override lets a policy finding through, and the journal records who did it');
    const journal = join(dir, 'applies.jsonl');
    const before = Date.now();
    const applied = await cli(['apply', '-f', 'manifests/paycfg.yaml', '--auto-approve', '--journal', journal, '--override', 'emv-change-review=new network, CHG-42'], env, dir);
    expect(applied.code, applied.err).toBe(0);
    const records = readFileSync(journal, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
    expect(records.map((r) => r['type']).slice(0, 2)).toEqual(['run-start', 'policy-override']);
    const override = records[1]!;
    expect(override).toMatchObject({
      rule: 'emv-change-review',
      pack: 'test/emv-changes',
      reason: 'new network, CHG-42',
      actor: { name: 'octo-reviewer', from: 'GITHUB_ACTOR' },
      addresses: ['emv/mc-usd', 'emv/visa-usd'],
      run: records[0]!['run'],
    });
    expect(Date.parse(override['time'])).toBeGreaterThanOrEqual(before - 1000);
    const summary = await cli(['journal', journal], env, dir);
    expect(summary.out).toContain('  override emv-change-review (test/emv-changes) by octo-reviewer at ');
    expect(summary.out).toContain(': "new network, CHG-42" (emv/mc-usd, emv/visa-usd)');
    expect(JSON.parse((await cli(['journal', journal, '--json'], env, dir)).out).runs[0].overrides).toHaveLength(1);
  });
});

describe('the built-in plan pack on a live plan', () => {
  it('plan-terminal-reach fires over its threshold and not under it; plan-default-profile-change on the default profile', async () => {
    const env = await freshGroup();
    const { dir, manifest } = workspace('policies:\n  - pack: builtin\n    config: { maxTerminals: 0 }\n');
    expect((await cli(['apply', '-f', 'manifests/paycfg.yaml', '--auto-approve'], env, dir)).code).toBe(0);
    // A new contactless limit for Visa: the update reaches coffee-001's terminal through its binding.
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('clCVMLimit: 100000 }', 'clCVMLimit: 150000 }').replace('notifyUrl: https://pbo.example.com/notify', 'notifyUrl: https://pbo.example.com/notify2'));
    const plan = JSON.parse((await cli(['plan', '-f', 'manifests/paycfg.yaml', '--json'], env, dir)).out);
    // The EMV update and the profile update each reach coffee-001's terminal.
    const reach = plan.findings.filter((f: any) => f.rule === 'plan-terminal-reach');
    expect(reach.map((f: any) => f.address)).toEqual(['emv/visa-usd', 'acquirer/host-a-usd']);
    expect(reach[0]).toMatchObject({ pack: 'paycfg/plan-rules', level: 'overridable', blocking: true, message: 'updating it reaches 1 live terminals, more than 0' });
    expect(plan.findings.find((f: any) => f.rule === 'plan-default-profile-change')).toMatchObject({
      level: 'advisory',
      address: 'acquirer/host-a-usd',
      message: 'updating the default profile (notifyUrl): new merchants route through it',
      location: { file: 'manifests/paycfg.yaml', line: lineOf(manifest, 'profileName: host-a-usd') },
    });
    // Named again by --policy, the pack is evaluated once, with the manifest's config.
    const twice = await cli(['plan', '-f', 'manifests/paycfg.yaml', '--json', '--policy', 'builtin'], env, dir);
    expect(JSON.parse(twice.out).findings.filter((f: any) => f.rule === 'plan-terminal-reach')).toHaveLength(2);
    // Under the threshold: nothing of the rule.
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('maxTerminals: 0', 'maxTerminals: 100'));
    const under = JSON.parse((await cli(['plan', '-f', 'manifests/paycfg.yaml', '--json'], env, dir)).out);
    expect(under.findings.map((f: any) => f.rule)).toEqual(['plan-default-profile-change']);
  });

  it('a plan with no pack named carries no findings and no packs', async () => {
    const env = await freshGroup();
    const { dir } = workspace('');
    const plan = JSON.parse((await cli(['plan', '-f', 'manifests/paycfg.yaml', '--json'], env, dir)).out);
    expect(plan).not.toHaveProperty('findings');
    expect(plan).not.toHaveProperty('policyPacks');
  });
});

describe('a saved plan', () => {
  it('check evaluates it offline: exit 0 when nothing blocks, 1 when a finding does; -f locates the findings', async () => {
    const env = await freshGroup();
    const { dir, manifest } = workspace(emvPack('advisory'));
    const saved = await cli(['plan', '-f', 'manifests/paycfg.yaml', '--out', 'plan.json'], env, dir);
    expect(saved.code, saved.err).toBe(0);
    await sim.admin.resetStats();
    // No token and no service: check reads the file alone.
    const offline = { PATH: process.env['PATH'] ?? '' };
    const passing = await cli(['check', 'plan.json'], offline, dir);
    expect(passing.code, passing.err).toBe(0);
    expect(passing.out).toContain('emv/visa-usd: create of an EMV config [emv-change-review] (advisory)');
    expect(passing.out).toContain('Checked plan.json with 1 policy pack: 2 findings; nothing blocks the apply.');
    // --policy adds packs to the plan's own; one named twice is evaluated once.
    const more = await cli(['check', 'plan.json', '--policy', 'packs/emv-changes.mjs', '--policy', 'builtin'], offline, dir);
    expect(more.code, more.out).toBe(0);
    expect(more.out).toContain('acquirer/host-a-usd: creates a profile as the default');
    expect(more.out).toContain('Checked plan.json with 2 policy packs: 3 findings; nothing blocks the apply.');
    const located = await cli(['check', 'plan.json', '-f', 'manifests/paycfg.yaml', '--policy', fixture('acme-pack.js')], offline, dir);
    expect(located.code).toBe(0);
    expect(located.out).toContain(`manifests/paycfg.yaml:${lineOf(manifest, 'emvName: visa-usd')}:5: emv/visa-usd: create of an EMV config [emv-change-review] (advisory)`);
    const json = JSON.parse((await cli(['check', 'plan.json', '--json'], offline, dir)).out);
    expect(json).toMatchObject({ formatVersion: 1, blocksApply: false, rules: [{ id: 'emv-change-review', level: 'advisory' }] });
    expect((await sim.admin.stats()).total).toBe(0);
  });

  it('a blocking finding: check exits 1, and apply PLANFILE refuses before any write', async () => {
    const env = await freshGroup();
    const { dir } = workspace(emvPack('mandatory'));
    expect((await cli(['plan', '-f', 'manifests/paycfg.yaml', '--out', 'plan.json'], env, dir)).code).toBe(0);
    const checked = await cli(['check', 'plan.json'], {}, dir);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain('(mandatory: blocks the apply)');
    expect(checked.out).toContain('2 findings; 2 block the apply.');
    await sim.admin.resetStats();
    const applied = await cli(['apply', 'plan.json'], env, dir);
    expect(applied.code).toBe(1);
    expect(applied.err).toContain('the policy packs block this apply');
    expect((await sim.admin.stats()).total).toBe(0);
  });
});

describe('examples/policy', () => {
  it('plans with its three packs: the built-in one, a JavaScript and a TypeScript example', async () => {
    await sim.admin.createGroup({ groupId: 'G-00000001' });
    const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token('G-00000001'), TILL_ADMIN_PASSWORD: 'till-secret-7' };
    const root = new URL('../../', import.meta.url).pathname;
    const plan = await cli(['plan', '-f', 'examples/policy', '--json'], env, root);
    expect(plan.code, plan.err).toBe(0);
    const json = JSON.parse(plan.out);
    expect(json.policyPacks.map((p: any) => p.pack)).toEqual(['builtin', './examples/policy/payments-pack.js', './examples/policy/plan-rules.ts']);
    expect(json.findings.map((f: any) => [f.pack, f.rule, f.address])).toEqual([
      ['paycfg/plan-rules', 'plan-default-profile-change', 'acquirer/host-a-usd'],
      ['example/plan-rules', 'plan-default-profile-change', 'acquirer/host-a-usd'],
    ]);
  });
});
