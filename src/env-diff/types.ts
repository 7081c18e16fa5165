import type { Kind } from '../model/kinds.js';

/**
 * The environment diff (`paycfg diff-env A B`, the library's diffEnvironments): two live groups
 * compared record by record under their natural keys, with each environment's own values
 * substituted. This value is also the JSON the command prints (schemas/env-diff.schema.json): it
 * holds no secret value (each reads `(sensitive)`), and no text the service returned is rendered
 * here; the text and Markdown renderers escape what they show.
 */

/** Incremented on any incompatible change of the JSON format (schemas/env-diff.schema.json). */
export const ENV_DIFF_FORMAT_VERSION = 1;

/** Which of the two environments: `a` is the first named (`paycfg diff-env A B`), `b` the second. */
export type DiffSideName = 'a' | 'b';

/** One environment as it was read. */
export interface DiffedEnvironment {
  /** Its name in the environments file. */
  readonly name: string;
  readonly baseUrl: string;
  /** The group its token belongs to, checked against the environment's before any other read. */
  readonly group: { readonly groupId: string; readonly groupName: string };
  /** Set when the group is read through the legacy configuration API (/api/v2). */
  readonly api?: 'legacy';
  /** Live records read that have a natural key: the ones compared. */
  readonly records: number;
}

/** A record one environment's group holds and the other's does not. */
export interface OneSidedRecord {
  readonly address: string;
  readonly kind: Kind;
  readonly key: string;
  /** The service's id of the record in the group that holds it. */
  readonly liveId: string | number;
  /**
   * Whether each environment's manifests (loaded with its own values) name the address: a record
   * only one environment's manifests name belongs there alone; one both name is missing from the
   * other group (not applied there yet, or deleted by hand).
   */
  readonly inManifests: { readonly a: boolean; readonly b: boolean };
  /**
   * The environment's own record: only its manifests name it (or the merchant it belongs to), as
   * with a merchant that exists in production alone. Declared in the repository like its values,
   * so it is no difference: `equal` does not count it.
   */
  readonly own: boolean;
}

/** One value that differs between the two records of an address. */
export interface FieldDifference {
  /**
   * Where, as a JSON Pointer (RFC 6901) into the record's fields in paycfg's normalised form, as a
   * plan's patch writes paths: `/params/clTransLimit`, `/acquirerFields/host-a/tid`.
   */
  readonly pointer: string;
  /** A's value; absent when A's record does not have it. `(sensitive)` for a secret. */
  readonly a?: unknown;
  /** B's value; absent when B's record does not have it. `(sensitive)` for a secret. */
  readonly b?: unknown;
}

/** A record both groups hold, with every value that differs. */
export interface DifferingRecord {
  readonly address: string;
  readonly kind: Kind;
  readonly key: string;
  readonly liveIds: { readonly a: string | number; readonly b: string | number };
  readonly fields: readonly FieldDifference[];
}

/**
 * A value that differs between the groups but is each environment's expansion of one manifest
 * value (`${MID}` with A's MID in A, B's in B): equal for the diff, listed so that what was taken
 * as equal can be checked.
 */
export interface SubstitutedField {
  readonly address: string;
  readonly pointer: string;
  /** Whose manifests hold that value: A's, B's, or both (the same value in each). */
  readonly manifests: DiffSideName | 'both';
}

/** A live record without the field paycfg keys it by: it has no natural key, so it is not compared. */
export interface UnkeyedRecord {
  /** `<kind>/~<service id>` (under its merchant for a device), as a plan shows it. */
  readonly address: string;
  readonly kind: Kind;
  readonly liveId: string | number;
  /** A merchant's mchName or a device's deviceName, to tell which record it is. */
  readonly name?: string;
}

export interface EnvironmentDiffSummary {
  /** Addresses both groups hold. */
  readonly compared: number;
  /** Of those, the ones equal in every value (after substitution). */
  readonly same: number;
  readonly onlyInA: number;
  readonly onlyInB: number;
  /** Of `onlyInA` and `onlyInB`, the environments' own records (OneSidedRecord.own). */
  readonly ownInA: number;
  readonly ownInB: number;
  /** Records held by both that differ, and the values that differ in them. */
  readonly differing: number;
  readonly differingFields: number;
  /** Values equal only once each environment's values are substituted. */
  readonly substitutedFields: number;
}

export interface EnvironmentDiff {
  readonly formatVersion: typeof ENV_DIFF_FORMAT_VERSION;
  readonly a: DiffedEnvironment;
  readonly b: DiffedEnvironment;
  /** No record only in one group but each environment's own, and no value that differs: what exit code 0 means. */
  readonly equal: boolean;
  /** In dependency order of their kinds (EMV configs first), then by address. */
  readonly onlyInA: readonly OneSidedRecord[];
  readonly onlyInB: readonly OneSidedRecord[];
  readonly differing: readonly DifferingRecord[];
  readonly substituted: readonly SubstitutedField[];
  /** Records without a natural key, per environment: listed, not compared, and not counted in `equal`. */
  readonly notCompared: { readonly a: readonly UnkeyedRecord[]; readonly b: readonly UnkeyedRecord[] };
  /** What the comparison could not do, in words (values it could not read, manifests it could not load with the other's values). */
  readonly warnings: readonly string[];
  readonly summary: EnvironmentDiffSummary;
}
