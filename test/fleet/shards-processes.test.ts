/**
 * A shard is a process of its own. N processes of the built CLI (the bundle bin/paycfg.js runs,
 * built from this checkout's src/ into a temp directory) run `paycfg fleet plan`, each given its
 * shard as each engine gives it: a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based) with
 * `--shards N`, GitLab's CI_NODE_INDEX / CI_NODE_TOTAL (1-based) with `--shards N`, and GitHub's
 * `--shard I/N` from the JSON `paycfg fleet matrix --ci github` prints. Together they must cover
 * every target exactly once, the engines must agree on the split, and `paycfg fleet report` over
 * their summaries must equal a one-machine `fleet plan --summary` of the whole fleet.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundle, repositoryRoot } from '../../scripts/build-bundle.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { FleetSummary } from '../../src/fleet/types.js';
import { EMV_AND_PROFILE, merchant } from '../helpers/small-manifest.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { comparableSummary, expectSameSummary } from './summary/compare.js';

const SHARDS = 3;
/** Seven groups, three of them larger (three merchants instead of one), so that the split balances sizes, not counts. */
const TARGETS = ['acme', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'].map((name, i) => ({ name, group: `G-7700000${i + 1}`, large: i % 3 === 0 }));

const SMALL = `${EMV_AND_PROFILE}merchants:${merchant('${REF}', '${SHOP}')}\n`;
const LARGE = `${EMV_AND_PROFILE}merchants:${merchant('${REF}', '${SHOP}')}${merchant('${REF}-2', '${SHOP} 2')}${merchant('${REF}-3', '${SHOP} 3')}\n`;

let sim: TestSimulator;
let dir: string;
let cli: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startTestSimulator();
  for (const { group } of TARGETS) await sim.admin.createGroup({ groupId: group });
  // The CLI as the package runs it: the bundle, built from this checkout (the committed one may be
  // stale), beside the package.json it finds its version and files by.
  const build = mkdtempSync(join(tmpdir(), 'paycfg-cli-'));
  copyFileSync(join(repositoryRoot, 'package.json'), join(build, 'package.json'));
  for (const [file, text] of await buildBundle()) {
    mkdirSync(dirname(join(build, file)), { recursive: true });
    writeFileSync(join(build, file), text);
  }
  cli = join(build, 'bundle', 'paycfg.mjs');

  dir = mkdtempSync(join(tmpdir(), 'paycfg-shards-'));
  writeFileSync(join(dir, 'small.yaml'), SMALL);
  writeFileSync(join(dir, 'large.yaml'), LARGE);
  const rows = TARGETS.map(
    ({ name, group, large }) =>
      `  - name: ${name}\n    group: ${group}\n${large ? '    manifests: [large.yaml]\n' : ''}    values: { TOKEN_VAR: ${name.toUpperCase()}, REF: shop-${name}, SHOP: "Shop ${name}" }\n`,
  );
  writeFileSync(
    join(dir, 'paycfg.fleet.yaml'),
    `version: 1\ntemplate:\n  baseUrl: ${sim.url}\n  token: { env: "PAYCFG_TOKEN_{{TOKEN_VAR}}" }\n  manifests: [small.yaml]\ntargets:\n${rows.join('')}`,
  );
  env = Object.fromEntries(TARGETS.map(({ name, group }) => [`PAYCFG_TOKEN_${name.toUpperCase()}`, sim.token(group)]));
}, 60_000);

afterAll(async () => {
  await sim?.close();
});

/** One process of the built CLI in the fleet's directory, with the tokens and the engine's variables only. */
function paycfg(args: readonly string[], engine: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: dir, env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', ...env, ...engine }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr }),
    );
  });
}

/** `paycfg …` in this process, as the one machine runs it. */
async function inProcess(args: readonly string[], engine: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo({ env: { ...env, NO_COLOR: '1', ...engine }, cwd: dir });
  const code = await main(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

const readSummary = (file: string): FleetSummary => JSON.parse(readFileSync(join(dir, file), 'utf8')) as FleetSummary;
const names = (summary: FleetSummary): string[] => summary.targets.map((t) => t.name);

describe('N processes, one shard each, as each engine gives the index', { timeout: 120_000 }, () => {
  let whole: FleetSummary;
  const byEngine = new Map<string, FleetSummary[]>();

  beforeAll(async () => {
    const one = await inProcess(['fleet', 'plan', '--summary', 'whole.json']);
    // Every group is new: each target has changes (2).
    expect(one.code, one.stderr).toBe(2);
    whole = readSummary('whole.json');

    const matrix = await inProcess(['fleet', 'matrix', '--ci', 'github', '--shards', String(SHARDS)]);
    expect(matrix.code, matrix.stderr).toBe(0);
    const include = (JSON.parse(matrix.stdout) as { include: { shard: string; targets: number }[] }).include;
    expect(include.map((entry) => entry.shard)).toEqual(['1/3', '2/3', '3/3']);

    const engines: Record<string, { args: string[]; env: Record<string, string> }[]> = {
      kubernetes: Array.from({ length: SHARDS }, (_, i) => ({ args: ['--shards', String(SHARDS)], env: { JOB_COMPLETION_INDEX: String(i) } })),
      gitlab: Array.from({ length: SHARDS }, (_, i) => ({ args: ['--shards', String(SHARDS)], env: { CI_NODE_INDEX: String(i + 1), CI_NODE_TOTAL: String(SHARDS) } })),
      github: include.map((entry) => ({ args: ['--shard', entry.shard], env: {} })),
    };
    // Every shard of every engine at once: nine processes, as nine jobs would run.
    const runs = await Promise.all(
      Object.entries(engines).flatMap(([engine, shards]) =>
        shards.map(async (shard, i) => ({ engine, run: await paycfg(['fleet', 'plan', ...shard.args, '--summary', `${engine}-${i + 1}.json`], shard.env) })),
      ),
    );
    for (const { run } of runs) expect(run.code, run.stderr).toBe(2);
    for (const engine of Object.keys(engines)) byEngine.set(engine, Array.from({ length: SHARDS }, (_, i) => readSummary(`${engine}-${i + 1}.json`)));
    // What GitHub's matrix said each job holds, it holds.
    expect(byEngine.get('github')!.map((summary) => summary.targets.length)).toEqual(include.map((entry) => entry.targets));
  }, 120_000);

  it.each(['kubernetes', 'gitlab', 'github'])('%s: together the shards cover every target exactly once, each naming its shard', (engine) => {
    const summaries = byEngine.get(engine)!;
    const covered = summaries.flatMap(names);
    expect([...covered].sort()).toEqual(TARGETS.map((t) => t.name).sort());
    expect(new Set(covered).size).toBe(covered.length);
    summaries.forEach((summary, i) => expect(summary.shards).toEqual([{ index: i + 1, count: SHARDS }]));
    // No shard empty: seven targets in three.
    for (const summary of summaries) expect(summary.targets.length).toBeGreaterThan(0);
  });

  it('the three engines split the fleet the same way', () => {
    const split = (engine: string) => byEngine.get(engine)!.map((summary) => names(summary).sort());
    expect(split('gitlab')).toEqual(split('kubernetes'));
    expect(split('github')).toEqual(split('kubernetes'));
  });

  it.each(['kubernetes', 'gitlab', 'github'])('%s: paycfg fleet report over the shards’ summaries equals the one-machine run', async (engine) => {
    const files = Array.from({ length: SHARDS }, (_, i) => `${engine}-${i + 1}.json`);
    // The report reads files only: in this process, as the report job runs it after the shards.
    const report = await inProcess(['fleet', 'report', ...files, '--json', '--summary', `${engine}-merged.json`]);
    expect(report.code, report.stderr).toBe(whole.exitCode);
    const merged = readSummary(`${engine}-merged.json`);
    expect(merged.shards).toEqual(Array.from({ length: SHARDS }, (_, i) => ({ index: i + 1, count: SHARDS })));
    expectSameSummary(merged, whole);
    expectSameSummary(JSON.parse(report.stdout) as FleetSummary, whole);
    // Not an empty agreement: the one-machine run planned every target, each with changes.
    expect(comparableSummary(whole).targets.map((t) => [t.name, t.status])).toEqual(TARGETS.map((t) => [t.name, 'changes']).sort());
  });

  it('a shard index out of range is refused before any request', async () => {
    const run = await inProcess(['fleet', 'plan', '--shards', String(SHARDS)], { JOB_COMPLETION_INDEX: String(SHARDS) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('out of range');
  });
});
