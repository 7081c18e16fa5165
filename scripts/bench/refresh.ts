/**
 * The per-resource refresh: what a Terraform provider for the service would send to refresh a
 * state holding the benchmark's group, the way `terraform plan` refreshes. Terraform asks the
 * provider to read each resource of the state on its own (ReadResource), one resource a call, with
 * no cache shared between calls, at most 10 at a time (terraform's default `-parallelism`), and a
 * resource once the resources it depends on are read (the plan walk follows the graph's edges).
 *
 * The one GET a provider has for each kind (01 §4):
 * - provider configuration: GET /api/v2/current once, before any resource (§4.6), as paycfg checks
 *   the owner before its reads: a provider that checks its token at configuration does the same.
 * - EMV config: there is no GET by id (§4.2), so its list filtered by name:
 *   GET /emv?emvName=NAME&pageNumber=1&pageSize=-1, the config found by exact name (the filter is a
 *   partial match).
 * - acquirer profile: no GET by id either (§4.1): GET /acquirer?profileName=NAME&pageNumber=1&pageSize=-1.
 * - merchant: GET /mchInfo/{mchId} (§4.3).
 * - a merchant's payment config (its bindings, 01 §4.4): no GET of one entry, so the merchant's
 *   payment list, GET /mchInfo/payment/{mchId}?pageNumber=1&pageSize=100, read once, each binding
 *   found in it by profile and currency.
 * - device: GET /device/{deviceId} (§4.5: a device by its `CD-` id).
 * So a refresh sends 1 + profiles + EMV configs + merchants × (1 + 1 + devices) requests (no
 * payment list for a merchant without bindings): 10,061 for the benchmark's group (20 profiles, 40
 * EMV configs, 2,000 merchants with 2 bindings and 3 devices each), the count issue 34 quoted. A
 * provider whose resource is one (profile, currency) entry, as the service writes and deletes it,
 * would read the list once per binding (12,061 here); the bench takes the provider that reads it
 * once, so that paycfg's lead is measured against the faster of the two.
 *
 * Dependencies (the edges the walk waits for): a profile on its EMV configs, a binding on its
 * merchant, its profile and its EMV configs, a device on its merchant and the merchant's bindings
 * (01 §4.5: bind first). The longest chain is EMV config → profile → binding → device.
 *
 * The client is the bench's bare one (bare-reads.ts): undici alone in a process of its own, a pool
 * of keep-alive connections as wide as the parallelism, each answer parsed and its resource found,
 * nothing else. A real provider adds its own costs (gRPC between Terraform and the provider, fresh
 * connections: Go's default transport keeps two idle connections per host), so paycfg's lead over
 * this refresh is a floor of its lead over a real one.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createApiClient } from '../../src/api/index.js';
import { mapWithConcurrency } from '../../src/util/map-with-concurrency.js';
import type { BenchSimulator } from './bench-simulator.js';
import { paycfgEnv } from './child-env.js';
import { bareClientPrelude } from './bare-reads.js';
import { BenchError } from './errors.js';
import type { GroupSize } from './group-shape.js';
import { lowerBoundMs, totalRequests, type RequestPhase } from './lower-bound.js';
import { median } from './statistics.js';

/** terraform plan's default -parallelism. */
export const REFRESH_PARALLELISM = 10;

export type RefreshKind = 'emv-config' | 'acquirer-profile' | 'merchant' | 'binding' | 'device';

/** One resource of the state and the GET that refreshes it. */
export interface RefreshRead {
  readonly kind: RefreshKind;
  readonly path: string;
  /**
   * Which record of the answer's page is the resource (every field equal, compared as text); absent
   * for a GET by id, whose `data` is the resource (null when it is gone).
   */
  readonly match?: Readonly<Record<string, string>>;
  /** For a merchant's payment list: every binding it must hold (each one's fields equal, compared as text). */
  readonly matches?: readonly Readonly<Record<string, string>>[];
  /** Indexes of earlier reads this one waits for. */
  readonly after: readonly number[];
}

/** A state as a provider would hold the group: each resource's id and what its refresh filters on. */
export interface RefreshState {
  readonly emvConfigs: readonly { readonly id: number; readonly emvName: string }[];
  readonly profiles: readonly { readonly profileId: number; readonly profileName: string; readonly emvIds: readonly number[] }[];
  readonly merchants: readonly {
    readonly mchId: string;
    readonly bindings: readonly { readonly acquirerProfileId: string; readonly currency: string; readonly emvIds: readonly number[] }[];
    readonly deviceIds: readonly string[];
  }[];
}

const V1 = '/api/openapi/v1';
const ALL = 'pageNumber=1&pageSize=-1';
export const OWNER_PATH = '/api/v2/current';

/** Requests of a refresh of a group of this shape: the owner once, then one GET per resource. */
export function refreshRequests(size: GroupSize): number {
  return 1 + size.profiles + size.emvConfigs + size.merchants * (1 + (size.bindingsPerMerchant > 0 ? 1 : 0) + size.devicesPerMerchant);
}

/**
 * The refresh's phases for the lower bound: the owner alone, then every resource, `parallelism` at
 * a time, no faster than its longest chain of dependencies.
 */
export function refreshPhases(size: GroupSize): RequestPhase[] {
  const profileLevel = size.profiles > 0 ? 2 : 0;
  const bindingLevel = size.bindingsPerMerchant > 0 ? Math.max(profileLevel, 1) + 1 : 0;
  const deviceLevel = size.devicesPerMerchant > 0 ? Math.max(bindingLevel, 1) + 1 : 0;
  const resources = refreshRequests(size) - 1;
  return [
    { name: 'owner', requests: 1, depth: 1 },
    { name: 'resources', requests: resources, depth: Math.max(resources > 0 ? 1 : 0, profileLevel, bindingLevel, deviceLevel) },
  ];
}

/** The reads of a refresh of `state`, in an order where every read comes after those it waits for. */
export function refreshReads(state: RefreshState): RefreshRead[] {
  const reads: RefreshRead[] = [];
  const add = (read: RefreshRead): number => reads.push(read) - 1;
  const emvAt = new Map<number, number>();
  for (const e of state.emvConfigs) {
    emvAt.set(e.id, add({ kind: 'emv-config', path: `${V1}/emv?emvName=${encodeURIComponent(e.emvName)}&${ALL}`, match: { emvName: e.emvName }, after: [] }));
  }
  const emvReads = (ids: readonly number[]): number[] => [...new Set(ids)].flatMap((id) => (emvAt.has(id) ? [emvAt.get(id)!] : []));
  const profileAt = new Map<string, number>();
  for (const p of state.profiles) {
    const path = `${V1}/acquirer?profileName=${encodeURIComponent(p.profileName)}&${ALL}`;
    profileAt.set(String(p.profileId), add({ kind: 'acquirer-profile', path, match: { profileName: p.profileName }, after: emvReads(p.emvIds) }));
  }
  for (const m of state.merchants) {
    const id = encodeURIComponent(m.mchId);
    const merchant = add({ kind: 'merchant', path: `${V1}/mchInfo/${id}`, after: [] });
    // One read of the merchant's payment list refreshes all its bindings; it waits for every profile and EMV config they name.
    const bindings: number[] = [];
    if (m.bindings.length > 0) {
      const after = [merchant, ...new Set(m.bindings.flatMap((b) => [...(profileAt.has(b.acquirerProfileId) ? [profileAt.get(b.acquirerProfileId)!] : []), ...emvReads(b.emvIds)]))];
      const matches = m.bindings.map((b) => ({ acquirerProfileId: b.acquirerProfileId, currency: b.currency }));
      bindings.push(add({ kind: 'binding', path: `${V1}/mchInfo/payment/${id}?pageNumber=1&pageSize=100`, matches, after }));
    }
    for (const deviceId of m.deviceIds) add({ kind: 'device', path: `${V1}/device/${encodeURIComponent(deviceId)}`, after: [merchant, ...bindings] });
  }
  return reads;
}

/** The longest chain of reads that must follow one another (1 for reads that wait for none). */
export function refreshDepth(reads: readonly RefreshRead[]): number {
  const level: number[] = [];
  for (const read of reads) level.push(1 + Math.max(0, ...read.after.map((i) => level[i]!)));
  return Math.max(0, ...level);
}

/** Concurrent reads while building the state: the simulator answers them without latency. */
const STATE_CONCURRENCY = 16;

/** Reads the group `groupId` as a provider's state would hold it (not measured; the simulator without latency). */
export async function readRefreshState(sim: BenchSimulator, groupId: string): Promise<RefreshState> {
  await sim.setLatency(0);
  const client = createApiClient({ baseUrl: sim.url, token: sim.token(groupId), maxInFlight: STATE_CONCURRENCY });
  try {
    const [emvConfigs, profiles, merchants] = await Promise.all([client.emvConfigs.listAll(), client.acquirerProfiles.listAll(), client.merchants.listAll()]);
    const emvIdsOf = (list: string | undefined): number[] => Object.values(JSON.parse(list ?? '{}') as Record<string, number[]>).flat();
    return {
      emvConfigs: emvConfigs.map((e) => ({ id: e.id, emvName: e.emvName })),
      profiles: profiles.map((p) => ({ profileId: p.profileId, profileName: p.profileName, emvIds: emvIdsOf(p.emvList) })),
      merchants: await mapWithConcurrency(merchants, STATE_CONCURRENCY, async (m) => {
        const [bindings, devices] = await Promise.all([client.bindings.listAll(m.mchId), client.devices.listAll(m.mchId)]);
        return {
          mchId: m.mchId,
          bindings: bindings.map((b) => ({
            acquirerProfileId: String(b.acquirerProfileId),
            currency: b.currency,
            emvIds: (b.paymentMethods ?? []).flatMap((pm) => (pm.emvs ?? []).map((e) => e.emvId)),
          })),
          deviceIds: devices.map((d) => d.deviceId),
        };
      }),
    };
  } finally {
    await client.close();
  }
}

/**
 * The child's whole program, run with `node -e` from the repository's root so that it finds undici
 * and loads nothing else. It reads the reads from the file REFRESH_READS, configures (the owner),
 * then walks them: each read waits for those it depends on, then for one of REFRESH_PARALLELISM
 * slots. Every answer must be `code: 0` and hold its resource.
 */
const REFRESH_PROGRAM = `${bareClientPrelude('REFRESH_PARALLELISM')}
const { readFileSync } = await import('node:fs');
const reads = JSON.parse(readFileSync(process.env.REFRESH_READS, 'utf8'));
function holds(read, data) {
  const records = data?.records ?? [];
  const found = (match) => records.some((r) => Object.entries(match).every(([k, v]) => String(r[k]) === v));
  if (read.matches !== undefined) return read.matches.every(found);
  if (read.match === undefined) return data !== null && data !== undefined;
  return found(read.match);
}
let free = parallelism;
const waiting = [];
const slot = () => (free > 0 ? ((free -= 1), Promise.resolve()) : new Promise((resolve) => waiting.push(resolve)));
const release = () => {
  const next = waiting.shift();
  if (next !== undefined) next();
  else free += 1;
};
const started = performance.now();
await get(${JSON.stringify(OWNER_PATH)});
const done = [];
for (const read of reads) {
  done.push((async () => {
    await Promise.all(read.after.map((i) => done[i]));
    await slot();
    try {
      if (!holds(read, await get(read.path))) throw new Error(read.kind + ' not found: GET ' + read.path);
    } finally {
      release();
    }
  })());
}
await Promise.all(done);
const wallMs = performance.now() - started;
await pool.close();
process.stdout.write(JSON.stringify({ wallMs, requests }) + '\\n');
`;

function runRefreshChild(sim: BenchSimulator, groupId: string, readsFile: string, parallelism: number, cwd: string): Promise<{ wallMs: number; requests: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', REFRESH_PROGRAM], {
      cwd,
      env: { ...paycfgEnv(sim, groupId), REFRESH_READS: readsFile, REFRESH_PARALLELISM: String(parallelism) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (err = (err + chunk).slice(-4000)));
    child.on('error', (error) => reject(new BenchError(`cannot start the refresh child process: ${error.message}`, {}, { cause: error })));
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as { wallMs: number; requests: number });
      } catch {
        reject(new BenchError(`the per-resource refresh failed (exit ${code ?? 'none'}): ${err.trim().slice(-1500)}`));
      }
    });
  });
}

export interface RefreshFigures {
  readonly parallelism: number;
  readonly latencyMs: number;
  /** Wall time of each run, from the owner's read to the last resource's answer. */
  readonly runs: readonly number[];
  readonly medianWallMs: number;
  /** Requests of each run (the shape's count, refreshRequests; a run that sends other is refused). */
  readonly requests: number;
  readonly lowerBoundMs: number;
  /** Median wall time ÷ lower bound. */
  readonly ratio: number;
}

/** Figures of the refresh runs at one latency. */
export function summariseRefresh(walls: readonly number[], size: GroupSize, parallelism: number, latencyMs: number): RefreshFigures {
  const phases = refreshPhases(size);
  const bound = lowerBoundMs(phases, parallelism, latencyMs);
  const medianWallMs = median(walls);
  return { parallelism, latencyMs, runs: [...walls], medianWallMs, requests: totalRequests(phases), lowerBoundMs: bound, ratio: bound > 0 ? medianWallMs / bound : Number.NaN };
}

/**
 * A prepared refresh of one group: its state read once and its reads written where the child finds
 * them. `run` measures one refresh at the simulator's current latency and returns its wall time;
 * a run that sends other requests than the shape's count, or meets a fault, throws.
 */
export interface PreparedRefresh {
  readonly requests: number;
  run(): Promise<number>;
}

export async function prepareRefresh(
  ctx: { readonly sim: BenchSimulator; readonly cwd: string; readonly workDir: string },
  groupId: string,
  size: GroupSize,
  parallelism = REFRESH_PARALLELISM,
): Promise<PreparedRefresh> {
  const reads = refreshReads(await readRefreshState(ctx.sim, groupId));
  const expected = refreshRequests(size);
  if (reads.length + 1 !== expected) {
    throw new BenchError(`the refresh's state holds ${reads.length} resources; a group of this shape has ${expected - 1}`);
  }
  const readsFile = join(ctx.workDir, `refresh-${groupId}.json`);
  await writeFile(readsFile, JSON.stringify(reads));
  return {
    requests: expected,
    run: async () => {
      await ctx.sim.resetStats();
      const result = await runRefreshChild(ctx.sim, groupId, readsFile, parallelism, ctx.cwd);
      const stats = await ctx.sim.stats();
      if (result.requests !== expected || stats.total !== expected) {
        throw new BenchError(`the per-resource refresh sent ${result.requests} requests (the simulator saw ${stats.total}), expected ${expected}`);
      }
      if (stats.faulted + stats.dropped + stats.rateLimited + stats.internalErrors > 0) {
        throw new BenchError(`the per-resource refresh met faults or errors (${JSON.stringify(stats)}); the run does not count`);
      }
      return result.wallMs;
    },
  };
}
