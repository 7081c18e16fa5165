/**
 * Two `paycfg apply` of one manifest started together against one group (a CI re-run beside a
 * run): whichever way their requests interleave, no record is left twice, and both runs exit 0
 * with nothing left to plan. Trials run a few groups at a time; the second run of each trial
 * starts after a seeded random delay, so the interleavings differ from trial to trial.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { liveDuplicates, writeFleetManifest } from './concurrent-apply-helpers.js';

const TRIALS = 20;
const AT_ONCE = 5;

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

/** A small seeded generator (mulberry32): the same delays on every run of the suite. */
function delays(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 40);
  };
}

async function cli(argv: string[], env: Record<string, string>) {
  const io = captureIo({ env });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

interface Trial {
  readonly codes: number[];
  readonly duplicates: string[];
  readonly remaining: string[];
  readonly output: string;
}

async function trial(groupId: string, manifest: string, before: string | undefined, delayMs: number): Promise<Trial> {
  await sim.admin.createGroup({ groupId });
  const env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId) };
  if (before !== undefined) {
    const setup = await cli(['apply', '-f', before, '--auto-approve'], env);
    expect(setup.code, setup.out + setup.err).toBe(0);
  }
  const runs = await Promise.all([
    cli(['apply', '-f', manifest, '--auto-approve'], env),
    new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => cli(['apply', '-f', manifest, '--auto-approve'], env)),
  ]);
  const next = await cli(['plan', '-f', manifest, '--json'], env);
  expect(next.code, next.err).toBe(0);
  return {
    codes: runs.map((r) => r.code),
    duplicates: await liveDuplicates(sim, groupId),
    remaining: (JSON.parse(next.out).changes as { address: string }[]).map((c) => c.address),
    output: runs.map((r) => r.out + r.err).join('\n----\n'),
  };
}

async function trials(prefix: string, seed: number, before: string | undefined, manifest: string): Promise<Trial[]> {
  const delay = delays(seed);
  const results: Trial[] = [];
  for (let start = 0; start < TRIALS; start += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, TRIALS - start) }, (_, i) => trial(`${prefix}${String(start + i).padStart(5, '0')}`, manifest, before, delay()));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

function expectConverged(results: Trial[]): void {
  for (const [i, result] of results.entries()) {
    const context = `trial ${i}:\n${result.output}`;
    expect(result.duplicates, context).toEqual([]);
    expect(result.codes, context).toEqual([0, 0]);
    expect(result.remaining, context).toEqual([]);
  }
}

describe('two applies of one manifest at once', () => {
  const fleet = writeFleetManifest({ merchants: 2, devices: 3, devicesToo: true });

  it(`from an empty group: ${TRIALS} trials end with no duplicate, both runs exit 0 and nothing left to plan`, async () => {
    expectConverged(await trials('G-810', 17, undefined, fleet));
  }, 90_000);

  it(`with the merchants in place and only the terminals new: ${TRIALS} trials end the same way`, async () => {
    const merchantsOnly = writeFleetManifest({ merchants: 2, devices: 3, devicesToo: false });
    const results = await trials('G-820', 29, merchantsOnly, fleet);
    expectConverged(results);
    // The trials did race: in some of them a run found the other's code beside its own and gave way.
    expect(results.some((r) => r.output.includes('another run created it at the same time'))).toBe(true);
  }, 90_000);
});
