import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchSimulator } from './bench-simulator.js';
import { BenchError } from './errors.js';
import { DEVICE_ADMIN, paycfgEnv } from './child-env.js';
import { buildGroupSpec, type GroupSize } from './group-shape.js';
import { measurePlanningCpu } from './planning-cpu.js';
import { runPaycfg, type PaycfgBuild } from './run-paycfg.js';
import { seedGroup } from './seed-group.js';
import { median } from './statistics.js';
import { writeManifest } from './write-manifest.js';

/** One plan of the unchanged group at a size of the memory line. */
export interface MemoryRun {
  readonly maxRssKb: number;
  readonly wallMs: number;
}

/** Peak memory of `paycfg plan` on an unchanged group of one size. */
export interface MemoryPoint {
  readonly merchants: number;
  /** Median over `planUnchangedRuns`: when the collector last ran moves one run's peak by tens of MB. */
  readonly planUnchangedMaxRssKb: number;
  readonly planUnchangedWallMs: number;
  /** Each plan's own figures, in the order run. */
  readonly planUnchangedRuns: readonly MemoryRun[];
  /** Heap paycfg's data holds at that size after a full GC (see PlanningCpuFigures.retainedHeapKib). */
  readonly retainedHeapKib: number;
  /** Peak RSS of `apply` into an empty group, where the scenarios measured it (at their size). */
  readonly applyFromEmptyMaxRssKb?: number;
}

export interface MemoryContext {
  readonly sim: BenchSimulator;
  readonly build: PaycfgBuild;
  readonly workDir: string;
  readonly cwd: string;
  readonly nextGroupId: () => string;
  readonly log: (line: string) => void;
}

/**
 * How paycfg's memory grows with the group: for each size a new group is filled straight through
 * the API (seed-group.ts) and planned by paycfg `runs` times, without injected latency (latency
 * changes time, not memory); each plan must find nothing to do, or the group is not the manifest's.
 * A size's figure is the median of its runs. Peak RSS includes
 * the headroom V8 leaves itself, which follows its own sizing rules; the heap retained after a full
 * GC, measured apart, is what paycfg keeps.
 */
export async function measureMemoryScaling(ctx: MemoryContext, base: GroupSize, sizes: readonly number[], runs: number): Promise<MemoryPoint[]> {
  const points: MemoryPoint[] = [];
  for (const merchants of sizes) {
    const dir = await mkdtemp(join(ctx.workDir, `memory-${merchants}-`));
    try {
      const spec = buildGroupSpec({ ...base, merchants });
      await writeManifest(spec, dir);
      const groupId = ctx.nextGroupId();
      await ctx.sim.createGroup(groupId);
      await ctx.sim.setLatency(0);
      ctx.log(`memory at ${merchants} merchants: seeding the group through the API`);
      await seedGroup(spec, ctx.sim.url, ctx.sim.token(groupId), DEVICE_ADMIN);
      const plans: MemoryRun[] = [];
      for (let run = 0; run < runs; run += 1) {
        ctx.log(`memory at ${merchants} merchants: plan, unchanged, run ${run + 1}/${runs}`);
        const plan = await runPaycfg({ build: ctx.build, argv: ['plan', '-f', dir, '--detailed-exitcode'], env: paycfgEnv(ctx.sim, groupId), cwd: ctx.cwd });
        if (plan.exitCode !== 0) {
          throw new BenchError(`memory at ${merchants} merchants: the plan of the seeded group exited ${plan.exitCode}: ${plan.stderrTail.trim().slice(-1200)}`);
        }
        plans.push({ maxRssKb: plan.maxRssKb, wallMs: plan.wallMs });
      }
      ctx.log(`memory at ${merchants} merchants: retained heap (own process, no I/O)`);
      const retained = await measurePlanningCpu({ size: { ...base, merchants }, runs: 1, workDir: dir, build: ctx.build }, ctx.cwd);
      points.push(memoryPoint(merchants, plans, retained.retainedHeapKib));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return points;
}

/** A size's point of the memory line: the median of its plans' peaks and wall times. */
export function memoryPoint(merchants: number, plans: readonly MemoryRun[], retainedHeapKib: number): MemoryPoint {
  return {
    merchants,
    planUnchangedMaxRssKb: median(plans.map((p) => p.maxRssKb)),
    planUnchangedWallMs: median(plans.map((p) => p.wallMs)),
    planUnchangedRuns: plans,
    retainedHeapKib,
  };
}

/** Least-squares line through the points (slope per x, intercept), with R² to show how straight it is. */
export function linearFit(points: readonly { x: number; y: number }[]): { slope: number; intercept: number; r2: number } {
  const n = points.length;
  if (n < 2) return { slope: Number.NaN, intercept: Number.NaN, r2: Number.NaN };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const syy = points.reduce((s, p) => s + (p.y - my) ** 2, 0);
  const slope = sxx === 0 ? Number.NaN : sxy / sxx;
  const r2 = sxx === 0 || syy === 0 ? Number.NaN : (sxy * sxy) / (sxx * syy);
  return { slope, intercept: my - slope * mx, r2 };
}
