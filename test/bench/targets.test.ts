import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_SIZE } from '../../scripts/bench/group-shape.js';
import type { Scenario } from '../../scripts/bench/lower-bound.js';
import { linearFit } from '../../scripts/bench/memory-scaling.js';
import type { PlanningCpuFigures } from '../../scripts/bench/planning-cpu.js';
import type { ScenarioResult } from '../../scripts/bench/scenarios.js';
import { checkTargets, loadBudgets } from '../../scripts/bench/targets.js';

function scenario(name: Scenario, ratio: number, byRoute: Record<string, number> = {}, timing = { wallMs: 1, lowerBoundMs: 1, parallelism: 8 }): ScenarioResult {
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

describe('checkTargets', () => {
  const reads = { 'GET /api/openapi/v1/device': 2000 };

  it('checks the ratios, the reads per merchant, planning CPU and memory at 10,000 merchants', () => {
    const checks = checkTargets({
      group: DEFAULT_GROUP_SIZE,
      parallelism: 8,
      scenarios: [scenario('plan-unchanged', 1.4, reads), scenario('apply-from-empty', 1.6), scenario('apply-drift', 1.5)],
      planningCpu: cpu(10_000, 999),
      memory: [{ merchants: 10_000, planUnchangedMaxRssKb: 400 * 1024, planUnchangedWallMs: 1, retainedHeapKib: 1 }],
    });
    expect(checks.map((c) => c.met)).toEqual([true, true, true, false, true, true, false]);
  });

  it('flags a plan that reads binding records the merchant list already carries', () => {
    const checks = checkTargets({
      group: DEFAULT_GROUP_SIZE,
      parallelism: 8,
      scenarios: [scenario('plan-unchanged', 1, { ...reads, 'GET /api/openapi/v1/mchInfo/payment/{mchId}': 1 })],
    });
    expect(checks.find((c) => c.target.includes('binding-record'))?.met).toBe(false);
  });

  it('does not judge the plan ratio of another group size than the 2,000 merchants of the target', () => {
    const checks = checkTargets({ group: { ...DEFAULT_GROUP_SIZE, merchants: 50 }, parallelism: 8, scenarios: [scenario('plan-unchanged', 3)] });
    expect(checks[0]).toMatchObject({ measured: '3.00x', met: undefined });
  });

  it('judges linear growth by the straightness of the retained heap, from three sizes on', () => {
    const point = (merchants: number) => ({ merchants, planUnchangedMaxRssKb: 1, planUnchangedWallMs: 1, retainedHeapKib: 1 });
    const linear = (retainedFitR2: number, sizes: number[]) =>
      checkTargets({ group: DEFAULT_GROUP_SIZE, parallelism: 8, scenarios: [], memory: sizes.map(point), retainedFitR2 }).find((c) => c.target.includes('linearly'));
    expect(linear(0.999, [1000, 2000, 10_000])?.met).toBe(true);
    expect(linear(0.9, [1000, 2000, 10_000])?.met).toBe(false);
    expect(linear(1, [1000, 2000])).toBeUndefined();
  });

  it('does not judge planning CPU measured at another size than the target', () => {
    const checks = checkTargets({ group: DEFAULT_GROUP_SIZE, parallelism: 8, scenarios: [], planningCpu: cpu(500, 5000) });
    expect(checks).toHaveLength(1);
    expect(checks[0]!.met).toBeUndefined();
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
