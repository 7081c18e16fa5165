/**
 * Two `paycfg apply` of one manifest started together against one group (a CI re-run beside a
 * run): whichever way their requests interleave, no record is left twice, and both runs exit 0
 * with nothing left to plan. Trials run ten groups at a time, each run through its own proxy
 * (see startRunPair), which orders the runs by what the other has sent, never by time: every
 * other trial is a race in which both runs create every terminal (for each one, exactly one run
 * must give way); the rest start the second run at a seeded point of the first.
 */
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { liveDuplicates, startRunPair, writeFleetManifest, type Ordering } from './concurrent-apply-helpers.js';

const TRIALS = 20;
const AT_ONCE = 10;
const MERCHANTS = 2;
const DEVICES = 3;
const GAVE_WAY = 'another run created it at the same time';

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

/** A small seeded generator (mulberry32) of whole numbers below `limit`: the same on every run of the suite. */
function seeded(seed: number, limit: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * limit);
  };
}

async function cli(argv: string[], env: Record<string, string>) {
  const io = captureIo({ env });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

interface Trial {
  readonly ordering: Ordering;
  readonly codes: number[];
  readonly duplicates: string[];
  readonly remaining: string[];
  /** How many terminals a run gave way on (deleted its own code and adopted the other run's). */
  readonly gaveWay: number;
  readonly output: string;
}

async function trial(expect: ExpectStatic, groupId: string, manifest: string, before: string | undefined, ordering: Ordering): Promise<Trial> {
  await sim.admin.createGroup({ groupId });
  const token = sim.token(groupId);
  if (before !== undefined) {
    const setup = await cli(['apply', '-f', before, '--auto-approve'], { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: token });
    expect(setup.code, setup.out + setup.err).toBe(0);
  }
  const pair = await startRunPair(sim.url, ordering);
  let runs;
  try {
    runs = await Promise.all(
      (['A', 'B'] as const).map((run) =>
        cli(['apply', '-f', manifest, '--auto-approve'], { PAYCFG_BASE_URL: pair.url[run], PAYCFG_TOKEN: token }).finally(() => pair.finished(run)),
      ),
    );
  } finally {
    await pair.close();
  }
  const next = await cli(['plan', '-f', manifest, '--json'], { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: token });
  expect(next.code, next.err).toBe(0);
  const output = runs.map((r) => r.out + r.err).join('\n----\n');
  return {
    ordering,
    codes: runs.map((r) => r.code),
    duplicates: await liveDuplicates(sim, groupId),
    remaining: (JSON.parse(next.out).changes as { address: string }[]).map((c) => c.address),
    gaveWay: output.split('\n').filter((line) => line.includes(GAVE_WAY)).length,
    output,
  };
}

/** Even trials race; odd ones start run B after a seeded number (below `stagger`) of run A's requests. */
async function trials(expect: ExpectStatic, prefix: string, seed: number, stagger: number, before: string | undefined, manifest: string): Promise<Trial[]> {
  const after = seeded(seed, stagger);
  const orderings: Ordering[] = Array.from({ length: TRIALS }, (_, i) => (i % 2 === 0 ? { kind: 'race' } : { kind: 'stagger', after: after() }));
  const results: Trial[] = [];
  for (let start = 0; start < TRIALS; start += AT_ONCE) {
    const batch = orderings.slice(start, start + AT_ONCE).map((ordering, i) => trial(expect, `${prefix}${String(start + i).padStart(5, '0')}`, manifest, before, ordering));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

function expectConverged(expect: ExpectStatic, results: Trial[]): void {
  for (const [i, result] of results.entries()) {
    const context = `trial ${i} (${JSON.stringify(result.ordering)}):\n${result.output}`;
    expect(result.duplicates, context).toEqual([]);
    expect(result.codes, context).toEqual([0, 0]);
    expect(result.remaining, context).toEqual([]);
    // In a race both runs created every terminal, and the runs agree on which code stays: one run gave way on each.
    if (result.ordering.kind === 'race') expect(result.gaveWay, context).toBe(MERCHANTS * DEVICES);
  }
}

// The two sets of trials side by side, on groups of their own: most of a trial is waiting (the twin
// check's settle after each terminal's create), which the two sets then wait together.
describe.concurrent('two applies of one manifest at once', () => {
  const fleet = writeFleetManifest({ merchants: MERCHANTS, devices: DEVICES, devicesToo: true });

  // From empty a run sends about 18 requests: B starts anywhere from A's first read to A's end.
  it(`from an empty group: ${TRIALS} trials end with no duplicate, both runs exit 0 and nothing left to plan`, async ({ expect }) => {
    expectConverged(expect, await trials(expect, 'G-810', 17, 20, undefined, fleet));
  }, 90_000);

  // With only the terminals new, A has planned after about 6 requests and creates next: B starts around then.
  it(`with the merchants in place and only the terminals new: ${TRIALS} trials end the same way`, async ({ expect }) => {
    const merchantsOnly = writeFleetManifest({ merchants: MERCHANTS, devices: DEVICES, devicesToo: false });
    expectConverged(expect, await trials(expect, 'G-820', 29, 10, merchantsOnly, fleet));
  }, 90_000);
});
