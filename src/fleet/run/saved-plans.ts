import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { describeEnvironment, sameEnvironment } from '../../environments/identity.js';
import { identityOf } from '../../environments/types.js';
import { ConfigError, PaycfgError } from '../../errors.js';
import { sortKeys } from '../../model/canonical.js';
import { checkPlanDestination, readSavedPlan } from '../../workflow/saved-plan-file.js';
import { stringifyJson } from '../../util/visible-text.js';
import type { FleetFile, FleetTarget, Shard } from '../types.js';
import { FleetInputError } from './errors.js';

/** The index of a saved fleet plan, in the plan directory beside one plan per target. */
export const FLEET_PLAN_FILE = 'fleet.json';
export const FLEET_PLAN_KIND = 'paycfg-fleet-plan';

/** A target's saved plan, as fleet.json lists it. */
export interface SavedTargetEntry {
  readonly name: string;
  readonly group: string;
  readonly baseUrl: string;
  /** Relative to the plan directory: `<name>.plan.json`. */
  readonly file: string;
  /** The saved plan's planHash. */
  readonly planHash: string;
}

/** fleet.json: what `fleet plan -o DIR` saved, and the hash `fleet apply DIR` checks. */
export interface FleetPlanIndex {
  readonly formatVersion: 1;
  readonly kind: typeof FLEET_PLAN_KIND;
  readonly fleetFile: string;
  readonly shard?: Shard;
  /** By name. */
  readonly targets: readonly SavedTargetEntry[];
  readonly fleetPlanHash: string;
}

const indexSchema = z
  .object({
    formatVersion: z.literal(1),
    kind: z.literal(FLEET_PLAN_KIND),
    fleetFile: z.string(),
    shard: z.object({ index: z.number().int().min(1), count: z.number().int().min(1) }).strict().optional(),
    targets: z.array(z.object({ name: z.string(), group: z.string(), baseUrl: z.string(), file: z.string(), planHash: z.string() }).strict()),
    fleetPlanHash: z.string(),
  })
  .strict();

/** The plan file of a target in the plan directory. */
export function planFileOf(name: string): string {
  return `${name}.plan.json`;
}

/** What fleet.json's hash covers: the fleet file and the shard the plans were made for, and the targets' plans. */
export interface FleetPlanContent {
  readonly fleetFile: string;
  readonly shard?: Shard;
  readonly targets: readonly SavedTargetEntry[];
}

/**
 * `sha256:` and the hex SHA-256 of the canonical JSON (keys sorted) of the fleet file, the shard
 * (when the plans are a shard's) and the targets list by name: what names the fleet's plans as
 * one. The shard is covered so that a fleet.json edited to pass for another shard is refused.
 */
export function fleetPlanHash(content: FleetPlanContent): string {
  const targets = [...content.targets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const covered = { fleetFile: content.fleetFile, ...(content.shard !== undefined ? { shard: { index: content.shard.index, count: content.shard.count } } : {}), targets };
  return `sha256:${createHash('sha256').update(JSON.stringify(sortKeys(covered))).digest('hex')}`;
}

/** "shard 2/4", or "the whole fleet". */
function shardWords(shard: Shard | undefined): string {
  return shard === undefined ? 'the whole fleet' : `shard ${shard.index}/${shard.count}`;
}

function sameShard(a: Shard | undefined, b: Shard | undefined): boolean {
  return a === undefined || b === undefined ? a === b : a.index === b.index && a.count === b.count;
}

/**
 * Before any request of `fleet plan -o DIR`: the directory is made (or is one already), and no
 * file the run would write is one it must not replace (a fleet.json that is no fleet plan, a
 * target's plan file that is no saved plan), unless `force`.
 *
 * @throws FleetInputError listing every such file.
 */
export async function preparePlanDirectory(
  dir: string,
  targets: readonly FleetTarget[],
  options: { readonly cwd: string; readonly force: boolean; readonly fleetFile: string; readonly shard?: Shard | undefined },
): Promise<string> {
  const absolute = path.resolve(options.cwd, dir);
  const info = await stat(absolute).catch(() => undefined);
  if (info !== undefined && !info.isDirectory()) throw new FleetInputError(`the plan directory ${dir} cannot be used`, [`${dir} is not a directory: -o names a directory, where one plan per target and ${FLEET_PLAN_FILE} are saved`]);
  try {
    await mkdir(absolute, { recursive: true });
  } catch (error) {
    throw new FleetInputError(`the plan directory ${dir} cannot be used`, [`cannot make ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`]);
  }
  const problems: string[] = [];
  const index = path.join(absolute, FLEET_PLAN_FILE);
  if (!options.force && (await stat(index).catch(() => undefined)) !== undefined) {
    const existing = await readFile(index, 'utf8').then((text) => JSON.parse(text) as unknown, () => undefined);
    const parsed = indexSchema.safeParse(existing);
    const kind = (existing as { kind?: unknown } | undefined)?.kind;
    if (kind !== FLEET_PLAN_KIND) problems.push(`${path.join(dir, FLEET_PLAN_FILE)} exists and is not a saved fleet plan; choose another directory, or pass --force to replace it`);
    else if (parsed.success && (parsed.data.fleetFile !== options.fleetFile || !sameShard(parsed.data.shard, options.shard))) {
      // Two shards (or two fleets) saving into one DIR would each replace the other's fleet.json, and its plans would no longer be listed.
      problems.push(
        `${path.join(dir, FLEET_PLAN_FILE)} holds the plans of ${shardWords(parsed.data.shard)} of ${parsed.data.fleetFile}, and this run is ${shardWords(options.shard)} of ${options.fleetFile}: give each shard a directory of its own, or pass --force to replace it`,
      );
    }
  }
  for (const target of targets) {
    try {
      await checkPlanDestination(path.join(absolute, planFileOf(target.name)), options.cwd, { force: options.force });
    } catch (error) {
      if (!(error instanceof PaycfgError)) throw error;
      problems.push(`target ${target.name}: ${error.message}`);
    }
  }
  if (problems.length > 0) throw new FleetInputError(`the plans cannot be saved in ${dir}`, problems);
  return absolute;
}

/** Writes fleet.json (replacing it whole, never half written) and returns its fleet plan hash. */
export async function writeFleetPlanIndex(dir: string, content: FleetPlanContent): Promise<string> {
  const targets = [...content.targets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const hash = fleetPlanHash({ ...content, targets });
  const index: FleetPlanIndex = {
    formatVersion: 1,
    kind: FLEET_PLAN_KIND,
    fleetFile: content.fleetFile,
    ...(content.shard !== undefined ? { shard: content.shard } : {}),
    targets,
    fleetPlanHash: hash,
  };
  const target = path.join(dir, FLEET_PLAN_FILE);
  const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${stringifyJson(index, 2)}\n`);
    await rename(temp, target);
  } catch (error) {
    throw new ConfigError(`cannot write ${target}: ${(error as Error).message}`);
  }
  return hash;
}

/** A target's saved plan to apply: checked against fleet.json and the fleet. */
export interface SavedTargetPlan {
  readonly target: FleetTarget;
  /** Absolute. */
  readonly file: string;
  readonly planHash: string;
}

/**
 * Reads and checks a saved fleet plan before any request: fleet.json has the hash it was saved
 * with; each plan of a target of this run is the file fleet.json names (its own hash intact, the
 * hash fleet.json lists), made for that target as the fleet has it now (name, group and base URL).
 * The plans are read to be checked and let go: each is read again at its target's turn.
 *
 * @returns the plans of the run's targets that fleet.json lists, in the run's order, and the fleet plan hash.
 * @throws FleetInputError listing every problem.
 */
export async function checkSavedFleetPlan(
  dir: string,
  fleet: FleetFile,
  targets: readonly FleetTarget[],
  options: { readonly cwd: string; readonly shard?: Shard | undefined },
): Promise<{ readonly plans: readonly SavedTargetPlan[]; readonly fleetPlanHash: string }> {
  const absolute = path.resolve(options.cwd, dir);
  const indexFile = path.join(dir, FLEET_PLAN_FILE);
  const refuse = (problems: string[]): FleetInputError => new FleetInputError(`the saved fleet plan in ${dir} cannot be applied`, problems);
  let text: string;
  try {
    text = await readFile(path.join(absolute, FLEET_PLAN_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw refuse([code === 'ENOENT' ? `${dir} holds no ${FLEET_PLAN_FILE}: save the fleet's plans with \`paycfg fleet plan -o ${dir}\`` : `cannot read ${indexFile}: ${code ?? (error as Error).message}`]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw refuse([`${indexFile} is not valid JSON: it is damaged or cut short; plan again with \`paycfg fleet plan -o ${dir}\``]);
  }
  const parsed = indexSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse([`${indexFile} is not a saved fleet plan${issue !== undefined ? ` (${issue.path.join('.') || 'its root'}: ${issue.message})` : ''}`]);
  }
  const index = parsed.data;
  if (fleetPlanHash(index) !== index.fleetPlanHash) {
    throw refuse([`${indexFile} was edited after it was saved: its fleet file, shard and targets no longer have the fleet plan hash it was saved with (${index.fleetPlanHash}); plan again`]);
  }
  if (!sameShard(index.shard, options.shard)) {
    throw refuse([
      `${indexFile} holds the plans of ${shardWords(index.shard)}, and this run is ${shardWords(options.shard)}: apply a shard's plans with the --shard (or --shards and index) its \`fleet plan -o\` ran with`,
    ]);
  }
  const problems: string[] = [];
  const byName = new Map(fleet.targets.map((t) => [t.name, t]));
  const listed = new Map<string, SavedTargetEntry>();
  for (const entry of index.targets) {
    const target = byName.get(entry.name);
    if (target === undefined) {
      problems.push(`${FLEET_PLAN_FILE} has a plan for ${entry.name}, which is no target of ${fleet.name}`);
      continue;
    }
    if (target.group !== entry.group || target.baseUrl !== entry.baseUrl) {
      problems.push(`target ${entry.name} is group ${target.group} at ${target.baseUrl} in ${fleet.name}, but its plan was made for group ${entry.group} at ${entry.baseUrl}`);
      continue;
    }
    if (entry.file !== planFileOf(entry.name)) {
      problems.push(`${FLEET_PLAN_FILE} names ${entry.file} as the plan of ${entry.name}; a fleet plan keeps it in ${planFileOf(entry.name)}`);
      continue;
    }
    listed.set(entry.name, entry);
  }
  const plans: SavedTargetPlan[] = [];
  for (const target of targets) {
    const entry = listed.get(target.name);
    if (entry === undefined) continue;
    const file = path.join(absolute, entry.file);
    try {
      const saved = await readSavedPlan(file, options.cwd);
      if (saved.planHash !== entry.planHash) {
        problems.push(`target ${target.name}: ${path.join(dir, entry.file)} is not the plan ${FLEET_PLAN_FILE} names (its hash is ${saved.planHash ?? 'absent'}, ${FLEET_PLAN_FILE} has ${entry.planHash})`);
        continue;
      }
      const identity = identityOf(target.definition);
      if (!sameEnvironment(saved.environment, identity)) {
        problems.push(`target ${target.name}: ${path.join(dir, entry.file)} was made for ${saved.environment !== undefined ? describeEnvironment(saved.environment) : 'no environment'}, not for ${describeEnvironment(identity)}`);
        continue;
      }
      plans.push({ target, file, planHash: entry.planHash });
    } catch (error) {
      if (!(error instanceof PaycfgError)) throw error;
      problems.push(`target ${target.name}: ${error.message}`);
    }
  }
  if (problems.length > 0) throw refuse(problems);
  if (plans.length === 0 && targets.length > 0) {
    throw refuse([`${FLEET_PLAN_FILE} lists no plan of a target of this run (it has ${index.targets.length === 1 ? '1 target' : `${index.targets.length} targets`}${index.shard !== undefined ? `, shard ${index.shard.index}/${index.shard.count}` : ''})`]);
  }
  return { plans, fleetPlanHash: index.fleetPlanHash };
}
