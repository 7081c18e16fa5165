import { parseArgs } from 'node:util';
import { UsageError } from '../../src/errors.js';
import { intFlag } from '../../src/cli/parse-flags.js';
import { DEFAULT_GROUP_SIZE, checkGroupSize, type GroupSize } from './group-shape.js';

export interface BenchOptions {
  readonly size: GroupSize;
  readonly latencyMs: number;
  readonly runs: number;
  readonly parallelism: number;
  /** Runs of each scenario at parallelism 1; 0 leaves the naive baseline out. */
  readonly baselineRuns: number;
  /** Whether the baseline includes apply from empty (one request at a time: minutes at 2,000 merchants). */
  readonly baselineFromEmpty: boolean;
  /** Requests per second of the rate-limited plan; 0 leaves it out. */
  readonly rateLimit: number;
  /** Runs of the promotion from a test group to a production group; 0 leaves it out. */
  readonly promotionRuns: number;
  /** Group size of the in-process planning-CPU measurement; 0 leaves it out. */
  readonly cpuMerchants: number;
  /** Group size of the measurement of what the built-in checks add to planning CPU; 0 leaves it out. */
  readonly policyCpuMerchants: number;
  /** Run this measurement alone (`policy-cpu`, `fleet`, `refresh`), instead of the whole benchmark. */
  readonly only: Only | undefined;
  /** Latencies of paycfg's lead over the per-resource refresh (scripts/bench/refresh-lead.ts); empty leaves it out. */
  readonly refreshLatencies: readonly number[];
  /** The fleet plan (scripts/bench/fleet.ts): groups (0 leaves it out), merchants per group, latency, shards, smaller fleets for the memory line. */
  readonly fleet: { readonly groups: number; readonly merchants: number; readonly latencyMs: number; readonly shards: number; readonly memoryGroups: readonly number[] };
  /** More group sizes for the memory line (the main size is always one), seeded through the API. */
  readonly memoryMerchants: readonly number[];
  /** Where the JSON figures go; undefined: bench-results/bench-<time>.json. */
  readonly out: string | undefined;
  /** Run paycfg's TypeScript sources through tsx instead of the compiled build. */
  readonly tsx: boolean;
  /** Measure the existing dist/ as it is, without compiling first. */
  readonly noBuild: boolean;
  readonly help: boolean;
}

export const BENCH_HELP = `Usage: npm run bench -- [flags]

Measures paycfg plan and apply against the embedded simulator with injected latency, and writes
the figures as JSON (bench-results/ by default).

Group (generated manifest and live group):
  --merchants <n>          Merchants (default ${DEFAULT_GROUP_SIZE.merchants})
  --bindings <n>           Bindings per merchant (default ${DEFAULT_GROUP_SIZE.bindingsPerMerchant})
  --devices <n>            Devices per merchant (default ${DEFAULT_GROUP_SIZE.devicesPerMerchant})
  --profiles <n>           Acquirer profiles (default ${DEFAULT_GROUP_SIZE.profiles})
  --emv-configs <n>        EMV configs (default ${DEFAULT_GROUP_SIZE.emvConfigs})
  --mid                    Every binding sets mid (plan then reads every merchant's binding records)

Measurement:
  --latency <ms>           Latency the simulator adds to every API request (default 10)
  --runs <n>               Runs per scenario; figures are medians (default 3)
  --parallelism <n>        paycfg --parallelism of the measured runs (default 8)
  --baseline-runs <n>      Runs per scenario at --parallelism 1, the naive baseline (default 1; 0: none)
  --baseline-from-empty    Include apply from empty in the baseline (14,000 requests one at a time at
                           the default size: about 3 more minutes)
  --rate-limit <rps>       Requests per second the simulator admits in the rate-limited plan of an
                           unchanged group (default 100; 0: not run)
  --promotion-runs <n>     Runs of promote --from test --to production between two seeded groups
                           (production drifted 1%), against a plan of each (default --runs; 0: none)
  --cpu-merchants <n>      Group size of the planning-CPU measurement, no I/O (default 10000; 0: none)
  --policy-cpu-merchants <n> Group size of the measurement of what the built-in checks (payment rules,
                           paycfg/plan-rules) add to planning CPU, no I/O (default 10000; 0: none)
  --only policy-cpu        Run that measurement alone (with --runs, --tsx, --no-build and the group flags)
  --fleet-groups <n>       Groups of the fleet plan: one machine against its lower bound, peak memory
                           over the groups, the fleet split into shards run as processes (default 100;
                           0: none)
  --fleet-merchants <n>    Merchants per group of the fleet (default 20; bindings and devices as above)
  --fleet-latency <ms>     Latency the simulator adds to every request of the fleet runs (default 20)
  --fleet-shards <n>       Shards run together as processes, --shard i/N (default 4)
  --fleet-memory-groups <list> Smaller fleets for the memory line besides --fleet-groups (default 25,50)
  --only fleet             Run the fleet measurement alone (with --runs, --tsx, --no-build and the fleet flags)
  --refresh-latencies <list> Latencies (ms) at which paycfg's unchanged plan, without a service record and
                           with the binding reading recorded (--service-record; with the bare client's
                           time for its reads), runs by turns with a per-resource refresh of the same
                           seeded group (one GET per resource in state, parallelism 10, as a Terraform
                           provider refreshes), for paycfg's lead (default 10,50; "": none)
  --only refresh           Run that measurement alone, with the manifest load it needs (with --runs,
                           --parallelism, --tsx, --no-build and the group flags)
  --memory-merchants <list> Group sizes for the memory line besides --merchants, each seeded through
                           the API and planned --runs times without latency (default 1000,10000; "":
                           no line)
  --out <file>             JSON output (default bench-results/bench-<time>.json)
  --tsx                    Run paycfg's sources through tsx instead of the compiled build
  --no-build               Measure the existing dist/ as it is (default: compile it first)
  --quick                  A small smoke run: 50 merchants, 1 run, small CPU and memory sizes
  -h, --help               This text`;

function sizeList(name: string, value: string): number[] {
  if (value.trim() === '') return [];
  return value.split(',').map((part) => intFlag(name, part.trim(), 1)!);
}

type Only = 'policy-cpu' | 'fleet' | 'refresh';
const ONLY: readonly Only[] = ['policy-cpu', 'fleet', 'refresh'];

function onlyOf(value: string | undefined): Only | undefined {
  if (value === undefined) return undefined;
  const only = ONLY.find((o) => o === value);
  if (only === undefined) throw new UsageError(`bench: --only takes ${ONLY.join(', ')}, not ${JSON.stringify(value)}; run \`npm run bench -- --help\``);
  return only;
}

/** Latencies in ms, each 0..10,000. */
function latencyList(name: string, value: string): number[] {
  if (value.trim() === '') return [];
  return value.split(',').map((part) => intFlag(name, part.trim(), 0, 10_000)!);
}

export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        merchants: { type: 'string' },
        bindings: { type: 'string' },
        devices: { type: 'string' },
        profiles: { type: 'string' },
        'emv-configs': { type: 'string' },
        mid: { type: 'boolean', default: false },
        latency: { type: 'string' },
        runs: { type: 'string' },
        parallelism: { type: 'string' },
        'baseline-runs': { type: 'string' },
        'baseline-from-empty': { type: 'boolean', default: false },
        'rate-limit': { type: 'string' },
        'promotion-runs': { type: 'string' },
        'cpu-merchants': { type: 'string' },
        'policy-cpu-merchants': { type: 'string' },
        only: { type: 'string' },
        'fleet-groups': { type: 'string' },
        'fleet-merchants': { type: 'string' },
        'fleet-latency': { type: 'string' },
        'fleet-shards': { type: 'string' },
        'fleet-memory-groups': { type: 'string' },
        'memory-merchants': { type: 'string' },
        'refresh-latencies': { type: 'string' },
        out: { type: 'string' },
        tsx: { type: 'boolean', default: false },
        'no-build': { type: 'boolean', default: false },
        quick: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(`bench: ${error instanceof Error ? error.message : String(error)}; run \`npm run bench -- --help\``);
  }
  const quick = values.quick;
  const size: GroupSize = {
    merchants: intFlag('merchants', values.merchants, 1) ?? (quick ? 50 : DEFAULT_GROUP_SIZE.merchants),
    bindingsPerMerchant: intFlag('bindings', values.bindings, 0) ?? DEFAULT_GROUP_SIZE.bindingsPerMerchant,
    devicesPerMerchant: intFlag('devices', values.devices, 0) ?? DEFAULT_GROUP_SIZE.devicesPerMerchant,
    profiles: intFlag('profiles', values.profiles, 1) ?? DEFAULT_GROUP_SIZE.profiles,
    emvConfigs: intFlag('emv-configs', values['emv-configs'], 1) ?? DEFAULT_GROUP_SIZE.emvConfigs,
    withMid: values.mid,
  };
  checkGroupSize(size);
  return {
    size,
    latencyMs: intFlag('latency', values.latency, 0, 10_000) ?? 10,
    runs: intFlag('runs', values.runs, 1) ?? (quick ? 1 : 3),
    parallelism: intFlag('parallelism', values.parallelism, 1, 64) ?? 8,
    baselineRuns: intFlag('baseline-runs', values['baseline-runs'], 0) ?? 1,
    baselineFromEmpty: values['baseline-from-empty'] || quick,
    rateLimit: intFlag('rate-limit', values['rate-limit'], 0) ?? 100,
    promotionRuns: intFlag('promotion-runs', values['promotion-runs'], 0) ?? intFlag('runs', values.runs, 1) ?? (quick ? 1 : 3),
    cpuMerchants: intFlag('cpu-merchants', values['cpu-merchants'], 0) ?? (quick ? 500 : 10_000),
    policyCpuMerchants: intFlag('policy-cpu-merchants', values['policy-cpu-merchants'], 0) ?? (quick ? 500 : 10_000),
    only: onlyOf(values.only),
    refreshLatencies: values['refresh-latencies'] !== undefined ? latencyList('refresh-latencies', values['refresh-latencies']) : [10, 50],
    fleet: {
      groups: intFlag('fleet-groups', values['fleet-groups'], 0) ?? (quick ? 8 : 100),
      merchants: intFlag('fleet-merchants', values['fleet-merchants'], 1) ?? (quick ? 5 : 20),
      latencyMs: intFlag('fleet-latency', values['fleet-latency'], 0, 10_000) ?? 20,
      shards: intFlag('fleet-shards', values['fleet-shards'], 2) ?? (quick ? 2 : 4),
      memoryGroups:
        values['fleet-memory-groups'] !== undefined ? sizeList('fleet-memory-groups', values['fleet-memory-groups']) : quick ? [2, 4] : [25, 50],
    },
    memoryMerchants: values['memory-merchants'] !== undefined ? sizeList('memory-merchants', values['memory-merchants']) : quick ? [100, 200] : [1000, 10_000],
    out: values.out,
    tsx: values.tsx,
    noBuild: values['no-build'],
    help: values.help,
  };
}
