import { sameStoredLogo } from '../kinds/merchant-logo.js';
import { kindLevel, kindModule } from '../kinds/registry.js';
import { isPlainObject, stableStringify } from '../model/canonical.js';
import { addressOf, type Kind } from '../model/kinds.js';
import { fieldsOf, type LiveResource, type LiveState } from '../model/state.js';
import { UNKEYED_MARK } from '../model/unkeyed-key.js';
import { withoutAllows } from '../plan/binding-allows.js';
import { fieldDescriptor } from '../plan/descriptors.js';
import { comparable, typedLike } from '../plan/diff.js';
import type { DiffSideName } from './types.js';

/** A record as the comparison names it. */
export interface RecordPlace {
  readonly kind: Kind;
  readonly address: string;
}

/**
 * Tells whether two live values that differ are each environment's expansion of one manifest
 * value, and whose manifests hold it (see value-templates.ts). Values are in the comparison's
 * canonical form (comparedValue).
 */
export interface ValuesMatcher {
  match(record: RecordPlace, segments: readonly string[], a: unknown, b: unknown): DiffSideName | 'both' | undefined;
}

/** One value that differs: where, and each side's value as the record holds it (undefined: not set). */
export interface LeafDifference {
  readonly segments: readonly string[];
  readonly a: unknown;
  readonly b: unknown;
}

/** A value equal once each environment's values are substituted: where, and whose manifests hold it. */
export interface SubstitutedPlace {
  readonly address: string;
  readonly segments: readonly string[];
  readonly manifests: DiffSideName | 'both';
}

/** The two records of one address, and every value in which they differ. */
export interface DifferingPair {
  readonly kind: Kind;
  readonly address: string;
  readonly a: LiveResource;
  readonly b: LiveResource;
  readonly fields: readonly LeafDifference[];
}

export interface GroupComparison {
  readonly compared: number;
  readonly same: number;
  readonly onlyInA: readonly LiveResource[];
  readonly onlyInB: readonly LiveResource[];
  readonly differing: readonly DifferingPair[];
  readonly substituted: readonly SubstitutedPlace[];
  /** Keyed-merchant records without a natural key of their own (a device without deviceAlias): not compared. */
  readonly unkeyed: Readonly<Record<DiffSideName, readonly LiveResource[]>>;
}

export interface CompareOptions {
  /**
   * A binding's `allows` could not be read in one of the groups (binding-allows.ts): compared in
   * neither, so that the group whose reading shows them does not differ from the one whose does not.
   */
  readonly allowsUnread: boolean;
}

/**
 * A record's fields as the comparison reads them, live or desired alike: without the bindings'
 * `allows` when they could not be read.
 */
export function comparedFields(kind: Kind, fields: Record<string, unknown>, options: CompareOptions): Record<string, unknown> {
  return options.allowsUnread && kindModule(kind).allowsFromSummary === true ? withoutAllows(fields) : fields;
}

/**
 * A field's value in the form the plan compares (plan/diff.ts `comparable`: keys sorted, sets
 * sorted, numbers as text where the field's rule says so, paycfg's own metadata key left out), an
 * empty metadata object counting as none.
 */
export function comparedValue(kind: Kind, field: string, value: unknown): unknown {
  const canonical = comparable(kind, field, value);
  if (fieldDescriptor(kind, field).compare === 'metadata' && isPlainObject(canonical) && Object.keys(canonical).length === 0) return undefined;
  return canonical;
}

/** The value at `segments` below `value`, or undefined where the path does not lead. */
export function valueAt(value: unknown, segments: readonly string[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (!isPlainObject(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

function isUnkeyed(resource: LiveResource): boolean {
  return resource.key.split('/').some((part) => part.startsWith(UNKEYED_MARK));
}

/**
 * Compares two live groups by natural key (address), purely: the records only one holds, and for
 * each record both hold every value that differs, down to the leaves of its objects (an EMV
 * config's `params/clTransLimit`, not the whole `params`). A value that differs but is each
 * environment's expansion of one manifest value (`matcher`) is equal, and listed as substituted.
 * Values compare under the plan's rules per field (plan/diff.ts); write-only fields, which the
 * service never returns, are not compared.
 */
export function compareGroups(a: LiveState, b: LiveState, matcher: ValuesMatcher, options: CompareOptions): GroupComparison {
  const unkeyed: Record<DiffSideName, LiveResource[]> = { a: [], b: [] };
  const onlyInA: LiveResource[] = [];
  const onlyInB: LiveResource[] = [];
  const differing: DifferingPair[] = [];
  const substituted: SubstitutedPlace[] = [];
  let compared = 0;
  for (const [address, resource] of a.resources) {
    if (isUnkeyed(resource)) {
      unkeyed.a.push(resource);
      continue;
    }
    const other = b.resources.get(address);
    if (other === undefined) {
      onlyInA.push(resource);
      continue;
    }
    compared += 1;
    const fields = new RecordComparison({ kind: resource.kind, address }, matcher, options, substituted).differences(resource, other);
    if (fields.length > 0) differing.push({ kind: resource.kind, address, a: resource, b: other, fields });
  }
  for (const [address, resource] of b.resources) {
    if (isUnkeyed(resource)) unkeyed.b.push(resource);
    else if (!a.resources.has(address)) onlyInB.push(resource);
  }
  return {
    compared,
    same: compared - differing.length,
    onlyInA: inOrder(onlyInA, addressOfResource),
    onlyInB: inOrder(onlyInB, addressOfResource),
    differing: inOrder(differing, (pair) => pair.address),
    substituted,
    unkeyed: { a: inOrder(unkeyed.a, addressOfResource), b: inOrder(unkeyed.b, addressOfResource) },
  };
}

export function addressOfResource(resource: Pick<LiveResource, 'kind' | 'key'>): string {
  return addressOf(resource.kind, resource.key);
}

/** In dependency order of their kinds (EMV configs first), then by address. */
function inOrder<T extends { readonly kind: Kind }>(records: T[], address: (record: T) => string): T[] {
  return records.sort((x, y) => {
    const level = kindLevel(x.kind) - kindLevel(y.kind);
    if (level !== 0) return level;
    const [ax, ay] = [address(x), address(y)];
    return ax < ay ? -1 : ax > ay ? 1 : 0;
  });
}

/** The comparison of the two records of one address. */
class RecordComparison {
  private readonly out: LeafDifference[] = [];

  constructor(
    private readonly record: RecordPlace,
    private readonly matcher: ValuesMatcher,
    private readonly options: CompareOptions,
    private readonly substituted: SubstitutedPlace[],
  ) {}

  differences(a: LiveResource, b: LiveResource): LeafDifference[] {
    const { kind } = this.record;
    const fieldsA = comparedFields(kind, fieldsOf(a), this.options);
    const fieldsB = comparedFields(kind, fieldsOf(b), this.options);
    for (const field of unionOfKeys(fieldsA, fieldsB)) {
      const compare = fieldDescriptor(kind, field).compare;
      if (compare === 'write-only') continue;
      const rawA = fieldsA[field];
      const rawB = fieldsB[field];
      if (compare === 'upload' && sameUpload(rawA, rawB, fieldsA, fieldsB)) continue;
      this.walk([field], comparedValue(kind, field, rawA), comparedValue(kind, field, rawB), rawA, rawB);
    }
    return this.out;
  }

  /** Down both values while both are objects; a leaf that differs is a difference, unless the manifests account for it. */
  private walk(segments: string[], a: unknown, b: unknown, rawA: unknown, rawB: unknown): void {
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const key of unionOfKeys(a, b)) this.walk([...segments, key], a[key], b[key], rawA, rawB);
      return;
    }
    if (a === b || (a !== undefined && b !== undefined && stableStringify(a) === stableStringify(b))) return;
    const manifests = this.matcher.match(this.record, segments, a, b);
    if (manifests !== undefined) {
      this.substituted.push({ address: this.record.address, segments, manifests });
      return;
    }
    // Shown as the record holds it: a number stays a number where the rule compared its text.
    const sub = segments.slice(1);
    this.out.push({ segments, a: typedLike(a, valueAt(rawA, sub)), b: typedLike(b, valueAt(rawB, sub)) });
  }
}

/**
 * The 'upload' rule between two live records: the same URL, or content uploaded by paycfg whose
 * fingerprint is the same, though each service made its own URL of it (kinds/merchant-logo.ts).
 */
function sameUpload(a: unknown, b: unknown, fieldsA: Record<string, unknown>, fieldsB: Record<string, unknown>): boolean {
  return a === b || sameStoredLogo(fieldsA, fieldsB);
}

/** A's keys in their order, then B's that A lacks: both objects' entries with a value. */
function unionOfKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  for (const key of Object.keys(b)) if (b[key] !== undefined && a[key] === undefined) keys.push(key);
  return keys;
}
