import type { StateFieldsOf } from '../kinds/field-facts.js';
import type { KindModuleOf } from '../kinds/registry.js';
import type { Address, Kind } from './kinds.js';

/**
 * The fingerprint of a merchant or device record a run did not hash (ReadOptions.hashRecords):
 * their records are not kept, so they are hashed as they are read, or never, and only a saved
 * plan reads a fingerprint (plan/saved-plan.ts, which refuses this one).
 */
export const NOT_HASHED = '(not hashed)';
import type { Move } from './moves.js';

/**
 * The one normalised form of a resource, used for desired and live state alike: references are by
 * name (never by service id), payment method codes are two-digit strings, JSON-encoded wire strings
 * are plain objects, lists that are sets are sorted. The diff compares these and nothing else.
 */

export type Scalar = string | number | boolean;

/** Methods of a profile or binding: code → the EMV config names and the (reserved) transaction types. */
export type MethodsMap = Record<string, { emvs: string[]; allows: readonly string[] }>;

/**
 * The `allows` of a method that has none, shared: almost every method has none, and at 10,000
 * merchants a fresh empty list for each would hold about 2.5 MB.
 */
export const NO_ALLOWS: readonly string[] = Object.freeze([]);

/** `allows` in the normalised form: a copy, or NO_ALLOWS when empty. */
export function allowsOf(list: readonly unknown[] | undefined): readonly string[] {
  return list === undefined || list.length === 0 ? NO_ALLOWS : list.map(String);
}

export type { EmvFields } from '../kinds/emv.js';
export type { AcquirerFields } from '../kinds/acquirer.js';
export type { MerchantFields } from '../kinds/merchant.js';
export type { BindingFields } from '../kinds/binding.js';
export type { DeviceFields } from '../kinds/device.js';

/** Each kind's fields in the normalised model, derived from its facts (src/kinds/). */
export type FieldsByKind = { [K in Kind]: StateFieldsOf<KindModuleOf<K>['facts']> };

export type AnyFields = FieldsByKind[Kind];

/**
 * A resource's fields as the code that serves every kind reads them, by name: each kind's fields are
 * an interface of its own (FieldsByKind), which TypeScript does not take for a record of names. The
 * one place that says so.
 */
export function fieldsOf(resource: { readonly fields: AnyFields }): Record<string, unknown> {
  return resource.fields as unknown as Record<string, unknown>;
}

/** Lifecycle of a live device record (01 §3.2). */
export type DeviceLifecycle = 'pending' | 'active' | 'logout' | 'decommissioned';

export interface DesiredResource<K extends Kind = Kind> {
  readonly kind: K;
  readonly key: string;
  /** Only the fields the manifest sets: everything else is not managed. */
  readonly fields: FieldsByKind[K];
  /** providerReference of the owning merchant, for bindings and devices. */
  readonly merchant?: string;
}

export interface LiveResource<K extends Kind = Kind> {
  readonly kind: K;
  readonly key: string;
  readonly fields: FieldsByKind[K];
  readonly merchant?: string;
  /** The service's id: EMV and profile ids are numbers, merchant and device ids strings. */
  readonly id: string | number;
  readonly lifecycle?: DeviceLifecycle;
  /**
   * Hash of the wire record(s) this resource was read from; a saved plan checks them before
   * applying. NOT_HASHED for a merchant or device read by a run that saves no plan and checks none.
   */
  readonly fingerprint: string;
  /**
   * Set on a resource the planner expects the service to create by itself (a new merchant's automatic
   * binding); it was never read. Tested instead of the fingerprint, which is hashed on first read.
   */
  readonly predicted?: true;
  /**
   * Set on the record a `moved:` entry renames: the address it was read under. The live state is
   * re-keyed under the new address before the plan is made (plan/moves.ts), so this is what tells
   * the planner to write the new key.
   */
  readonly movedFrom?: Address;
  /**
   * The address the record was read under, when a move re-keyed it (the moved record, and the
   * bindings and devices that follow a moved profile or merchant): `protect:` still matches it.
   */
  readonly readAs?: Address;
  /**
   * Set on a pending activation code that shares its merchant and alias with another device that
   * stays (an activated one, or an older pending code: see model/twins.ts); the plan deletes it.
   */
  readonly duplicateOf?: {
    readonly id: string;
    /** Why that one stays: it is an activated terminal, an older code, or a code of the same second with a lower id. */
    readonly because: 'activated' | 'older' | 'lower-id';
  };
}

export interface DesiredState {
  readonly group?: string;
  readonly resources: ReadonlyMap<string, DesiredResource>;
  /** Merchants whose `bindings` / `devices` lists the manifest manages (present, possibly empty). */
  readonly managedBindings: ReadonlySet<string>;
  readonly managedDevices: ReadonlySet<string>;
  readonly prune: PrunePolicy;
  /** The manifest's `moved:` entries; absent or empty when it has none. */
  readonly moved?: readonly Move[];
  /**
   * Pointers (`<address>#/<field>/...`) to values that must never be shown, each with where its value
   * comes from (so a saved plan can say how to read it again). Values built from the same template
   * share one origin: a large group has one per device.
   */
  readonly sensitive: ReadonlyMap<string, SecretOrigin>;
}

/** Where a secret value comes from: the environment, through a template, or the manifest itself. */
export type SecretOrigin =
  | {
      readonly kind: 'template';
      /** Variables the value is built from. */
      readonly variables: readonly string[];
      /** The value as written, with its `${NAME}` references. */
      readonly template: string;
    }
  | {
      readonly kind: 'literal';
      /** The secret's path in the manifest, and what finds where that is (a saved plan refuses a literal secret there). */
      readonly path: readonly (string | number)[];
      readonly locate: (path: readonly (string | number)[]) => { readonly file: string; readonly line: number; readonly col: number };
    };

export interface PrunePolicy {
  readonly emvConfigs: boolean;
  readonly acquirerProfiles: boolean;
  readonly merchants: boolean;
  readonly activatedDevices: false | 'logout' | 'decommission';
}

/** The default: nothing the manifest leaves out is deleted. */
export const NO_PRUNE: PrunePolicy = Object.freeze({ emvConfigs: false, acquirerProfiles: false, merchants: false, activatedDevices: false });

/** What the live group holds, normalised, plus what the planner needs to reason about refusals. */
export interface LiveState {
  readonly resources: ReadonlyMap<string, LiveResource>;
  /**
   * Live merchants without a providerReference cannot be keyed; they are kept apart so that their
   * bindings can still block deletes of profiles and EMV configs.
   */
  readonly unkeyedMerchants: readonly {
    mchId: string;
    mchName: string;
    profiles: string[];
    emvs: string[];
    /** A providerReference paycfg cannot key (one that starts with `~`), kept so that the plan can say why. */
    providerReference?: string;
  }[];
  /** Merchants whose devices were read (a device absent from live for another merchant is unknown, not absent). */
  readonly devicesRead: ReadonlySet<string>;
  /** Merchants whose bindings are known. */
  readonly bindingsRead: ReadonlySet<string>;
  /** Pending codes under the key of a device that stays (see LiveResource.duplicateOf); not in `resources`. */
  readonly duplicateCodes?: readonly LiveResource[];
}
