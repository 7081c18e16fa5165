/**
 * A promotion of the generated group from a test group to a production group, both in the
 * benchmark's simulator: test holds the manifest as applied; production has drifted 1% behind
 * paycfg's back (drift.ts), so the promotion has changes to make, each proven by test. The bound
 * is the requests of a plan of each environment, measured in the same run: a promotion reads each
 * group once, so it sends no more than the two plans together.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { DEVICE_ADMIN } from './child-env.js';
import { driftGroup } from './drift.js';
import { TILL_ADMIN_VARIABLE } from './group-shape.js';
import { measuredChild, type RunFigures, type ScenarioContext } from './scenarios.js';
import { seedGroup } from './seed-group.js';
import { median } from './statistics.js';

/** The process variable the environments file reads the devices' admin password from (`{ env: … }`: a secret is never written in it). */
const ADMIN_SOURCE = 'PAYCFG_BENCH_TILL_ADMIN';

/** What a promotion's figures keep of a measured run. */
export type MeasuredCommand = Pick<RunFigures, 'wallMs' | 'maxRssKb' | 'cpuMs' | 'requests'>;

export interface PromotionFigures {
  readonly parallelism: number;
  /** One plan of each environment, the same run: what the bound is made of. */
  readonly plans: { readonly test: MeasuredCommand; readonly production: MeasuredCommand };
  readonly runs: readonly MeasuredCommand[];
  readonly median: MeasuredCommand;
  /** plans.test.requests + plans.production.requests: a promotion that reads each group once sends no more. */
  readonly boundRequests: number;
  /** Median requests ÷ boundRequests. */
  readonly requestRatio: number;
  /** Median wall time ÷ the two plans' wall times together (for reading only: no target). */
  readonly wallRatio: number;
}

/** What the environments file of the measurement says: both groups on the benchmark's simulator. */
function environmentsFile(ctx: ScenarioContext, groups: { readonly test: string; readonly production: string }): string {
  const environment = (groupId: string, tokenFile: string) => ({
    baseUrl: ctx.sim.url,
    group: groupId,
    token: { file: tokenFile },
    manifests: [ctx.manifestDir],
    values: { [TILL_ADMIN_VARIABLE]: { env: ADMIN_SOURCE } },
  });
  return stringify({ version: 1, environments: { test: environment(groups.test, 'test.token'), production: environment(groups.production, 'production.token') } });
}

/** A run in the environments' directory with only what the environments file reads: no PAYCFG_BASE_URL or PAYCFG_TOKEN to fall back on. */
function measured(ctx: ScenarioContext, dir: string, argv: string[], expectedExit: number, what: string): Promise<MeasuredCommand> {
  const env = { PATH: process.env['PATH'] ?? '', [ADMIN_SOURCE]: DEVICE_ADMIN, CI: 'true', NO_COLOR: '1' };
  return measuredChild(ctx, { argv, env, cwd: dir }, expectedExit, what);
}

/**
 * Seeds two groups of the manifest's size (not measured), drifts production, then measures a plan
 * of each environment once and `paycfg promote --from test --to production` `runs` times, each at
 * the context's latency and `parallelism`.
 */
export async function measurePromotion(ctx: ScenarioContext, options: { readonly runs: number; readonly parallelism: number }): Promise<PromotionFigures> {
  const groups = { test: ctx.nextGroupId(), production: ctx.nextGroupId() };
  await ctx.sim.setLatency(0);
  for (const groupId of Object.values(groups)) {
    await ctx.sim.createGroup(groupId);
    ctx.log(`promotion: seeding group ${groupId} of ${ctx.spec.size.merchants} merchants through the API (not measured)`);
    await seedGroup(ctx.spec, ctx.sim.url, ctx.sim.token(groupId), DEVICE_ADMIN);
  }
  const drifted = await driftGroup(ctx.spec, ctx.sim.url, ctx.sim.token(groups.production));
  ctx.log(`promotion: ${drifted} merchants of production changed behind paycfg's back (not measured)`);

  const dir = join(ctx.workDir, 'environments');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'test.token'), ctx.sim.token(groups.test), { mode: 0o600 });
  await writeFile(join(dir, 'production.token'), ctx.sim.token(groups.production), { mode: 0o600 });
  await writeFile(join(dir, 'paycfg.environments.yaml'), environmentsFile(ctx, groups));

  const parallelism = ['--parallelism', String(options.parallelism)];
  ctx.log('promotion: plan of test (unchanged) and of production (drifted), once each');
  const test = await measured(ctx, dir, ['plan', '--env', 'test', '--detailed-exitcode', ...parallelism], 0, 'plan of test');
  const production = await measured(ctx, dir, ['plan', '--env', 'production', '--detailed-exitcode', ...parallelism], 2, 'plan of production');
  const runs: MeasuredCommand[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    ctx.log(`promotion: promote --from test --to production at parallelism ${options.parallelism}, run ${run + 1}/${options.runs}`);
    // Exit 2: changes to promote, every one proven (a blocked one would exit otherwise).
    runs.push(await measured(ctx, dir, ['promote', '--from', 'test', '--to', 'production', ...parallelism], 2, 'promotion'));
  }
  const middle: MeasuredCommand = {
    wallMs: median(runs.map((r) => r.wallMs)),
    maxRssKb: median(runs.map((r) => r.maxRssKb)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    requests: median(runs.map((r) => r.requests)),
  };
  const boundRequests = test.requests + production.requests;
  return {
    parallelism: options.parallelism,
    plans: { test, production },
    runs,
    median: middle,
    boundRequests,
    requestRatio: middle.requests / boundRequests,
    wallRatio: middle.wallMs / (test.wallMs + production.wallMs),
  };
}
