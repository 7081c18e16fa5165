import type { Finding, PolicyLevel, RuleDescriptor } from '../findings/types.js';
import type { Plan } from '../plan/plan.js';
import builtinPack from './builtin-pack.js';
import { PolicyModuleError } from './errors.js';
import { createHelpers } from './helpers.js';
import { DEFAULT_POLICY_TIMEOUT_MS, runModulePacks } from './module-runner.js';
import { resolvePacks, type ResolvedPack } from './pack-sources.js';
import { runPack, type PackRun } from './run-pack.js';
import type { PackSource, PolicyEnvironment, PolicyReport } from './types.js';

export interface EvaluationContext {
  /** Set for a plan made for an environment: what plan-environment-value-leak and a PBO's rules read. */
  readonly environment?: PolicyEnvironment;
  /** Each module's time limit; default 10 s. */
  readonly timeoutMs?: number;
}

/**
 * Evaluates the packs over a published plan document: the built-in pack in this process (it is
 * paycfg's own code, and cheap), a PBO's modules in a worker with a time limit. Each finding gets
 * its level (the pack's, unless the source's `levels` says otherwise) and whether it blocks an
 * apply. Pack names must be unique among the packs evaluated.
 *
 * @throws PolicyModuleError when a pack cannot be loaded, has not the pack's shape, throws,
 *   rejects, runs past its time limit or returns what is not a list of violations; or when two
 *   packs have one name, or `levels` names a rule the pack does not have.
 */
export async function evaluatePolicies(plan: Plan, sources: readonly PackSource[], context: EvaluationContext = {}): Promise<PolicyReport> {
  const packs = await resolvePacks(sources);
  if (packs.length === 0) return { packs: [], findings: [] };
  const input = policyInputPlan(plan);
  const modules = packs.flatMap((pack) => (pack.builtin ? [] : [{ label: pack.label, path: pack.path, config: pack.source.config ?? {}, ...levelsOf(pack) }]));
  // The built-in pack first, here: it is cheap, and a failure of it then leaves no worker running.
  const own = packs.find((pack) => pack.builtin);
  const builtin =
    own === undefined
      ? undefined
      : await runPack(builtinPack, { plan: input, config: own.source.config ?? {}, ...(context.environment !== undefined ? { environment: context.environment } : {}) }, createHelpers(input), levelsOf(own), own.label);
  const moduleRuns = await runModulePacks(input, modules, context.environment, context.timeoutMs ?? DEFAULT_POLICY_TIMEOUT_MS);
  let next = 0;
  const runs = packs.map((pack) => ({ pack, run: pack.builtin ? builtin! : moduleRuns[next++]! }));
  return reportOf(runs);
}

/** What a pack reads: the plan as `plan --json` prints it, less what the checks themselves add to it. */
function policyInputPlan(plan: Plan): Plan {
  if (plan.findings === undefined && plan.policyPacks === undefined) return plan;
  const { findings: _findings, policyPacks: _packs, ...rest } = plan;
  return rest;
}

function levelsOf(pack: ResolvedPack): { levels?: Readonly<Record<string, PolicyLevel | 'off'>> } {
  return pack.source.levels !== undefined ? { levels: pack.source.levels } : {};
}

function reportOf(runs: readonly { pack: ResolvedPack; run: PackRun }[]): PolicyReport {
  const named = new Map<string, ResolvedPack>();
  const packs: PolicyReport['packs'][number][] = [];
  const findings: Finding[] = [];
  for (const { pack, run } of runs) {
    const first = named.get(run.name);
    if (first !== undefined) {
      throw new PolicyModuleError(pack.label, `its pack is named ${run.name}, as the pack of ${first.label} is: the packs a run evaluates need names of their own`);
    }
    named.set(run.name, pack);
    const levels = pack.source.levels ?? {};
    const levelOf = (rule: string, own: PolicyLevel | undefined): PolicyLevel => {
      const set = levels[rule];
      return set !== undefined && set !== 'off' ? set : (own ?? 'advisory');
    };
    const rules: RuleDescriptor[] = run.rules.map((rule) => ({ id: rule.id, pack: run.name, title: rule.description, level: levelOf(rule.id, rule.level) }));
    const ruleLevels = new Map(rules.map((rule) => [rule.id, rule.level as PolicyLevel]));
    packs.push({ name: run.name, source: pack.source.pack, rules });
    for (const violation of run.violations) {
      const level = ruleLevels.get(violation.rule) ?? 'advisory';
      findings.push({
        rule: violation.rule,
        pack: run.name,
        level,
        message: violation.message,
        ...(violation.address !== undefined ? { address: violation.address } : {}),
        blocking: level !== 'advisory',
      });
    }
  }
  return { packs, findings };
}
