import type { ApiClient } from '../../api/index.js';
import type { ConnectionPools } from '../../api/connection-pools.js';
import type { RequestSlots } from '../../api/request-slots.js';
import { environmentClient } from '../../environments/client.js';
import { readEnvironmentToken, resolveEnvironment } from '../../environments/resolve.js';
import type { ResolvedEnvironment } from '../../environments/types.js';
import { ConfigError, PaycfgError } from '../../errors.js';
import { DEFAULT_PARALLELISM } from '../../library/plan.js';
import type { ParseCache } from '../../manifest/parse-cache.js';
import type { Plan } from '../../plan/plan.js';
import { scrubText } from '../../render/redact.js';
import type { FleetFile, FleetTarget, FleetTargetCounts, FleetTargetResult } from '../types.js';
import { causeOf } from './causes.js';
import { TargetTokenError } from './errors.js';
import type { FleetRunOptions } from './options.js';

/** What every target of a run shares: the fleet, the run's options, the one bound on requests in flight. */
export interface TargetContext {
  readonly fleet: FleetFile;
  readonly options: FleetRunOptions;
  /** Absent for validate, which sends no request. */
  readonly slots?: RequestSlots;
  /** The targets' connections, one pool per service (api/connection-pools.ts); absent for validate. */
  readonly pools?: ConnectionPools;
  /**
   * The run's parses of manifest files: targets made of one template's files parse each file once
   * (manifest/parse-cache.ts), instead of once a target.
   */
  readonly parseCache: ParseCache;
}

/** A target's run as it starts: when, and in which wave. */
export interface TargetStart {
  readonly target: FleetTarget;
  readonly wave: number | undefined;
  readonly startedAt: number;
}

/**
 * What a target's run must never print or keep in its summary: the values its `{ env }` and
 * `{ file }` sources gave (a fleet file refuses a secret fed by a written value, so every secret
 * is among them), then its token once read. Each is handed to the run's hideSecret as it is known.
 */
export class TargetSecrets {
  readonly #values: string[] = [];
  readonly #hide: ((value: string) => void) | undefined;

  constructor(hide: ((value: string) => void) | undefined) {
    this.#hide = hide;
  }

  add(value: string): void {
    if (value === '' || this.#values.includes(value)) return;
    this.#values.push(value);
    this.#hide?.(value);
  }

  get values(): readonly string[] {
    return this.#values;
  }
}

/**
 * The target's environment, its values read (validate: with allowMissing, a value whose source
 * gives nothing is a placeholder); the values its sources gave are added to `secrets`.
 */
export async function resolveTarget(context: TargetContext, target: FleetTarget, secrets: TargetSecrets, allowMissing = false): Promise<ResolvedEnvironment> {
  const resolved = await resolveEnvironment(context.fleet.environments, target.name, { env: context.options.env, allowMissing });
  for (const [name, value] of resolved.definition.values) {
    const read = resolved.variables[name];
    if (typeof value !== 'string' && read !== undefined) secrets.add(read);
  }
  return resolved;
}

/**
 * Runs `use` with the target's own client (its base URL and token, its own limiter, the run's
 * shared slots), closed after. A token source that gives nothing now (preflight read it) is a
 * TargetTokenError, which the summary groups as `token missing`.
 */
export async function withTargetClient<T>(context: TargetContext, resolved: ResolvedEnvironment, secrets: TargetSecrets, use: (client: ApiClient) => Promise<T>): Promise<T> {
  const { env, parallelism } = context.options;
  try {
    secrets.add(await readEnvironmentToken(resolved.definition, { env }));
  } catch (error) {
    if (error instanceof ConfigError) throw new TargetTokenError(error.message, { ...error.details });
    throw error;
  }
  const client = await environmentClient(resolved, {
    env,
    maxInFlight: parallelism ?? DEFAULT_PARALLELISM,
    ...(context.slots !== undefined ? { sharedSlots: context.slots } : {}),
    ...(context.pools !== undefined ? { sharedPools: context.pools } : {}),
  });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** The counts of a published plan: what the summary keeps of it once the target is over. */
export function countsOfPlan(plan: Pick<Plan, 'summary' | 'blocked' | 'unmanaged' | 'findings'>): FleetTargetCounts {
  const findings = plan.findings ?? [];
  return {
    create: plan.summary.create,
    update: plan.summary.update,
    delete: plan.summary.delete,
    replace: plan.summary.replace,
    blocked: plan.blocked.length,
    unmanaged: plan.unmanaged.length,
    findings: findings.length,
    blockingFindings: findings.filter((f) => f.blocking).length,
  };
}

/** The fields every result of a target carries. */
export function resultBase(start: TargetStart): Pick<FleetTargetResult, 'name' | 'group' | 'baseUrl'> & { readonly wave?: number } {
  const { target, wave } = start;
  return { name: target.name, group: target.group, baseUrl: target.baseUrl, ...(wave !== undefined ? { wave } : {}) };
}

/** The wall time of a target so far, whole ms. */
export function elapsed(start: TargetStart): number {
  return Math.round(performance.now() - start.startedAt);
}

/**
 * A target that failed with an error: its cause, code and message (every secret the run knows of
 * scrubbed; the message of paycfg's errors holds none by design). `counts` when a plan was made first.
 */
export function failedResult(start: TargetStart, error: unknown, options: { readonly secrets?: readonly string[]; readonly counts?: FleetTargetCounts; readonly status?: 'failed' | 'blocked' } = {}): FleetTargetResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    ...resultBase(start),
    status: options.status ?? 'failed',
    exitCode: error instanceof PaycfgError ? error.exitCode : 1,
    ...(options.counts !== undefined ? { counts: options.counts } : {}),
    failure: {
      cause: causeOf(error),
      code: error instanceof PaycfgError ? error.code : 'INTERNAL',
      message: scrubText(message, [...(options.secrets ?? [])].filter((s) => s !== '')),
    },
    durationMs: elapsed(start),
  };
}
