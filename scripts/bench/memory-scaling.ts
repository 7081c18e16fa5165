import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchSimulator } from './bench-simulator.js';
import { BenchError } from './errors.js';
import { DEVICE_ADMIN, paycfgEnv } from './child-env.js';
import { buildGroupSpec, type GroupSize } from './group-shape.js';
import { measurePlanningCpu } from './planning-cpu.js';
import { runPaycfg, type PaycfgBuild } from './run-paycfg.js';
import { seedGroup } from './seed-group.js';
import { writeManifest } from './write-manifest.js';

/** Peak memory of `paycfg plan` on an unchanged group of one size. */
export interface MemoryPoint {
  readonly merchants: number;
  readonly planUnchangedMaxRssKb: number;
  readonly planUnchangedWallMs: number;
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
 * the API (seed-group.ts) and planned by paycfg, without injected latency (latency changes time, not
 * memory); the plan must find nothing to do, or the group is not the manifest's. Peak RSS includes
 * the headroom V8 leaves itself, which follows its own sizing rules; the heap retained after a full
 * GC, measured apart, is what paycfg keeps.
 */
export async function measureMemoryScaling(ctx: MemoryContext, base: GroupSize, sizes: readonly number[]): Promise<MemoryPoint[]> {
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
      ctx.log(`memory at ${merchants} merchants: plan, unchanged`);
      const plan = await runPaycfg({ build: ctx.build, argv: ['plan', '-f', dir, '--detailed-exitcode'], env: paycfgEnv(ctx.sim, groupId), cwd: ctx.cwd });
      if (plan.exitCode !== 0) {
        throw new BenchError(`memory at ${merchants} merchants: the plan of the seeded group exited ${plan.exitCode}: ${plan.stderrTail.trim().slice(-1200)}`);
      }
      ctx.log(`memory at ${merchants} merchants: retained heap (own process, no I/O)`);
      const retained = await measurePlanningCpu({ size: { ...base, merchants }, runs: 1, workDir: dir, build: ctx.build }, ctx.cwd);
      points.push({ merchants, planUnchangedMaxRssKb: plan.maxRssKb, planUnchangedWallMs: plan.wallMs, retainedHeapKib: retained.retainedHeapKib });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return points;
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
