/**
 * The fleet summary's JSON (`paycfg fleet … --json`, `--summary FILE`): one zod model, from which
 * its JSON Schema (schemas/fleet-summary.schema.json) is generated and against which `fleet report`
 * checks a shard's file before merging it. Every object is strict: a key this version does not know
 * means the file is not a version-1 summary, and merging it would drop what it says.
 */
import { z } from 'zod';
import { ENVIRONMENT_NAME } from '../../environments/model.js';
import { FLEET_SUMMARY_FORMAT_VERSION, FLEET_TARGET_STATUSES, type FleetCommand, type FleetSummary, type FleetTargetStatus } from '../types.js';

const COMMANDS = ['validate', 'plan', 'apply', 'drift'] as const satisfies readonly FleetCommand[];

const count = z.number().int().min(0);

const shardSchema = z
  .strictObject({
    index: z.number().int().min(1).describe('1-based, as `--shard 3/8` writes it.'),
    count: z.number().int().min(1).describe('The number of shards the fleet was split into.'),
  })
  .refine((shard) => shard.index <= shard.count, { error: 'the shard index is above the shard count' })
  .meta({ id: 'Shard', description: 'One shard of N, as `paycfg fleet matrix` splits the fleet.' });

const causeSchema = z
  .strictObject({
    id: z.string().min(1).describe('Stable, for grouping and scripts: `token-expired`, `unreachable`, `plan-stale`, … or an error code in lower case.'),
    title: z.string().describe('In words, for a heading: `token expired`.'),
  })
  .meta({ id: 'FailureCause', description: 'Why a target failed, as the summary groups failures.' });

const countsSchema = z
  .strictObject({
    create: count,
    update: count,
    delete: count,
    replace: count,
    blocked: count.describe('Changes the plan holds back (refused by the service, protect:, unsettled batches).'),
    unmanaged: count.describe('Live records the manifests do not manage.'),
    findings: count.describe('Policy and payment-rule findings on the plan.'),
    blockingFindings: count.describe('Of those, the ones that block its apply.'),
    applied: z
      .strictObject({ done: count, failed: count, skipped: count, notStarted: count })
      .optional()
      .describe('apply: what the run did with the changes.'),
    records: count.optional().describe("validate: records in the target's manifests."),
  })
  .meta({ id: 'FleetTargetCounts', description: "What a target's plan (or apply) counted." });

const statusSchema = z.enum(FLEET_TARGET_STATUSES as [FleetTargetStatus, ...FleetTargetStatus[]]).describe(
  'ok: nothing to change (or valid); changes: the plan has changes; drifted: drift found; applied: apply carried out every change; ' +
    'failed: an error, or a change that failed; blocked: a blocking policy finding refused the apply; untouched: never started (a wave halted, or Ctrl-C).',
);

const targetSchema = z
  .strictObject({
    name: z.string().regex(ENVIRONMENT_NAME).describe("The target's name in the fleet (an environment's name)."),
    group: z.string().min(1),
    baseUrl: z.string().min(1),
    status: statusSchema,
    exitCode: z.number().int().min(0).describe('What `paycfg <command> --env NAME` would have exited with for this target alone; untouched: 0.'),
    counts: countsSchema.optional().describe('Absent when the target failed before it was planned, or was never started.'),
    failure: z
      .strictObject({ cause: causeSchema, code: z.string(), message: z.string() })
      .optional()
      .describe('Why the target failed or was blocked; the message as the single command prints it (secrets masked).'),
    wave: count.optional().describe('apply with waves: 0 for the canary wave, then 1, 2, …'),
    planFile: z.string().min(1).optional().describe("plan -o: the saved plan's file, relative to the plan directory."),
    planHash: z.string().min(1).optional().describe("The plan's hash, when a plan was made."),
    transition: z.enum(['newly-drifted', 'changed', 'resolved']).optional().describe('drift with alerts: what changed since the last run, when something did.'),
    durationMs: z.number().min(0).describe('Wall time of the target, ms.'),
  })
  .meta({ id: 'FleetTargetResult', description: 'What became of one target.' });

const byStatusSchema = z.strictObject(
  Object.fromEntries(FLEET_TARGET_STATUSES.map((status) => [status, count])) as Record<FleetTargetStatus, typeof count>,
);

export const fleetSummarySchema = z
  .strictObject({
    formatVersion: z.literal(FLEET_SUMMARY_FORMAT_VERSION).describe('Format version: 1.'),
    kind: z.literal('paycfg-fleet-summary'),
    command: z.enum(COMMANDS),
    fleetFile: z.string().min(1).describe('The fleet file, as messages name it.'),
    shards: z
      .array(shardSchema)
      .min(1)
      .optional()
      .describe("The shards this summary covers, by index: one for a shard's run, those merged for `fleet report`. Absent for a run of the whole fleet."),
    targets: z.array(targetSchema).describe('By name.'),
    causes: z
      .array(z.strictObject({ cause: causeSchema, targets: z.array(z.string()) }))
      .describe('Failed and blocked targets grouped by cause, the largest group first; names in order.'),
    totals: z
      .strictObject({ targets: count, byStatus: byStatusSchema, create: count, update: count, delete: count, replace: count })
      .describe("The targets counted by status, and their plans' changes added up."),
    halted: z
      .strictObject({ wave: count, reason: z.string() })
      .optional()
      .describe('apply: the wave that halted the run, and why; the targets after it are untouched.'),
    interrupted: z.boolean().describe('Ctrl-C (or SIGTERM) stopped the run from starting targets.'),
    fleetPlanHash: z.string().min(1).optional().describe('plan -o: the hash over every target\'s plan (fleet.json), which `fleet apply DIR` checks.'),
    exitCode: z.number().int().min(0).describe('1 when a target failed or was blocked, or the run halted; else 2 when a target has changes or drift (plan, drift); else 0; 130 when interrupted.'),
    startedAt: z.iso.datetime({ offset: true }).describe('When the run started (ISO 8601); for a merged report, the earliest shard\'s start.'),
    durationMs: z.number().min(0).describe("Wall time, ms; for a merged report, from the earliest shard's start to the latest shard's end."),
  })
  .describe('The summary of a paycfg fleet run (`paycfg fleet validate|plan|apply|drift --json`), or of shards merged by `paycfg fleet report`.');

/** The model and the contract's type say the same: a summary parsed is a FleetSummary. */
type Parsed = z.output<typeof fleetSummarySchema>;
const sameShape: (parsed: Parsed) => FleetSummary = (parsed) => parsed;
void sameShape;

/** The JSON Schema of the summary, draft-07 as the other generated schemas; what paycfg writes (zod's output side). */
export function buildFleetSummaryJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(fleetSummarySchema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  return {
    $schema: schema['$schema'],
    $id: 'https://paycfg.dev/schemas/fleet-summary.schema.json',
    title: 'paycfg fleet summary',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
