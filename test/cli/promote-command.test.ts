/**
 * `paycfg promote --from test --to production` as a person runs it: a repository with an
 * environments file (paycfg.environments.yaml, the format of the contract of issue 31) and two
 * simulators for its two environments. The loop: apply to test (its journal kept), promote to
 * production with the evidence, save the promotion plan, apply it to production with its journal's
 * promotion record, then nothing left to promote; a change not applied to test blocked, then let
 * through with --allow-unproven, which the journal records. Goes through src/environments.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { journalRecords, PRODUCTION_VALUES, startPair, TEST_VALUES, V1, V2 } from '../promote/helpers.js';

const validatePlan = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8')),
);

const TEST_GROUP = 'G-73000001';
const PRODUCTION_GROUP = 'G-74000001';
let sims: Awaited<ReturnType<typeof startPair>>;
let dir: string;
let env: Record<string, string>;

/** The environments file as the contract has it: what differs is each environment's; the till's password comes from the process environment. */
function environmentsFile(): string {
  const values = (v: typeof TEST_VALUES | typeof PRODUCTION_VALUES, passwordVariable: string) =>
    `      ACQUIRER_HOST: ${v.ACQUIRER_HOST}\n      HOST_A_MID: "${v.HOST_A_MID}"\n      TILL_TID: "${v.TILL_TID}"\n      TILL_ADMIN_PASSWORD: { env: ${passwordVariable} }\n`;
  return `version: 1
environments:
  test:
    baseUrl: ${sims.test.url}
    group: ${TEST_GROUP}
    token: { env: PAYCFG_TEST_TOKEN }
    manifests: [paycfg.yaml]
    journal: journals/test.jsonl
    values:
${values(TEST_VALUES, 'TEST_TILL_ADMIN_PASSWORD')}  production:
    baseUrl: ${sims.production.url}
    group: ${PRODUCTION_GROUP}
    token: { env: PAYCFG_PRODUCTION_TOKEN }
    manifests: [paycfg.yaml]
    journal: journals/production.jsonl
    values:
${values(PRODUCTION_VALUES, 'PRODUCTION_TILL_ADMIN_PASSWORD')}`;
}

async function cli(argv: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const io = captureIo({ env: options.env ?? env, cwd: options.cwd ?? dir });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

beforeAll(async () => {
  sims = await startPair();
  await sims.test.admin.createGroup({ groupId: TEST_GROUP });
  await sims.production.admin.createGroup({ groupId: PRODUCTION_GROUP });
  dir = mkdtempSync(join(tmpdir(), 'paycfg-promote-cli-'));
  mkdirSync(join(dir, 'journals'));
  env = {
    PAYCFG_TEST_TOKEN: sims.test.token(TEST_GROUP),
    PAYCFG_PRODUCTION_TOKEN: sims.production.token(PRODUCTION_GROUP),
    TEST_TILL_ADMIN_PASSWORD: TEST_VALUES.TILL_ADMIN_PASSWORD,
    PRODUCTION_TILL_ADMIN_PASSWORD: PRODUCTION_VALUES.TILL_ADMIN_PASSWORD,
    GITHUB_ACTOR: 'release-manager',
  };
});
afterAll(async () => {
  await sims.close();
});

describe('paycfg promote: its command line', () => {
  it('refuses a promotion without both environments, or from an environment to itself, before anything is read', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'paycfg-promote-usage-'));
    const missing = await cli(['promote', '--from', 'test'], { cwd, env: {} });
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toContain('paycfg promote: give the environments with --from ENV (where the changes were tried) and --to ENV (where they go)');
    const same = await cli(['promote', '--from', 'test', '--to', 'test'], { cwd, env: {} });
    expect(same.err).toContain('paycfg promote: --from and --to are both test; a promotion goes from one environment to another');
    const both = await cli(['promote', '--from', 'test', '--to', 'production', '--json', '--markdown'], { cwd, env: {} });
    expect(JSON.parse(both.out)).toEqual({ error: { code: 'USAGE', message: 'paycfg promote: choose one of --json and --markdown' } });
    const force = await cli(['promote', '--from', 'test', '--to', 'production', '--force'], { cwd, env: {} });
    expect(force.err).toContain('paycfg promote: --force goes with -o FILE');
    const help = await cli(['promote', '--help'], { cwd, env: {} });
    expect(help.code).toBe(0);
    for (const flag of ['--from ENV', '--to ENV', '-o, --out FILE', '--allow-unproven', '--target ADDRESS', '--parallelism N', '--verbose', '--environments FILE', '--no-color']) {
      expect(help.out, flag).toContain(flag);
    }
  });
});

describe('paycfg promote --from test --to production', () => {
  it('promotes what test has run, with its evidence; the saved plan applied records the promotion; then nothing is left', async () => {
    writeFileSync(join(dir, 'paycfg.environments.yaml'), environmentsFile());
    writeFileSync(join(dir, 'paycfg.yaml'), V1);
    // Two simulators: the two applies run side by side, their twin-check settles overlapping.
    const firstRuns = await Promise.all(['test', 'production'].map(async (name) => ({ name, run: await cli(['apply', '--env', name, '--auto-approve', '--journal', `journals/${name}.jsonl`]) })));
    for (const { name, run } of firstRuns) {
      expect(run.code, `${name}: ${run.err}`).toBe(0);
    }
    writeFileSync(join(dir, 'paycfg.yaml'), V2);
    const tried = await cli(['apply', '--env', 'test', '--auto-approve', '--journal', 'journals/test.jsonl']);
    expect(tried.code, tried.err).toBe(0);

    const text = await cli(['promote', '--from', 'test', '--to', 'production']);
    expect(text.code, text.err).toBe(2);
    expect(text.out).toContain(`Promotion from test (group ${TEST_GROUP} at ${sims.test.url}) to production (group ${PRODUCTION_GROUP} at ${sims.production.url})`);
    const testRuns = journalRecords(join(dir, 'journals/test.jsonl')).filter((r) => r['type'] === 'run-start');
    const v2Run = testRuns.at(-1)!;
    expect(text.out).toMatch(new RegExp(`  evidence: live in test since \\S+ \\(run ${v2Run['run']}, plan ${String(v2Run['planHash']).slice(0, 19)}\\)\\n`));
    expect(text.out).not.toContain('NOT proven');
    for (const secret of Object.values(env)) if (secret !== 'release-manager') expect(text.out + text.err).not.toContain(secret);

    const json = await cli(['promote', '--from', 'test', '--to', 'production', '--json']);
    expect(json.code).toBe(2);
    const plan = JSON.parse(json.out);
    expect(validatePlan(plan), JSON.stringify(validatePlan.errors)).toBe(true);
    expect(plan.promotion).toEqual({
      from: { name: 'test', baseUrl: sims.test.url, groupId: TEST_GROUP },
      to: { name: 'production', baseUrl: sims.production.url, groupId: PRODUCTION_GROUP },
      allowedUnproven: false,
    });
    expect(plan.changes).toHaveLength(14);
    expect(plan.changes.every((c: { evidence: { status: string; run?: string } }) => c.evidence.status === 'proven' && c.evidence.run === v2Run['run'])).toBe(true);

    const markdown = await cli(['promote', '--from', 'test', '--to', 'production', '--markdown']);
    expect(markdown.code).toBe(2);
    expect(markdown.out).toContain('| evidence |');
    expect(markdown.out).toContain('live in test since');

    const saved = await cli(['promote', '--from', 'test', '--to', 'production', '-o', 'promotion.json']);
    expect(saved.code).toBe(2);
    expect(saved.err).toBe('Saved the promotion plan to promotion.json; run `paycfg apply promotion.json --env production` to carry it out.\n');
    const run = await cli(['apply', 'promotion.json', '--env', 'production', '--journal', 'journals/production.jsonl']);
    expect(run.code, run.err).toBe(0);
    const records = journalRecords(join(dir, 'journals/production.jsonl'));
    const last = records.map((r) => r['run']).at(-1);
    const ofRun = records.filter((r) => r['run'] === last);
    expect(ofRun.map((r) => r['type']).slice(0, 2)).toEqual(['run-start', 'promotion']);
    expect(ofRun[1]).toMatchObject({
      from: { name: 'test', groupId: TEST_GROUP },
      to: { name: 'production', groupId: PRODUCTION_GROUP },
      planHash: ofRun[0]!['planHash'],
      allowedUnproven: false,
      actor: { name: 'release-manager', from: 'GITHUB_ACTOR' },
    });
    expect(ofRun[1]!['changes']).toHaveLength(14);

    // Read where no environments file is, as an auditor reads a journal handed to them.
    const elsewhere = mkdtempSync(join(tmpdir(), 'paycfg-promote-journal-'));
    const summary = await cli(['journal', join(dir, 'journals/production.jsonl')], { cwd: elsewhere, env: {} });
    expect(summary.code, summary.err).toBe(0);
    expect(summary.out).toContain(`  promoted from test (group ${TEST_GROUP} at ${sims.test.url}) to production (group ${PRODUCTION_GROUP} at ${sims.production.url})\n`);

    const after = await cli(['promote', '--from', 'test', '--to', 'production', '--verbose']);
    expect(after.code, after.out + after.err).toBe(0);
    expect(after.out).toContain('No changes.');
    // Both groups are read at once: each request line says whose it is.
    expect(after.err).toMatch(/^\[test\] paycfg: GET \/api\/v2\/current -> 200/m);
    expect(after.err).toMatch(/^\[production\] paycfg: GET \/api\/v2\/current -> 200/m);
  });

  it('refuses to apply a promotion plan with no journal to write its promotion record to, before anything is read', async () => {
    // The environments file without its journals, and no --journal, no $PAYCFG_JOURNAL.
    const file = join(dir, 'no-journals.environments.yaml');
    writeFileSync(file, environmentsFile().replace(/^ {4}journal: .*\n/gm, ''));
    const saved = await cli(['promote', '--from', 'test', '--to', 'production', '-o', 'unjournalled.json', '--environments', file, '--allow-unproven']);
    expect([0, 2]).toContain(saved.code);
    await Promise.all([sims.test.admin.resetStats(), sims.production.admin.resetStats()]);
    const run = await cli(['apply', 'unjournalled.json', '--env', 'production', '--environments', file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('unjournalled.json is a promotion plan, and its apply writes the promotion record (each change with its evidence) to a journal');
    expect((await sims.production.admin.stats()).total).toBe(0);
  });

  it('blocks a change not applied to test, then lets it through with --allow-unproven, which the journal records', async () => {
    writeFileSync(join(dir, 'paycfg.yaml'), V2.replace('mchName: Coffee', 'mchName: Coffee Bar'));
    const blocked = await cli(['promote', '--from', 'test', '--to', 'production']);
    expect(blocked.code, blocked.err).toBe(2);
    expect(blocked.out).toContain('Blocked: 1 change apply will not try (no evidence shows it live in test):');
    expect(blocked.out).toContain('  ! merchant/coffee-001 (update): no evidence that it is live in test: test differs in mchName (never applied there, or changed since)\n');
    expect(blocked.out).toContain('      - apply it to test first and promote again, or promote with --allow-unproven to go ahead without evidence\n');

    const allowed = await cli(['promote', '--from', 'test', '--to', 'production', '--allow-unproven', '-o', 'allowed.json']);
    expect(allowed.code).toBe(2);
    expect(allowed.out).toContain('  evidence: NOT proven: test differs in mchName (never applied there, or changed since); goes ahead under --allow-unproven\n');
    const run = await cli(['apply', 'allowed.json', '--env', 'production', '--journal', 'journals/production.jsonl']);
    expect(run.code, run.err).toBe(0);
    const promotion = journalRecords(join(dir, 'journals/production.jsonl')).filter((r) => r['type'] === 'promotion').at(-1)!;
    expect(promotion).toMatchObject({
      allowedUnproven: true,
      changes: [{ address: 'merchant/coffee-001', action: 'update', evidence: { status: 'unproven', reason: 'differs', fields: ['mchName'] } }],
    });
  });

  it("refuses a test token of another group, naming the environment, and an environment the file does not have, naming those it has", async () => {
    const stranger = await cli(['promote', '--from', 'test', '--to', 'production'], { env: { ...env, PAYCFG_TEST_TOKEN: sims.test.token('G-73999999') } });
    expect(stranger.code).toBe(1);
    expect(stranger.err).toContain('the token of environment test belongs to group G-73999999');
    const unknown = await cli(['promote', '--from', 'staging', '--to', 'production']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('staging');
    expect(unknown.err).toContain('test');
    expect(unknown.err).toContain('production');
  });
});
