/**
 * What each manifest field becomes in the service's requests, for docs/manifest-reference.md. Sections are
 * named by the JSON Schema definition ids (plus `Manifest` for the top level). The kinds' sections
 * come from their modules (src/kinds/: each field's facts say what it becomes on the wire); the top
 * level's own pieces (version, group, api, prune, protect, moved, safety, policies, serviceRecord) are written here. The bodies
 * themselves are built by the kinds' modules; test/manifest/manifest-docs.test.ts builds them from
 * a manifest that sets every field and checks each `sentAs` path against them, and checks that
 * every field of the model has an entry here and no more.
 */
import type { OnTheWire } from '../kinds/field-facts.js';
import { SKIP_RULES_FIELD, SKIP_RULES_ON_THE_WIRE } from '../kinds/kind-module.js';
import { KIND_MODULES, TOP_LEVEL_KINDS, type KindModules } from '../kinds/registry.js';

export type FieldOnTheWire = OnTheWire;

export interface SectionOnTheWire {
  /** Where the section's values go: the requests, or the enclosing body. */
  readonly requests: string;
  readonly fields: Readonly<Record<string, FieldOnTheWire>>;
}

const notSent = (text: string): FieldOnTheWire => ({ sentAs: [], text });

const TOP_LEVEL = {
  Manifest: {
    requests: 'None of its own: each list below is sent entry by entry.',
    fields: {
      version: notSent('Not sent: the format of the manifest file.'),
      group: notSent("Not sent: compared with the token's group (`GET /api/v2/current`) before anything else is read."),
      api: notSent('Not sent: picks the endpoints every request uses, `/api/openapi/v1` (current) or `/api/v2` (legacy).'),
      prune: notSent('Not sent: decides which deletions the plan holds.'),
      protect: notSent('Not sent: a delete or replacement of a live record it matches is blocked in the plan, and apply never sends it.'),
      moved: notSent("Not sent as such: each move makes its record's update carry the new key (below)."),
      safety: notSent('Not sent: limits checked on the plan before any write.'),
      policies: notSent('Not sent: packs evaluated over the plan, offline; their findings block the apply at their level, before any write.'),
      serviceRecord: notSent("Not sent: says how the live group's merchant summaries read, so that plans read no binding list the record makes needless."),
      ...Object.fromEntries(TOP_LEVEL_KINDS.map((kind) => [kind.manifest.list, notSent(kind.manifest.listOnTheWire)])),
    },
  },
  Moved: {
    requests: "None of its own: the moved record's update sends its new key, in the PUT of its kind.",
    fields: {
      from: notSent("Not sent: the live record at this address is the one renamed (its id is what the PUT names)."),
      to: notSent(
        "The new key: a profile's `profileName` in `PUT /acquirer/{profileId}`, a merchant's `providerReference` in its full-replace " +
          '`PUT /mchInfo/{mchId}`, a device\'s `deviceAlias` in `PUT /device/{deviceId}`.',
      ),
    },
  },
  Safety: {
    requests: 'None: checked on the plan before any write.',
    fields: {
      maxDeletes: notSent('Not sent: plan and apply refuse a plan with more deletes, before any write.'),
      maxAffectedTerminals: notSent('Not sent: plan and apply refuse a plan with a change that reaches more terminals, before any write.'),
    },
  },
  PolicyPackEntry: {
    requests: 'None: evaluated over the plan before any write.',
    fields: {
      pack: notSent('Not sent: the module paycfg loads and runs over the plan.'),
      levels: notSent("Not sent: the level of each finding, and whether it blocks the apply."),
      config: notSent("Not sent: what the pack's rules read."),
    },
  },
  PrunePolicy: {
    requests: 'None of its own: it adds deletions to the plan.',
    fields: {
      emvConfigs: notSent('`DELETE /emv/{emvId}` for each live EMV config the manifest does not list.'),
      acquirerProfiles: notSent('`DELETE /acquirer/{profileId}` for each live profile the manifest does not list.'),
      merchants: notSent('`DELETE /mchInfo/{mchId}` for each live merchant the manifest does not list.'),
      activatedDevices: notSent(
        '`DELETE /device/{deviceId}` with `deviceStatus` 2 (logout) or 3 (decommission) for each activated terminal the manifest does not list.',
      ),
    },
  },
  SkipRule: {
    requests: 'None: manifest-only, never sent; the built-in payment rules (docs/rules.md) read it.',
    fields: {
      rule: notSent('Not sent: the rule switched off for the record.'),
      reason: notSent('Not sent: shown in plans and reports beside the skipped rule.'),
    },
  },
} as const satisfies Readonly<Record<string, SectionOnTheWire>>;

/** A section's id: the top level's pieces, and each kind's entry and the objects inside it. */
export type WireSection = keyof typeof TOP_LEVEL | NonNullable<KindModules['sectionId']>;

/** Every section: the top level's, then each kind's (and the objects inside its entries), in the registry's order. */
export const MANIFEST_ON_THE_WIRE: Readonly<Record<WireSection, SectionOnTheWire>> = {
  ...TOP_LEVEL,
  ...(Object.fromEntries(
    KIND_MODULES.flatMap((kind) =>
      kind.docSections.map((section) => [
        section.id,
        // Every entry has the manifest-only skipRules, which no fact of the kind declares.
        { requests: section.requests, fields: section.id === kind.manifest.id ? { ...section.fields, [SKIP_RULES_FIELD]: SKIP_RULES_ON_THE_WIRE } : section.fields },
      ]),
    ),
  ) as Record<NonNullable<KindModules['sectionId']>, SectionOnTheWire>),
};
