import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ApiClient } from '../../src/api/index.js';
import { DEVICE_ADMIN } from './child-env.js';
import { measureInChild } from './measure-child.js';
import { TILL_ADMIN_VARIABLE, buildGroupSpec, type GroupSize } from './group-shape.js';
import { modulePath, type PaycfgBuild } from './run-paycfg.js';
import { median } from './statistics.js';
import { syntheticWireSnapshot } from './synthetic-wire.js';
import { writeManifest } from './write-manifest.js';

/**
 * What the built-in checks add to planning: the payment rules over the manifest and the built-in
 * plan pack (paycfg/plan-rules, findings located on the manifest) over the published plan, against
 * the planning they follow (manifest load, desired state, live read of synthetic records, the plan
 * with its impact, publication), in CPU milliseconds of a process of its own, no I/O. Issue 32's
 * target: under 10% added.
 */
export const POLICY_CPU_TARGET_PERCENT = 10;

/** One plan shape: its planning, and what the checks add to it (medians over the runs). */
export interface PolicyShapeFigures {
  readonly changes: number;
  readonly findings: number;
  readonly planningCpuMs: number;
  readonly paymentRulesCpuMs: number;
  readonly planPackCpuMs: number;
  /** (payment rules + plan pack) ÷ planning, in percent. */
  readonly addedPercent: number;
}

export interface PolicyCpuFigures {
  readonly merchants: number;
  readonly runs: number;
  readonly targetPercent: number;
  /** 1% of the merchants drifted: an ordinary plan. */
  readonly drift: PolicyShapeFigures;
  /** An empty group: every record a create, the largest plan the group makes. */
  readonly fromEmpty: PolicyShapeFigures;
}

export interface PolicyCpuRequest {
  readonly size: GroupSize;
  readonly runs: number;
  readonly workDir: string;
  readonly build: PaycfgBuild;
}

const CHILD = fileURLToPath(new URL('./policy-cpu-child.ts', import.meta.url));

/** Runs the measurement in a process of its own (no simulator, no earlier runs in its heap). */
export function measurePolicyCpu(request: PolicyCpuRequest, cwd: string): Promise<PolicyCpuFigures> {
  return measureInChild<PolicyCpuFigures>(CHILD, request, 'policy-CPU', cwd);
}

/** The figures in a line or two, against the target. */
export function policyCpuText(figures: PolicyCpuFigures): string {
  const line = (name: string, shape: PolicyShapeFigures): string =>
    `  ${name}: ${shape.changes} changes, planning ${shape.planningCpuMs.toFixed(0)} ms CPU; payment rules ${shape.paymentRulesCpuMs.toFixed(0)} ms + plan pack ${shape.planPackCpuMs.toFixed(0)} ms (${shape.findings} findings) = ` +
    `+${shape.addedPercent.toFixed(1)}% (target under ${figures.targetPercent}%: ${shape.addedPercent < figures.targetPercent ? 'met' : 'MISSED'})`;
  return [`Built-in checks at ${figures.merchants} merchants (CPU, medians of ${figures.runs} runs):`, line('1% drift', figures.drift), line('from empty', figures.fromEmpty)].join('\n');
}

async function load<T>(build: PaycfgBuild, name: string): Promise<T> {
  return (await import(pathToFileURL(modulePath(build, name)).href)) as T;
}

/** Runs in the child: each stage after a full garbage collection, timed in process CPU. */
export async function runPolicyCpu(request: PolicyCpuRequest): Promise<PolicyCpuFigures> {
  const { size, runs, build } = request;
  const { loadManifest } = await load<typeof import('../../src/manifest/index.js')>(build, 'manifest/index');
  const { buildDesiredState } = await load<typeof import('../../src/desired/build-desired.js')>(build, 'desired/build-desired');
  const { readLive } = await load<typeof import('../../src/live/read-live.js')>(build, 'live/read-live');
  const { planRead } = await load<typeof import('../../src/workflow/plan-stages.js')>(build, 'workflow/plan-stages');
  const { publishedFor } = await load<typeof import('../../src/library/plan.js')>(build, 'library/plan');
  const { checkPaymentRules } = await load<typeof import('../../src/rules/index.js')>(build, 'rules/index');
  const { checkPlan, findingLocator, rulesChecks } = await load<typeof import('../../src/workflow/plan-checks.js')>(build, 'workflow/plan-checks');
  const { DEFAULT_IMPACT_WINDOW } = await load<typeof import('../../src/payments/impact-window.js')>(build, 'payments/impact-window');
  const collect = (globalThis as { gc?: () => void }).gc ?? ((): void => {});
  const cpu = async <T>(fn: () => T | Promise<T>): Promise<{ value: T; ms: number }> => {
    collect();
    const started = process.cpuUsage();
    const value = await fn();
    const used = process.cpuUsage(started);
    return { value, ms: (used.user + used.system) / 1000 };
  };

  const spec = buildGroupSpec(size);
  const files = await writeManifest(spec, join(request.workDir, `policy-cpu-manifest-${size.merchants}`));
  const env = { [TILL_ADMIN_VARIABLE]: DEVICE_ADMIN };
  const context = { baseUrl: 'http://127.0.0.1:1', group: { groupId: 'G-00000001', groupName: 'Bench PBO' } };
  const request0 = { targets: [], window: DEFAULT_IMPACT_WINDOW, now: new Date(), allowUnsettled: false };
  const packs = [{ pack: 'builtin', baseDir: request.workDir, namedAt: 'bench' }];

  const samples = { drift: [] as PolicyShapeFigures[], fromEmpty: [] as PolicyShapeFigures[] };
  for (let run = 0; run < runs; run += 1) {
    const loaded = await cpu(() => loadManifest(files, { env, cwd: request.workDir }));
    const desired = await cpu(() => buildDesiredState(loaded.value));
    const rules = await cpu(() => checkPaymentRules(loaded.value));
    for (const shape of ['drift', 'fromEmpty'] as const) {
      const wire = shape === 'drift' ? syntheticWireSnapshot(spec, { drift: true, deviceAdmin: DEVICE_ADMIN }) : undefined;
      const live = await cpu(() => readLive(fakeClient(wire), desired.value, { groupId: 'G-00000001' }, { concurrency: 8 }));
      const planned = await cpu(() => publishedFor(planRead(desired.value, { live: live.value, context }, request0).plan, ''));
      const checked = await cpu(() => checkPlan(planned.value, { ...rulesChecks(rules.value), packs, locate: findingLocator(loaded.value) }, { cwd: request.workDir }));
      const planningCpuMs = loaded.ms + desired.ms + live.ms + planned.ms;
      samples[shape].push({
        changes: planned.value.changes.length,
        findings: checked.value.plan.findings?.length ?? 0,
        planningCpuMs,
        paymentRulesCpuMs: rules.ms,
        planPackCpuMs: checked.ms,
        addedPercent: ((rules.ms + checked.ms) / planningCpuMs) * 100,
      });
    }
  }
  const medianOf = (list: readonly PolicyShapeFigures[]): PolicyShapeFigures => ({
    changes: list[0]?.changes ?? 0,
    findings: list[0]?.findings ?? 0,
    planningCpuMs: median(list.map((s) => s.planningCpuMs)),
    paymentRulesCpuMs: median(list.map((s) => s.paymentRulesCpuMs)),
    planPackCpuMs: median(list.map((s) => s.planPackCpuMs)),
    addedPercent: median(list.map((s) => s.addedPercent)),
  });
  return { merchants: size.merchants, runs, targetPercent: POLICY_CPU_TARGET_PERCENT, drift: medianOf(samples.drift), fromEmpty: medianOf(samples.fromEmpty) };
}

/** readLive's five lists over synthetic records; none for an empty group. */
function fakeClient(wire: ReturnType<typeof syntheticWireSnapshot> | undefined): ApiClient {
  const copy = <T>(records: readonly T[] | undefined): Promise<T[]> => Promise.resolve([...(records ?? [])]);
  return {
    emvConfigs: { listAll: () => copy(wire?.emvConfigs) },
    acquirerProfiles: { listAll: () => copy(wire?.acquirerProfiles) },
    merchants: { listAll: () => copy(wire?.merchants) },
    bindings: { listAll: (mchId: string) => copy(wire?.bindings.get(mchId)) },
    devices: { listAll: (mchId: string) => copy(wire?.devices.get(mchId)) },
  } as unknown as ApiClient;
}

