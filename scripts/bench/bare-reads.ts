import { spawn } from 'node:child_process';
import type { BenchSimulator } from './bench-simulator.js';
import { paycfgEnv } from './child-env.js';
import { BenchError } from './errors.js';
import { lowerBoundMs, scenarioPhases, totalRequests, type GroupCounts, type RequestPhase } from './lower-bound.js';
import { median } from './statistics.js';

/**
 * The floor under a plan's reads: the requests of a plan of the unchanged group (the owner, the
 * three group lists, one device list per merchant, and one binding-record list per merchant when
 * the plan reads them: `mid` set, or no proof of the summary's reading; none with a recorded `binding`
 * reading, src/service-record/), sent by undici alone from a process of their own, each answer only
 * checked for `code: 0`. What this takes beyond the lower bound belongs to
 * the simulator, its timers and the loopback, and no client can take it away; what paycfg's plan
 * takes beyond this, its manifest load aside, is paycfg's own.
 */
export interface BareReadFigures {
  readonly runs: readonly number[];
  readonly medianWallMs: number;
  readonly requests: number;
  readonly lowerBoundMs: number;
  /** Median wall time ÷ lower bound. */
  readonly ratio: number;
}

/**
 * The bare client's start, shared by its reads and the per-resource refresh (refresh.ts) so that
 * both are the same client: an undici pool as wide as the parallelism, keep-alive, one `get` that
 * counts its requests and refuses any answer but HTTP 200 with `code: 0`. `parallelismVariable` names
 * the environment variable the parallelism comes in.
 */
export function bareClientPrelude(parallelismVariable: string): string {
  return `
const { Pool } = await import('undici');
const base = new URL(process.env.PAYCFG_BASE_URL);
const parallelism = Number(process.env.${parallelismVariable});
const pool = new Pool(base.origin, { connections: parallelism, pipelining: 1 });
const headers = { accept: 'application/json', authorization: 'Bearer ' + process.env.PAYCFG_TOKEN };
let requests = 0;
async function get(path) {
  requests += 1;
  const response = await pool.request({ method: 'GET', path, headers });
  const body = JSON.parse(await response.body.text());
  if (response.statusCode !== 200 || body.code !== 0) throw new Error('GET ' + path + ': HTTP ' + response.statusCode + ', code ' + body.code);
  return body.data;
}
`;
}

/**
 * The child's whole program: JavaScript run with `node -e` from the repository's root, so that it
 * finds undici in node_modules and loads nothing else. The paths are the API reference's.
 */
const BARE_PROGRAM = `${bareClientPrelude('BARE_PARALLELISM')}const all = 'pageNumber=1&pageSize=-1';
const started = performance.now();
await get('/api/v2/current');
const [, , merchants] = await Promise.all(['emv', 'acquirer', 'mchInfo'].map((list) => get('/api/openapi/v1/' + list + '?' + all)));
const ids = merchants.records.filter((m) => m.providerReference).map((m) => m.mchId);
let next = 0;
const paths = ids.flatMap((id) => [
  '/api/openapi/v1/device?mchId=' + encodeURIComponent(id) + '&' + all,
  ...(process.env.BARE_BINDINGS === '1' ? ['/api/openapi/v1/mchInfo/payment/' + encodeURIComponent(id) + '?pageNumber=1&pageSize=100'] : []),
]);
await Promise.all(Array.from({ length: parallelism }, async () => {
  while (next < paths.length) await get(paths[next++]);
}));
const wallMs = performance.now() - started;
await pool.close();
process.stdout.write(JSON.stringify({ wallMs, requests }) + '\\n');
`;

function runBareReads(
  sim: BenchSimulator,
  groupId: string,
  parallelism: number,
  bindings: boolean,
  cwd: string,
): Promise<{ wallMs: number; requests: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_PROGRAM], {
      cwd,
      env: { ...paycfgEnv(sim, groupId), BARE_PARALLELISM: String(parallelism), BARE_BINDINGS: bindings ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (err = (err + chunk).slice(-4000)));
    child.on('error', (error) => reject(new BenchError(`cannot start the bare-client child process: ${error.message}`, {}, { cause: error })));
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as { wallMs: number; requests: number });
      } catch {
        reject(new BenchError(`the bare-client reads failed (exit ${code ?? 'none'}): ${err.trim().slice(-1500)}`));
      }
    });
  });
}

type BareContext = { readonly sim: BenchSimulator; readonly cwd: string; readonly latencyMs: number; readonly log: (line: string) => void };

/** The figures of bare-read runs that took `walls`, against the lower bound of `phases`. */
export function summariseBareReads(walls: readonly number[], phases: readonly RequestPhase[], parallelism: number, latencyMs: number): BareReadFigures {
  const bound = lowerBoundMs(phases, parallelism, latencyMs);
  const medianWallMs = median(walls);
  return { runs: [...walls], medianWallMs, requests: totalRequests(phases), lowerBoundMs: bound, ratio: bound > 0 ? medianWallMs / bound : Number.NaN };
}

/**
 * One run of the bare reads `phases` stand for (the reads of a plan: the unchanged plan's, or
 * those of a plan with a recorded reading, lower-bound.ts) against group `groupId` at the context's
 * latency; returns its wall time. A run that sends other requests than the phases count throws.
 */
export async function measureBareReadRun(ctx: BareContext, groupId: string, group: GroupCounts, parallelism: number, phases: readonly RequestPhase[]): Promise<number> {
  // The plan's per-merchant reads: a device list, and a binding-record list when it reads them.
  const bindings = phases.at(-1)!.requests > group.merchants;
  const expected = totalRequests(phases);
  await ctx.sim.setLatency(ctx.latencyMs);
  let result: { wallMs: number; requests: number };
  try {
    result = await runBareReads(ctx.sim, groupId, parallelism, bindings, ctx.cwd);
  } finally {
    await ctx.sim.setLatency(0);
  }
  if (result.requests !== expected) throw new BenchError(`the bare-client reads sent ${result.requests} requests, expected ${expected}`);
  return result.wallMs;
}

/** The bare reads of group `groupId`, which must hold the manifest's group unchanged, `runs` times at the simulator's latency. */
export async function measureBareReads(
  ctx: BareContext,
  groupId: string,
  group: GroupCounts,
  parallelism: number,
  runs: number,
  phases: readonly RequestPhase[] = scenarioPhases('plan-unchanged', group),
): Promise<BareReadFigures> {
  const walls: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    ctx.log(`bare-client reads at parallelism ${parallelism}, run ${run + 1}/${runs}`);
    walls.push(await measureBareReadRun(ctx, groupId, group, parallelism, phases));
  }
  return summariseBareReads(walls, phases, parallelism, ctx.latencyMs);
}
