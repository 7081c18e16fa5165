import type { BareReadFigures } from './bare-reads.js';
import type { GroupSize } from './group-shape.js';
import { ratioWithoutLoad, type Scenario } from './lower-bound.js';
import type { MemoryPoint } from './memory-scaling.js';
import type { PlanningCpuFigures } from './planning-cpu.js';
import { policyCpuText, type PolicyCpuFigures } from './policy-cpu.js';
import type { PromotionFigures } from './promotion.js';
import type { RateLimitedFigures } from './rate-limited.js';
import type { RefreshLeadFigures } from './refresh-lead.js';
import { refreshLeadText } from './refresh-report.js';
import type { ManifestLoadFigures, ScenarioResult } from './scenarios.js';
import { RATIO_TARGET, readsOverBareClient, type LoadBudget } from './targets.js';
import { formatMb, formatMs, formatRatio, table, targetTable } from './text-format.js';

export { formatMb, formatMs } from './text-format.js';

/** The JSON the benchmark writes; bump BENCH_FORMAT_VERSION on any incompatible change. */
export const BENCH_FORMAT_VERSION = 1;

export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  /** Undefined when the figure was measured at another size than the target's. */
  readonly met: boolean | undefined;
}

export interface BenchResult {
  readonly formatVersion: typeof BENCH_FORMAT_VERSION;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly environment: {
    readonly node: string;
    readonly platform: string;
    readonly cpus: number;
    readonly cpuModel: string;
    readonly commit: string;
    /** Files with uncommitted changes when the benchmark ran (figures then describe the working tree). */
    readonly uncommittedFiles: number;
    readonly paycfg: 'compiled build (dist/)' | 'existing dist/ (not rebuilt)' | 'sources through tsx';
  };
  readonly group: GroupSize & { readonly driftedMerchants: number };
  readonly latencyMs: number;
  readonly parallelism: number;
  /** `paycfg validate` of the same manifest: the part of every scenario that sends no request. */
  readonly manifestLoad: ManifestLoadFigures;
  readonly scenarios: readonly ScenarioResult[];
  /** The unchanged plan against the simulator's rate limit (absent with --rate-limit 0). */
  readonly rateLimited?: RateLimitedFigures;
  /** promote --from test --to production between two seeded groups, against a plan of each (absent with --promotion-runs 0). */
  readonly promotion?: PromotionFigures;
  /** paycfg's unchanged plan by turns with a per-resource refresh of the same group, per latency (absent with --refresh-latencies ""). */
  readonly refresh?: RefreshLeadFigures;
  /** The unchanged plan's reads by a bare undici client at the measured parallelism (absent when `mid` is set). */
  readonly bareReads?: BareReadFigures;
  /** Median wall time at parallelism 1 ÷ at the measured parallelism, per scenario. */
  readonly speedUp: Partial<Record<Scenario, number>>;
  readonly planningCpu?: PlanningCpuFigures;
  /** What the built-in checks (payment rules, paycfg/plan-rules) add to planning CPU (issue 32: under 10%). */
  readonly policyCpu?: PolicyCpuFigures;
  readonly memory: {
    readonly points: readonly MemoryPoint[];
    /** Least-squares line of the peak RSS of `plan` over merchants, and how well it fits (R²). */
    readonly planKibPerMerchant: number;
    readonly planBaseKib: number;
    readonly planFitR2: number;
    /** The same line for the retained heap. */
    readonly retainedKibPerMerchant: number;
    readonly retainedBaseKib: number;
    readonly retainedFitR2: number;
  };
  readonly targets: readonly TargetCheck[];
  /** For each scenario at the measured parallelism: the time its ratio target leaves for the manifest load. */
  readonly loadBudgets: readonly LoadBudget[];
  /** Scenarios whose request count differs from the lower-bound model. */
  readonly requestMismatches: readonly string[];
}

const LABEL: Record<Scenario, string> = {
  'plan-unchanged': 'plan, unchanged',
  'plan-drift': 'plan, 1% drift',
  'apply-from-empty': 'apply from empty',
  'apply-drift': 'apply of 1% drift',
};

/** A budget can be negative: the requests alone then take longer than the target allows. */
function formatSignedMs(ms: number): string {
  return ms < 0 ? `-${formatMs(-ms)}` : formatMs(ms);
}

/** The load on a line of its own, as a rate: it depends on the manifest's size, not on the network. */
export function formatManifestLoad(load: ManifestLoadFigures): string {
  const rate = Number.isFinite(load.mbPerSecond) ? `${load.mbPerSecond.toFixed(2)} MB/s` : '-';
  return (
    `Manifest load (paycfg validate, no requests; median of ${load.runs.length}): ${rate} of YAML ` +
    `(${(load.yamlBytes / 1e6).toFixed(2)} MB in ${formatMs(load.median.wallMs)}; MB = 10^6 bytes), peak RSS ${formatMb(load.median.maxRssKb)}, CPU ${formatMs(load.median.cpuMs)}.`
  );
}

export function formatReport(result: BenchResult): string {
  const out: string[] = [];
  const g = result.group;
  out.push(
    `paycfg benchmark: ${g.merchants} merchants (${g.bindingsPerMerchant} bindings, ${g.devicesPerMerchant} devices each${g.withMid ? ', mid set' : ''}), ` +
      `${g.profiles} profiles, ${g.emvConfigs} EMV configs; ${g.driftedMerchants} merchants drifted; latency ${result.latencyMs} ms; ` +
      `${result.environment.paycfg}; Node ${result.environment.node}, ${result.environment.cpus} CPUs; commit ${result.environment.commit}` +
      (result.environment.uncommittedFiles > 0 ? ` + ${result.environment.uncommittedFiles} uncommitted files` : ''),
    '',
  );
  const load = result.manifestLoad.median;
  const rows = result.scenarios.map((s) => [
    LABEL[s.scenario],
    String(s.parallelism),
    formatMs(s.median.wallMs),
    s.median.requests === s.expectedRequests ? String(s.median.requests) : `${s.median.requests} (model ${s.expectedRequests})`,
    formatMs(s.lowerBoundMs),
    formatRatio(s.ratio),
    formatRatio(ratioWithoutLoad(s.median.wallMs, load.wallMs, s.lowerBoundMs)),
    formatMb(s.median.maxRssKb),
    formatMs(s.median.cpuMs),
    s.parallelism === result.parallelism && result.speedUp[s.scenario] !== undefined ? `${result.speedUp[s.scenario]!.toFixed(1)}x` : '',
  ]);
  const limited = result.rateLimited;
  if (limited !== undefined) {
    rows.push([
      `plan, unchanged, ${limited.rateLimit} req/s`,
      String(limited.parallelism),
      formatMs(limited.median.wallMs),
      `${limited.median.requests} (${limited.median.rateLimited} x 429)`,
      formatMs(limited.boundMs),
      formatRatio(limited.ratio),
      formatRatio(limited.ratioWithoutLoad),
      formatMb(limited.median.maxRssKb),
      formatMs(limited.median.cpuMs),
      '',
    ]);
  }
  out.push(table(['scenario', 'par.', 'wall (median)', 'requests', 'lower bound', 'ratio', 'ratio w/o load', 'peak RSS', 'CPU', 'speed-up vs par. 1'], rows));
  out.push('', formatManifestLoad(result.manifestLoad));
  if (result.promotion !== undefined) out.push(formatPromotion(result.promotion));
  out.push('"ratio w/o load" subtracts the load from the wall time: the part of the run the lower bound describes.');
  if (limited !== undefined) {
    out.push(
      `The rate-limited plan: the simulator admits ${limited.rateLimit} requests a second (a token bucket holding one second of them, full at the start), ` +
        `so its lower bound is the plan's ${limited.neededRequests} requests / ${limited.rateLimit} per second; requests answered 429 are counted apart ` +
        `(median; per run: ${limited.runs.map((r) => `${formatMs(r.wallMs)} with ${r.rateLimited} x 429`).join(', ')}).`,
    );
  }
  const bare = result.bareReads;
  const plan = result.scenarios.find((s) => s.scenario === 'plan-unchanged' && s.parallelism === result.parallelism);
  if (bare !== undefined) {
    const paycfgReads =
      plan === undefined
        ? ''
        : `; paycfg's unchanged plan without the load: ${formatMs(plan.median.wallMs - load.wallMs)}, ` +
          `${formatRatio(readsOverBareClient(plan.median.wallMs, load.wallMs, bare.medianWallMs))} the bare client's time`;
    out.push(
      `Bare client (undici alone, the unchanged plan's ${bare.requests} reads, own process; median): ${formatMs(bare.medianWallMs)}, ` +
        `${bare.ratio.toFixed(2)}x the lower bound${paycfgReads}. The bare client's share over the bound is the simulator's and the loopback's, not paycfg's.`,
    );
  }
  out.push('Lower bound = sum over phases of max(ceil(requests / parallelism), chain depth) x latency; see scripts/bench/lower-bound.ts.');
  out.push('Wall time is paycfg\'s main() in its own process (Node start-up excluded); peak RSS is that process\'s.');
  if (result.refresh !== undefined) out.push('', refreshLeadText(result.refresh).trimEnd());

  if (result.policyCpu !== undefined) out.push('', policyCpuText(result.policyCpu));

  if (result.planningCpu !== undefined) {
    const c = result.planningCpu;
    out.push('', `Planning CPU at ${c.merchants} merchants, own process, no I/O (median of ${c.runs}; the manifest load once):`);
    out.push(
      table(
        ['stage', 'time', 'process CPU', 'changes'],
        [
          ['load manifest (YAML, validation)', formatMs(c.loadManifestMs), '', ''],
          ['manifest -> desired state', formatMs(c.buildDesiredMs), '', ''],
          ['wire records -> live state', formatMs(c.normaliseLiveMs), '', ''],
          ['fingerprints not hashed on reading (saved plans only)', formatMs(c.fingerprintsMs), '', ''],
          ['planChanges, unchanged', formatMs(c.planMs.unchanged), formatMs(c.planCpuMs.unchanged), String(c.changes.unchanged)],
          ['planChanges, 1% drift', formatMs(c.planMs.drift), formatMs(c.planCpuMs.drift), String(c.changes.drift)],
          ['planChanges, from empty', formatMs(c.planMs.fromEmpty), formatMs(c.planCpuMs.fromEmpty), String(c.changes.fromEmpty)],
        ],
      ),
    );
    out.push('time: the synchronous call, after a full GC, in a process holding the loaded manifest; process CPU adds the GC helper threads.');
  }

  if (result.memory.points.length > 0) {
    const plans = result.memory.points[0]!.planUnchangedRuns.length;
    out.push(
      '',
      `Peak memory (RSS of the paycfg process; each group seeded through the API, planned ${plans} time${plans === 1 ? '' : 's'} without latency, ` +
        'plan figures the median; apply from the runs above):',
    );
    out.push(
      table(
        ['merchants', 'plan, unchanged', 'apply from empty', 'plan wall', 'retained heap'],
        result.memory.points.map((p) => [
          String(p.merchants),
          formatMb(p.planUnchangedMaxRssKb),
          p.applyFromEmptyMaxRssKb === undefined ? '' : formatMb(p.applyFromEmptyMaxRssKb),
          formatMs(p.planUnchangedWallMs),
          formatMb(p.retainedHeapKib),
        ]),
      ),
    );
    if (Number.isFinite(result.memory.planKibPerMerchant)) {
      const r2 = Number.isFinite(result.memory.planFitR2) ? `, R² ${result.memory.planFitR2.toFixed(3)}` : '';
      out.push(`plan peak RSS: about ${result.memory.planKibPerMerchant.toFixed(1)} KiB per merchant on top of ${formatMb(result.memory.planBaseKib)}${r2}`);
    }
    if (Number.isFinite(result.memory.retainedKibPerMerchant)) {
      const r2 = Number.isFinite(result.memory.retainedFitR2) ? `, R² ${result.memory.retainedFitR2.toFixed(3)}` : '';
      out.push(
        `retained heap: about ${result.memory.retainedKibPerMerchant.toFixed(1)} KiB per merchant on top of ${formatMb(result.memory.retainedBaseKib)}${r2} ` +
          '(heap after a full GC held by the manifest context, desired state, group lists as read, live state and plan, module code excluded; no headroom)',
      );
    }
  }

  out.push('', "Targets (the plans' reads without the load, against the bare client's; apply from empty, the rate-limited plan and the lead over the refresh whole; memory at the median of the runs):");
  out.push(targetTable(result.targets));
  if (result.loadBudgets.length > 0) {
    out.push(
      '',
      `Load budget: what ${RATIO_TARGET}x the lower bound leaves for loading the manifest once the rest of the run is paid for ` +
        '(the load comes before the first request, so the two add up): the whole-run reading of the ratio target, by which apply from empty is judged; ' +
        "\"with bare reads\": had paycfg's reads cost no more than undici's alone.",
    );
    out.push(
      table(
        ['scenario', 'load', 'budget', 'budget with bare reads'],
        result.loadBudgets.map((b) => [
          LABEL[b.scenario],
          formatMs(b.loadMs),
          formatSignedMs(b.budgetMs),
          b.budgetWithBareReadsMs === undefined ? '' : formatSignedMs(b.budgetWithBareReadsMs),
        ]),
      ),
    );
  }
  if (result.requestMismatches.length > 0) {
    out.push('', 'Request counts that differ from the lower-bound model (the model or paycfg changed):');
    for (const line of result.requestMismatches) out.push(`  ${line}`);
  }
  return `${out.join('\n')}\n`;
}

/** The promotion's line: its requests against a plan of each environment's, and its wall time beside theirs. */
function formatPromotion(p: PromotionFigures): string {
  const { test, production } = p.plans;
  return (
    `Promotion (promote --from test --to production, production drifted; median of ${p.runs.length}, parallelism ${p.parallelism}): ` +
    `${p.median.requests} requests against ${p.boundRequests} for a plan of each (test ${test.requests}, production ${production.requests}), ` +
    `${formatRatio(p.requestRatio)}; ${formatMs(p.median.wallMs)} against ${formatMs(test.wallMs + production.wallMs)} for the two plans one after the other ` +
    `(${formatRatio(p.wallRatio)}), peak RSS ${formatMb(p.median.maxRssKb)}.`
  );
}
