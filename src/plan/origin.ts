import jsonPatch from 'fast-json-patch';
import { addressOf, type Address, type Kind } from '../model/kinds.js';
import { pointerSegment, splitPointer } from '../model/pointers.js';
import { type DesiredResource, type DesiredState, fieldsOf, type LiveState, type SecretOrigin } from '../model/state.js';
import { comparable } from './diff.js';
import { keyFieldOf } from './moves.js';
import type { Change, PlannedBlock, PlannedChange, RawPlan } from './plan.js';

/**
 * Where a change comes from, when the plan was made with a base manifest (`plan --base`, the
 * manifest before the change under review):
 * - `intended`: the change under review brings it: the base and the new manifest differ for what it
 *   changes, or the base manifest would not have made it at all (a prune turned on, a merchant's
 *   `bindings:` now managed);
 * - `revert`: the manifests agree, and the live group differs from them: it was changed outside
 *   paycfg, and the apply undoes that;
 * - `both`: the manifests differ for what it changes, and the live group differs from the base too.
 */
export type ChangeOrigin = 'intended' | 'revert' | 'both';

export const ORIGINS: readonly ChangeOrigin[] = ['intended', 'revert', 'both'];

/** A change or blocked change of a plan made with a base manifest. */
export interface WithOrigin {
  readonly origin?: ChangeOrigin;
}

export interface OriginInput {
  /** The desired state of the base manifest, built as the new one is (same environment). */
  readonly base: DesiredState;
  /** The desired state of the new manifest, the plan's own. */
  readonly desired: DesiredState;
  /**
   * The plan of the base manifest against the same live read (planChanges, without `protect:` or the
   * settlement guard): the changes it makes are how the live group differs from the base. Undefined
   * when the planner refuses the base manifest against this live group (a PlanError): then a change
   * the manifests differ on is `intended`, and any other `revert`.
   */
  readonly basePlan: Pick<RawPlan, 'changes' | 'blocked'> | undefined;
  /**
   * Variables the base manifest refers to that are unset (it was loaded with allowMissingEnv): a
   * value built from one holds a placeholder, so the base plan's difference there says nothing of the
   * live group and is not counted as drift.
   */
  readonly missingVariables?: readonly string[];
  /**
   * The live group as each plan saw it, re-keyed by its own manifest's `moved:` entries (plan/moves.ts).
   * A record renamed, or following a rename, is matched across the two plans and the two manifests
   * by the address it was read under (`readAs`): the base knows it by its old name. Absent when
   * neither manifest moves anything.
   */
  readonly live?: { readonly plan: LiveState; readonly base: LiveState };
}

/**
 * The plan with an `origin` on each change and each blocked change. Pure. A change is compared
 * field by field, over the paths its patch touches (the whole record for a create or a delete):
 * - the live group drifted from the base there when the base plan makes a change at the same
 *   address whose paths overlap (or blocks that address);
 * - the manifests differ there when the base and new desired records differ on an overlapping path
 *   (one that exists in one manifest only differs everywhere). A value built from variables is
 *   compared by its template (`${VAR}` as written), never by its value; a secret written in the
 *   manifest by its value.
 * A record a move renames, or one that follows it (a binding of a renamed profile, a device of a
 * renamed merchant), is compared with the base manifest's record and the base plan's change for the
 * same live record, under the name each gives it; the renamed key field is then one the manifests
 * differ on.
 * Drift alone is `revert`; drift where the manifests differ is `both`; everything else is `intended`
 * (the new manifest brings a change the base plan would not make). Steps (`#old`, `#detach`) are
 * judged like changes: a step the base plan makes too is drift. A duplicate pending code's delete
 * (`#duplicate-<id>`) is judged on the base plan alone: the manifests say nothing of it. Unmanaged
 * records are not changes and carry no origin.
 */
export function labelOrigins(plan: RawPlan, input: OriginInput): RawPlan {
  const judge = new OriginJudge(input);
  return {
    ...plan,
    changes: plan.changes.map((change) => ({ ...change, origin: judge.changeOrigin(change) })),
    blocked: plan.blocked.map((entry) => ({ ...entry, origin: judge.blockedOrigin(entry) })),
  };
}

/** How many changes of a plan a label counts (the delete half of a replacement counted with it, as the summary does). */
export function originCounts(changes: readonly (Change & WithOrigin)[]): Record<ChangeOrigin, number> {
  const counts: Record<ChangeOrigin, number> = { intended: 0, revert: 0, both: 0 };
  for (const change of changes) if (change.origin !== undefined && change.step !== 'replace-old') counts[change.origin] += 1;
  return counts;
}

/** The record's whole: a path that overlaps every other. */
const WHOLE = '';

class OriginJudge {
  private readonly drifted = new Map<Address, string[]>();
  private readonly baseSecrets: SecretIndex;
  private readonly newSecrets: SecretIndex;
  /** Paths per address where the base plan's value waits for an unset variable. */
  private readonly unknownInBase = new Map<Address, string[]>();
  /** Re-keyed address → the address the record was read under, in the new plan's live state and in the base's. */
  private readonly planReadAs: ReadonlyMap<Address, Address>;
  private readonly baseReadAs: ReadonlyMap<Address, Address>;
  /** Address as read → the base's address for the record, where the base's moves re-keyed it. */
  private readonly baseNames = new Map<Address, Address>();

  constructor(private readonly input: OriginInput) {
    this.planReadAs = readAddresses(input.live?.plan);
    this.baseReadAs = readAddresses(input.live?.base);
    for (const [address, read] of this.baseReadAs) this.baseNames.set(read, address);
    // Drift is kept by the address the live record was read under, the one name both plans share.
    for (const change of input.basePlan?.changes ?? []) this.addDrift(asRead(change, this.baseReadAs), pathsOf(change));
    for (const entry of input.basePlan?.blocked ?? []) this.addDrift(asRead(entry, this.baseReadAs), [WHOLE]);
    this.baseSecrets = indexSecrets(input.base.sensitive);
    this.newSecrets = indexSecrets(input.desired.sensitive);
    const missing = new Set(input.missingVariables ?? []);
    if (missing.size > 0) {
      for (const [address, secrets] of this.baseSecrets) {
        const unknown = secrets.filter(({ origin }) => origin.kind === 'template' && origin.variables.some((v) => missing.has(v))).map(({ path }) => path);
        if (unknown.length > 0) this.unknownInBase.set(address, unknown);
      }
    }
  }

  changeOrigin(change: PlannedChange): ChangeOrigin {
    return this.originOf(change, pathsOf(change));
  }

  blockedOrigin(entry: PlannedBlock): ChangeOrigin {
    return this.originOf(entry, [WHOLE]);
  }

  private originOf(entry: AddressedEntry, paths: readonly string[]): ChangeOrigin {
    const read = asRead(entry, this.planReadAs);
    const readRecord = recordAsRead(entry, this.planReadAs);
    const inBase = this.baseNames.get(readRecord) ?? readRecord;
    const manifests = entry.role === 'duplicate' ? false : overlapsAny(paths, this.manifestDifference(addressOf(entry.kind, entry.key), inBase, entry.kind));
    if (this.input.basePlan === undefined) return manifests ? 'intended' : 'revert';
    const unknown = this.unknownInBase.get(inBase) ?? [];
    const driftPaths = (this.drifted.get(read) ?? []).filter((p) => !unknown.some((u) => p !== WHOLE && within(p, u)));
    const drift = overlapsAny(paths, driftPaths);
    if (!drift) return 'intended';
    return manifests ? 'both' : 'revert';
  }

  private addDrift(address: Address, paths: readonly string[]): void {
    const known = this.drifted.get(address);
    if (known === undefined) this.drifted.set(address, [...paths]);
    else known.push(...paths);
  }

  /**
   * Paths where the base's desired record (at `inBase`, its name for the record) and the new one (at
   * `address`) differ, memoised (a replacement's halves ask twice).
   */
  private manifestDifference(address: Address, inBase: Address, kind: Kind): string[] {
    let found = this.differences.get(address);
    if (found === undefined) {
      const base = this.input.base.resources.get(inBase);
      const next = this.input.desired.resources.get(address);
      found =
        base === undefined && next === undefined
          ? []
          : base === undefined || next === undefined
            ? [WHOLE]
            : jsonPatch
                .compare(comparedFields(kind, base, this.baseSecrets.get(inBase)), comparedFields(kind, next, this.newSecrets.get(address)))
                .map((op) => op.path);
      this.differences.set(address, found);
    }
    return found;
  }
  private readonly differences = new Map<Address, string[]>();
}

interface AddressSecret {
  /** The pointer's path within the record, as a JSON Pointer (`/deviceAdmin`). */
  readonly path: string;
  readonly segments: readonly string[];
  readonly origin: SecretOrigin;
}

type SecretIndex = Map<Address, AddressSecret[]>;

function indexSecrets(sensitive: ReadonlyMap<string, SecretOrigin>): SecretIndex {
  const index: SecretIndex = new Map();
  for (const [pointer, origin] of sensitive) {
    const { address, path } = splitPointer(pointer);
    let list = index.get(address);
    if (list === undefined) index.set(address, (list = []));
    list.push({ path: path.map((s) => `/${pointerSegment(s)}`).join(''), segments: path, origin });
  }
  return index;
}

/**
 * A desired record's fields as the diff compares them (plan/diff.ts comparable), each value built
 * from variables replaced by its template: two manifests that write `${ADMIN}` agree whatever it
 * holds, and a changed template differs even where both happen to give the same value.
 */
function comparedFields(kind: Kind, resource: DesiredResource, secrets: readonly AddressSecret[] | undefined): Record<string, unknown> {
  let fields = fieldsOf(resource);
  // The key field a rename writes (a move's change patches it) is compared with the rest.
  const keyField = keyFieldOf(kind);
  if (keyField !== undefined) fields = { ...fields, [keyField]: resource.key };
  for (const secret of secrets ?? []) {
    if (secret.origin.kind !== 'template') continue;
    fields = replacedAt(fields, secret.segments, `\${template} ${secret.origin.template}`) as Record<string, unknown>;
  }
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) out[field] = comparable(kind, field, value);
  return out;
}

/** A copy of `value` with the value at `segments` replaced; the value itself when the path leads nowhere. */
function replacedAt(value: unknown, segments: readonly string[], replacement: unknown): unknown {
  if (segments.length === 0) return replacement;
  if (typeof value !== 'object' || value === null) return value;
  const [head, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(value)) {
    const index = Number(head);
    if (!Number.isInteger(index) || index < 0 || index >= value.length) return value;
    const copy = [...value];
    copy[index] = replacedAt(value[index], rest, replacement);
    return copy;
  }
  const record = value as Record<string, unknown>;
  if (!Object.hasOwn(record, head)) return value;
  return { ...record, [head]: replacedAt(record[head], rest, replacement) };
}

/** Re-keyed address → the address its record was read under, from a live state a move re-keyed. */
function readAddresses(live: LiveState | undefined): Map<Address, Address> {
  const out = new Map<Address, Address>();
  for (const [address, resource] of live?.resources ?? []) if (resource.readAs !== undefined) out.set(address, resource.readAs);
  return out;
}

/** A change or blocked change, as origins read it: its address, the record it acts on, and its role. */
type AddressedEntry = Pick<PlannedChange, 'address' | 'kind' | 'key' | 'role'>;

/** The address of the record an entry acts on, under the name its live record was read by. */
function recordAsRead(entry: AddressedEntry, readAs: ReadonlyMap<Address, Address>): Address {
  const record = addressOf(entry.kind, entry.key);
  return readAs.get(record) ?? record;
}

/**
 * An entry's address under the name its live record was read by: a step's or a duplicate code's
 * address keeps what follows its record's (its record's address is addressOf(kind, key)).
 */
function asRead(entry: AddressedEntry, readAs: ReadonlyMap<Address, Address>): Address {
  const record = addressOf(entry.kind, entry.key);
  const read = readAs.get(record);
  return read === undefined ? entry.address : `${read}${entry.address.slice(record.length)}`;
}

/** The paths a change touches: its patch's, or the whole record for a create or a delete (or an empty patch). */
function pathsOf(change: Pick<Change, 'before' | 'after' | 'patch'>): string[] {
  if (change.before === null || change.after === null || change.patch.length === 0) return [WHOLE];
  const paths: string[] = [];
  for (const op of change.patch) {
    paths.push(op.path);
    if ((op.op === 'move' || op.op === 'copy') && typeof op.from === 'string') paths.push(op.from);
  }
  return paths;
}

/** Whether `path` is `ancestor` or lies under it (JSON Pointers, segment by segment). */
function within(path: string, ancestor: string): boolean {
  return ancestor === WHOLE || path === ancestor || path.startsWith(`${ancestor}/`);
}

function overlapsAny(paths: readonly string[], others: readonly string[]): boolean {
  return paths.some((p) => others.some((o) => within(p, o) || within(o, p)));
}

