import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_SIZE } from '../../scripts/bench/group-shape.js';
import type { BareReadFigures } from '../../scripts/bench/bare-reads.js';
import type { Scenario } from '../../scripts/bench/lower-bound.js';
import { linearFit, memoryPoint, type MemoryPoint } from '../../scripts/bench/memory-scaling.js';
import type { PlanningCpuFigures } from '../../scripts/bench/planning-cpu.js';
import { summariseRateLimited } from '../../scripts/bench/rate-limited.js';
import type { ScenarioResult } from '../../scripts/bench/scenarios.js';
import { checkTargets, loadBudgets, readsOverBareClient, type TargetInputs } from '../../scripts/bench/targets.js';

/** A scenario whose median wall time is `ratio` times its lower bound, unless `timing` says otherwise. */
function scenario(name: Scenario, ratio: number, byRoute: Record<string, number> = {}, timing = { wallMs: ratio, lowerBoundMs: 1, parallelism: 8 }): ScenarioResult {
  const { wallMs, lowerBoundMs, parallelism } = timing;
  const run = { wallMs, startupMs: 1, maxRssKb: 1, cpuMs: 1, requests: 1, byRoute };
  return { scenario: name, parallelism, runs: [run], median: { wallMs, maxRssKb: 1, cpuMs: 1, requests: 1 }, phases: [], expectedRequests: 1, lowerBoundMs, ratio };
}

const cpu = (merchants: number, fromEmpty: number): PlanningCpuFigures => ({
  merchants,
  runs: 3,
  loadManifestMs: 0,
  buildDesiredMs: 0,
  normaliseLiveMs: 0,
  planMs: { unchanged: 10, drift: 10, fromEmpty },
  planCpuMs: { unchanged: 10, drift: 10, fromEmpty },
  changes: { unchanged: 0, drift: 0, fromEmpty: 0 },
  fingerprintsMs: 0,
  retainedHeapKib: 0,
});

/** The bare client's reads, taking `wallMs` at the median. */
const bare = (wallMs: number): BareReadFigures => ({ runs: [wallMs], medianWallMs: wallMs, requests: 4004, lowerBoundMs: 1, ratio: wallMs });

const MB = 1024;
/** A memory point at `merchants` from plans that peaked at `peaksMb`, in the order run. */
const memoryAt = (merchants: number, peaksMb: readonly number[]): MemoryPoint =>
  memoryPoint(merchants, peaksMb.map((mb) => ({ maxRssKb: mb * MB, wallMs: 1 })), 1);

const targets = (inputs: Partial<TargetInputs>): ReturnType<typeof checkTargets> =>
  checkTargets({ group: DEFAULT_GROUP_SIZE, parallelism: 8, scenarios: [], loadMs: 0, ...inputs });
const check = (checks: ReturnType<typeof checkTargets>, words: string) => checks.find((c) => c.target.includes(words));

describe('checkTargets', () => {
  const reads = { 'GET /api/openapi/v1/device': 2000 };

  it("checks the plan's reads against the bare client, the reads per merchant, apply from empty, planning CPU and memory at 10,000 merchants", () => {
    const checks = targets({
      loadMs: 1000,
      bareReads: bare(4000),
      scenarios: [scenario('plan-unchanged', 1.4, reads, { wallMs: 5800, lowerBoundMs: 5000, parallelism: 8 }), scenario('apply-from-empty', 1.6), scenario('apply-drift', 2)],
      planningCpu: cpu(10_000, 999),
      memory: [memoryAt(10_000, [520])],
    });
    expect(checks.map((c) => [c.target.split(':')[0], c.met])).toEqual([
      ['plan, unchanged 2000-merchant group, its reads (wall without the load)', true],
      ['plan, unchanged', true],
      ['plan, unchanged', true],
      ['apply from empty at parallelism 8', false],
      ['planning CPU (planChanges time, worst of unchanged/drift/from empty) < 1000 ms at 10000 merchants', true],
      ['peak RSS of plan < 512 MB at 10000 merchants, median of the runs', false],
    ]);
  });

  it("judges the unchanged plan's reads, its load taken off, against the bare client's time for the same reads", () => {
    // 5,330 ms whole, 3,560 ms after the 1,770 ms load: 1.19x the bare client's 3,000 ms.
    const timing = { wallMs: 5330, lowerBoundMs: 2520, parallelism: 8 };
    const met = targets({ loadMs: 1770, bareReads: bare(3000), scenarios: [scenario('plan-unchanged', 5330 / 2520, reads, timing)] });
    expect(check(met, "the bare client's time")).toMatchObject({ measured: '1.19x (3.56 s against 3.00 s)', met: true });
    // 3,800 ms after the load: 1.27x.
    const missed = targets({ loadMs: 1530, bareReads: bare(3000), scenarios: [scenario('plan-unchanged', 5330 / 2520, reads, timing)] });
    expect(check(missed, "the bare client's time")).toMatchObject({ measured: '1.27x (3.80 s against 3.00 s)', met: false });
    expect(readsOverBareClient(5330, 1770, 0)).toBeNaN();
  });

  it("does not check the plan's reads without a bare client, nor judge the apply of drift", () => {
    const timing = { wallMs: 6000, lowerBoundMs: 2520, parallelism: 8 };
    const checks = targets({ loadMs: 1000, scenarios: [scenario('plan-unchanged', 6000 / 2520, reads, timing), scenario('apply-drift', 6000 / 2520, {}, timing)] });
    expect(check(checks, "the bare client's time")).toBeUndefined();
    expect(check(checks, 'drift')).toBeUndefined();
  });

  it('judges apply from empty on its whole wall time, load included', () => {
    // 1.3x after the load, 1.6x whole.
    const checks = targets({ loadMs: 3000, scenarios: [scenario('apply-from-empty', 1.6, {}, { wallMs: 16_000, lowerBoundMs: 10_000, parallelism: 8 })] });
    expect(check(checks, 'apply from empty')).toMatchObject({ measured: '1.60x', met: false });
  });

  it('flags a plan that reads binding records more than once per merchant', () => {
    const once = targets({ scenarios: [scenario('plan-unchanged', 1, { ...reads, 'GET /api/openapi/v1/mchInfo/payment/{mchId}': 2000 })] });
    expect(check(once, 'binding-record')?.met).toBe(true);
    const twice = targets({ scenarios: [scenario('plan-unchanged', 1, { ...reads, 'GET /api/openapi/v1/mchInfo/payment/{mchId}': 2001 })] });
    expect(check(twice, 'binding-record')?.met).toBe(false);
  });

  it("does not judge the plan's reads at another group size than the 2,000 merchants of the target", () => {
    const checks = targets({ group: { ...DEFAULT_GROUP_SIZE, merchants: 50 }, bareReads: bare(1), scenarios: [scenario('plan-unchanged', 3)] });
    expect(checks[0]).toMatchObject({ measured: '3.00x (0.00 s against 0.00 s)', met: undefined });
  });

  it('judges linear growth by the straightness of the retained heap, from three sizes on', () => {
    const linear = (retainedFitR2: number, sizes: number[]) =>
      check(targets({ memory: sizes.map((m) => memoryAt(m, [1])), retainedFitR2 }), 'linearly');
    expect(linear(0.999, [1000, 2000, 10_000])?.met).toBe(true);
    expect(linear(0.9, [1000, 2000, 10_000])?.met).toBe(false);
    expect(linear(1, [1000, 2000])).toBeUndefined();
  });

  it('judges the peak memory at 10,000 merchants on the median of the runs, not on the worst one', () => {
    const met = check(targets({ memory: [memoryAt(10_000, [530, 472, 490])] }), 'peak RSS of plan');
    expect(met).toMatchObject({ target: 'peak RSS of plan < 512 MB at 10000 merchants, median of the runs', measured: '490 MB (3 runs: 530 MB, 472 MB, 490 MB)', met: true });
    const missed = check(targets({ memory: [memoryAt(10_000, [513, 472, 520])] }), 'peak RSS of plan');
    expect(missed).toMatchObject({ measured: '513 MB (3 runs: 513 MB, 472 MB, 520 MB)', met: false });
  });

  it('does not judge planning CPU measured at another size than the target', () => {
    const checks = targets({ planningCpu: cpu(500, 5000) });
    expect(checks).toHaveLength(1);
    expect(checks[0]!.met).toBeUndefined();
  });

  describe('the rate-limited plan', () => {
    const limited = (walls: number[], rateLimited = 40) =>
      summariseRateLimited(
        walls.map((wallMs) => ({ wallMs, maxRssKb: 1, cpuMs: 1, requests: 2004 + rateLimited, rateLimited })),
        { rateLimit: 100, parallelism: 8, neededRequests: 2004, loadMs: 2000 },
      );

    it('is met within 1.2x of requests / rate, judged on the whole wall time', () => {
      // Bound 2,004 / 100 per second = 20.04 s; median 23.5 s = 1.17x (1.07x without the 2 s load).
      const figures = limited([26_000, 23_500, 22_000]);
      expect(figures.boundMs).toBeCloseTo(20_040);
      expect(figures.median.wallMs).toBe(23_500);
      expect(figures.ratio).toBeCloseTo(23_500 / 20_040);
      expect(figures.ratioWithoutLoad).toBeCloseTo(21_500 / 20_040);
      expect(check(targets({ rateLimited: figures }), 'requests/s')).toMatchObject({ measured: '1.17x (40 answered 429)', met: true });
    });

    it('is missed over 1.2x even when the part after the load is within it', () => {
      const figures = limited([25_000]);
      expect(figures.ratioWithoutLoad).toBeLessThan(1.2);
      expect(check(targets({ rateLimited: figures }), 'requests/s')).toMatchObject({ measured: '1.25x (40 answered 429)', met: false });
    });

    it('is not judged at another group size than 2,000 merchants', () => {
      const checks = targets({ group: { ...DEFAULT_GROUP_SIZE, merchants: 50 }, rateLimited: limited([25_000]) });
      expect(check(checks, 'requests/s')).toMatchObject({ measured: '1.25x (40 answered 429)', met: undefined });
    });

    it('is not checked when the scenario did not run', () => {
      expect(check(targets({}), 'requests/s')).toBeUndefined();
    });
  });
});

describe('memoryPoint', () => {
  it('takes the median of the runs and keeps each run', () => {
    const point = memoryPoint(1000, [{ maxRssKb: 300, wallMs: 9 }, { maxRssKb: 100, wallMs: 7 }, { maxRssKb: 200, wallMs: 8 }], 5);
    expect(point).toMatchObject({ merchants: 1000, planUnchangedMaxRssKb: 200, planUnchangedWallMs: 8, retainedHeapKib: 5 });
    expect(point.planUnchangedRuns.map((r) => r.maxRssKb)).toEqual([300, 100, 200]);
  });
});

describe('loadBudgets', () => {
  const timed = (name: Scenario, wallMs: number, lowerBoundMs: number, parallelism = 8) =>
    scenario(name, wallMs / lowerBoundMs, {}, { wallMs, lowerBoundMs, parallelism });

  it('leaves for the load what 1.5x the bound allows once the rest of the run is paid for', () => {
    // 1.5 × 2,520 = 3,780 ms allowed; the plan spent 5,400 − 1,800 = 3,600 ms after its load.
    const [plan] = loadBudgets({ scenarios: [timed('plan-unchanged', 5400, 2520)], parallelism: 8, loadMs: 1800, bareReadsMs: 3000 });
    expect(plan?.scenario).toBe('plan-unchanged');
    expect(plan?.loadMs).toBe(1800);
    expect(plan?.budgetMs).toBeCloseTo(180);
    expect(plan?.budgetWithBareReadsMs).toBeCloseTo(780);
  });

  it('is negative when the requests alone take longer than the target allows', () => {
    const [plan] = loadBudgets({ scenarios: [timed('plan-drift', 5000, 2000)], parallelism: 8, loadMs: 1000 });
    expect(plan?.budgetMs).toBeCloseTo(-1000);
  });

  it("gives the bare client's budget to plans only, whose requests are the bare client's", () => {
    const budgets = loadBudgets({
      scenarios: [timed('apply-drift', 6000, 2650), timed('apply-from-empty', 22_000, 17_600)],
      parallelism: 8,
      loadMs: 1800,
      bareReadsMs: 3000,
    });
    expect(budgets.map((b) => b.scenario)).toEqual(['apply-drift', 'apply-from-empty']);
    expect(budgets.every((b) => b.budgetWithBareReadsMs === undefined)).toBe(true);
    expect(budgets[1]?.budgetMs).toBeCloseTo(1.5 * 17_600 - (22_000 - 1800));
  });

  it('leaves out the baseline runs at another parallelism', () => {
    const budgets = loadBudgets({ scenarios: [timed('plan-unchanged', 25_000, 20_000, 1), timed('plan-unchanged', 5400, 2520)], parallelism: 8, loadMs: 1800 });
    expect(budgets).toHaveLength(1);
    expect(budgets[0]?.budgetMs).toBeCloseTo(180);
  });
});

describe('linearFit', () => {
  it('finds the line through points on a line', () => {
    const fit = linearFit([
      { x: 1000, y: 150_000 },
      { x: 2000, y: 200_000 },
      { x: 10_000, y: 600_000 },
    ]);
    expect(fit.slope).toBeCloseTo(50);
    expect(fit.intercept).toBeCloseTo(100_000);
    expect(fit.r2).toBeCloseTo(1);
  });
});
