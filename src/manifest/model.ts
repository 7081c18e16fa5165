/**
 * The manifest format: what a manifest file may hold. Its top level (version, group, api,
 * prune, protect, moved, safety, policies) is written here; each kind's entries are its module's (src/kinds/), built
 * from the kind's field facts, one list per kind the registry puts at the top level. The JSON
 * Schema in schemas/manifest.schema.json is generated from it (`npm run schemas`), so every
 * `.describe()` text is what editors show. Field names are the API's (01 §2, §4), so the API
 * reference stays the field reference; where the API takes service ids or JSON-encoded strings the
 * manifest takes names and plain YAML.
 *
 * Every object is strict (an unknown key is an error with a "did you mean" hint). Optional fields
 * stay undefined when absent: absent means "not managed", never "clear it".
 */
import { z } from 'zod';
import { KIND_LABEL } from '../model/kinds.js';
import { NO_PRUNE } from '../model/state.js';
import { acquirer } from '../kinds/acquirer.js';
import { binding } from '../kinds/binding.js';
import { device } from '../kinds/device.js';
import { emv } from '../kinds/emv.js';
import { merchant } from '../kinds/merchant.js';
import { strictEntry, uniqueList, type methodsSchema } from '../kinds/manifest-values.js';
import { TOP_LEVEL_KINDS, type KindModules } from '../kinds/registry.js';
import { API_NAMES } from './api-choice.js';
import { VALUE } from './issue-text.js';
import { movedAddressProblem, movedKind } from './moved-address.js';
import { protectPatternProblem } from './protect-pattern.js';

export type { MethodEntry } from '../kinds/manifest-values.js';

/*
 * The entries of each kind are their kind's (src/kinds/): each module builds its entry schema from
 * its field facts. These names stay for the code that reads the manifest.
 */
export const emvConfigSchema = emv.entrySchema;
export const acquirerProfileSchema = acquirer.entrySchema;
export const merchantSchema = merchant.entrySchema;
export const bindingSchema = binding.entrySchema;
export const deviceSchema = device.entrySchema;

export const prunePolicySchema = strictEntry({
  emvConfigs: z.boolean().default(false).describe('Delete live EMV configs that the manifest does not list.'),
  acquirerProfiles: z.boolean().default(false).describe('Delete live acquirer profiles that the manifest does not list.'),
  merchants: z.boolean().default(false).describe('Delete live merchants that the manifest does not list.'),
  activatedDevices: z
    .union([z.literal(false), z.enum(['logout', 'decommission'])], {
      error: `must be false, "logout" or "decommission", got ${VALUE}`,
    })
    .default(false)
    .describe(
      'What to do with activated terminals (physical devices) the manifest does not list: false (leave them, the default), logout, or decommission.',
    ),
}).meta({ id: 'PrunePolicy', description: 'Which live resources missing from the manifest are removed. Everything defaults to off.' });

/**
 * `protect:` stands apart from the entries on purpose: paycfg keeps no state, so a flag on an entry
 * would vanish with the entry it protects, and deleting the entry is the very change to stop.
 */
export const protectListSchema = uniqueList(
  z.string({ error: `expected an address or a glob such as acquirer/*, got ${VALUE}` }).superRefine((text, ctx) => {
    const problem = protectPatternProblem(text);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', input: text, message: `${VALUE} ${problem}` });
  }),
  `${VALUE} is listed twice`,
)
  .describe(
    'Live records a plan must never delete or replace: addresses (merchant/coffee-001) or globs (acquirer/*, device/coffee-001/*, binding/**). ' +
      'In the key, * matches within one part (between two /), ** across parts. A delete or replacement of a matching live record is blocked; ' +
      'an update is not. Several files may each have a protect list: they add up. Kept apart from the entries, so that deleting an entry does not drop its protection.',
  );

const movedAddressSchema = z.string({ error: `expected an address such as acquirer/host-a, got ${VALUE}` });

/**
 * One rename: the live record at `from` now has the address `to`. The checks of the pair itself are
 * here, on the pair, so that a kind that cannot move is said once; those across entries and
 * against the manifest's entries are in moved-checks.ts.
 */
export const movedEntrySchema = strictEntry({
  from: movedAddressSchema.describe('The address the live record has now, e.g. acquirer/host-a.'),
  to: movedAddressSchema.describe('The address the manifest gives it, e.g. acquirer/host-a-usd; an entry of the manifest must have it.'),
})
  .superRefine((move, ctx) => {
    const fromProblem = movedAddressProblem(move.from);
    if (fromProblem !== undefined) ctx.addIssue({ code: 'custom', path: ['from'], input: move.from, message: `${VALUE} ${fromProblem}` });
    const toProblem = movedAddressProblem(move.to);
    // A kind that cannot move is said at from; to says it again only when from is of another kind.
    if (toProblem !== undefined && (fromProblem === undefined || addressKind(move.from) !== addressKind(move.to))) {
      ctx.addIssue({ code: 'custom', path: ['to'], input: move.to, message: `${VALUE} ${toProblem}` });
    }
    if (fromProblem !== undefined || toProblem !== undefined) return;
    if (move.from === move.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], input: move.to, message: `${VALUE} is also the from address: a move changes the address` });
    } else if (movedKind(move.from) !== movedKind(move.to)) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        input: move.to,
        message: `${VALUE} names a ${KIND_LABEL[movedKind(move.to)]}, but from names ${withArticle(KIND_LABEL[movedKind(move.from)])}: a move keeps the kind of its record`,
      });
    }
  })
  .meta({ id: 'Moved', description: 'A record renamed in place: the live record at from now has the address to.' });

function addressKind(text: string): string {
  const slash = text.indexOf('/');
  return slash < 0 ? text : text.slice(0, slash);
}

/**
 * `moved:` is a list of its own, as Terraform's moved blocks are: an entry outlives the apply that
 * makes the rename (a move whose `from` is gone and whose `to` is live does nothing), so that a
 * manifest applied to another group, or again, renames there too.
 */
export const movedListSchema = z
  .array(movedEntrySchema)
  .describe(
    'Renames made in place: each entry says that the live record at from (acquirer/<profileName>, merchant/<providerReference>, ' +
      'device/<providerReference>/<deviceAlias>) now has the address to, which an entry of the manifest must have. The plan updates its key ' +
      '(profileName, providerReference, deviceAlias) with the PUT the service offers, instead of deleting and creating it; its bindings and ' +
      'devices follow. A move whose from is not live does nothing, so entries may stay after the apply. An EMV config cannot be renamed. ' +
      'Several files may each have a moved list: they add up.',
  );

export const safetySchema = strictEntry({
  maxDeletes: z
    .number({ error: `expected a whole number of deletes, got ${VALUE}` })
    .int({ error: `expected a whole number of deletes, got ${VALUE}` })
    .min(0, { error: `must be 0 or more, got ${VALUE}` })
    .optional()
    .describe(
      'The most records one plan may delete (a replacement, a logout and a decommission count; see docs/plan.md): plan and apply refuse a plan with more, ' +
        'before any write. 0: no delete at all. --max-deletes overrides it for one run.',
    ),
  maxAffectedTerminals: z
    .number({ error: `expected a whole number of terminals, got ${VALUE}` })
    .int({ error: `expected a whole number of terminals, got ${VALUE}` })
    .min(0, { error: `must be 0 or more, got ${VALUE}` })
    .optional()
    .describe(
      'The most terminals one change may reach through the dependency chain (an EMV config → its profiles and bindings → their merchants → ' +
        'their terminals; see docs/plan.md): plan and apply refuse a plan with a change that reaches more, before any write, naming each. ' +
        '--max-affected-terminals overrides it for one run.',
    ),
}).meta({ id: 'Safety', description: 'Limits that refuse a run before it writes anything.' });

/** A policy rule's level as `levels:` sets it; `off` skips the rule. */
const policyLevelSchema = z.enum(['advisory', 'mandatory', 'overridable', 'off'], { error: `must be advisory, mandatory, overridable or off, got ${VALUE}` });

export const policyEntrySchema = strictEntry({
  pack: z
    .string({ error: `expected builtin or a policy module's path, got ${VALUE}` })
    .min(1, { error: 'must not be empty' })
    .describe(
      "builtin (paycfg's plan rules, pack paycfg/plan-rules) or the path of a JavaScript or TypeScript policy module (.js, .mjs, .cjs, .ts, .mts), " +
        'relative to this manifest file. See docs/policy.md.',
    ),
  levels: z
    .record(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: `${VALUE} is not a rule id (kebab case)` }), policyLevelSchema)
    .optional()
    .describe(
      "Per rule, the level that replaces the pack's own: advisory (shown), mandatory (blocks the apply), overridable (blocks the apply unless " +
        'overridden with apply --override RULE=REASON, which the journal records), or off (the rule does not run). A rule the pack does not have is an error.',
    ),
  config: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("What the pack's rules read as their config, e.g. { maxTerminals: 250 } for builtin's plan-terminal-reach."),
}).meta({ id: 'PolicyPackEntry', description: 'A policy pack plan, apply and check evaluate over the plan.' });

export const policiesSchema = z
  .array(policyEntrySchema)
  .describe(
    'The policy packs plan, apply and `paycfg check` evaluate over the plan (beside --policy): their findings show in the plan, and block the apply at their level. ' +
      'Written in one file of the manifest. See docs/policy.md.',
  );

export const serviceRecordFileSchema = z
  .string({ error: `expected the service record's file path, got ${VALUE}` })
  .min(1, { error: 'must not be empty' })
  .describe(
    "The service record plan, apply, drift and export read the live group with (what `paycfg probe` learnt of the service: whose lists a merchant's summary carries), " +
      'relative to this manifest file. Written in one file of the manifest; --service-record or the environments file may name the same file, never another. See docs/service-record.md.',
  );

export const manifestSchema = strictEntry({
  version: z
    .literal(1, {
      error: (issue) =>
        issue.input === undefined
          ? undefined
          : `unsupported manifest format version ${VALUE}; this paycfg reads version 1`,
    })
    .describe('Manifest format version: 1. Required in every manifest file.'),
  group: z
    .string()
    .regex(/^G-\d{8}$/, { error: `${VALUE} is not a group id (G- and 8 digits, e.g. G-00000001)` })
    .optional()
    .describe('The groupId this manifest is for; a run with a token of another group is refused.'),
  api: z
    .enum(API_NAMES, { error: `must be "current" or "legacy", got ${VALUE}` })
    .optional()
    .describe(
      'The configuration API the group is served through: current (/api/openapi/v1) or legacy (/api/v2, for groups not yet switched). ' +
        'Absent: plan, apply, export and drift detect it from the service. With legacy, validate refuses what the legacy API cannot express. ' +
        '--api overrides it for one run. See docs/legacy-api.md.',
    ),
  prune: prunePolicySchema.default(() => ({ ...NO_PRUNE, activatedDevices: false as const })),
  protect: protectListSchema.default(() => []),
  moved: movedListSchema.default(() => []),
  safety: safetySchema.optional(),
  policies: policiesSchema.optional(),
  serviceRecord: serviceRecordFileSchema.optional(),
  ...kindLists(),
}).describe('A paycfg manifest: the desired state of one PBO group. It may be split over many files; every file has version: 1.');

/** Kinds written inside another kind's entries. */
type ChildKinds = KindModules extends infer M ? (M extends { readonly children?: readonly (infer C)[] | undefined } ? C : never) : never;
type TopLevelKinds = Exclude<KindModules, ChildKinds>;
type KindLists = { -readonly [M in TopLevelKinds as M['manifest']['list']]: z.ZodDefault<z.ZodArray<M['entrySchema']>> };

/** One list per kind written at the top level, in the registry's order: each entry its kind's. */
function kindLists(): KindLists {
  const lists: Record<string, z.ZodType> = {};
  for (const kind of TOP_LEVEL_KINDS) lists[kind.manifest.list] = z.array(kind.entrySchema).default(() => []).describe(kind.manifest.listDescription);
  return lists as unknown as KindLists;
}

export type Manifest = z.output<typeof manifestSchema>;
export type EmvConfigEntry = z.output<typeof emvConfigSchema>;
export type AcquirerProfileEntry = z.output<typeof acquirerProfileSchema>;
export type MerchantEntry = z.output<typeof merchantSchema>;
export type BindingEntry = z.output<typeof bindingSchema>;
export type DeviceEntry = z.output<typeof deviceSchema>;
export type MethodsMap = z.output<typeof methodsSchema>;
export type PrunePolicy = z.output<typeof prunePolicySchema>;
export type Safety = z.output<typeof safetySchema>;
export type MovedEntry = z.output<typeof movedEntrySchema>;
export type PolicyEntry = z.output<typeof policyEntrySchema>;

/** A kind's label after "a" or "an", by its first letter (the labels of the kinds that move read right so). */
function withArticle(label: string): string {
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
}
