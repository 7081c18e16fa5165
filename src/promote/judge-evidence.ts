import { parentOf } from '../kinds/registry.js';
import { addressOf, type Address } from '../model/kinds.js';
import { pointerSegment, pointerSegments, splitPointer } from '../model/pointers.js';
import { stableStringify } from '../model/canonical.js';
import { fieldsOf, type DesiredState } from '../model/state.js';
import type { Change, PlannedBlock, PlannedChange } from '../plan/plan.js';
import type { ChangeEvidence, UnprovenReason } from '../plan/promotion.js';
import type { JournalEvidence, JournalIndex } from './source-journal.js';
import type { SourceView } from './source-view.js';

/**
 * The evidence of each change of the target's plan, from the source view (source-view.ts) and the
 * source's journal. Pure. A change is compared by the paths it writes: its patch's for an update,
 * the whole record for a create, a replacement or a delete. It is proven when the source view makes
 * no change at its record on an overlapping path (the source's record matches the manifest there,
 * each environment's values aside); a delete is proven when the source's live group lacks the
 * record too. A change at a record the source view could not judge (its entry, or a value it
 * compares, waits for a value the source does not declare) is not proven, and says which.
 */
export interface EvidenceInput {
  /** The target's plan's changes and desired state. */
  readonly changes: readonly PlannedChange[];
  readonly desired: DesiredState;
  readonly source: Pick<SourceView, 'desired' | 'missingVariables' | 'live' | 'plan'>;
  readonly journal: JournalIndex;
}

/** Each change's evidence, by its address. */
export function judgeEvidence(input: EvidenceInput): Map<Address, ChangeEvidence> {
  const judge = new EvidenceJudge(input);
  return new Map(input.changes.map((change) => [change.address, judge.evidenceOf(change)]));
}

/** The record's whole: a path that overlaps every other. */
const WHOLE = '';

/** How the source differs at a record, as one change (or blocked change) of the source view shows it. */
interface SourceDifference {
  readonly paths: readonly string[];
  readonly reason: Exclude<UnprovenReason, 'missing-values'>;
  /** A duplicate pending code's delete: a record of its own under the device's address. */
  readonly duplicate: boolean;
}

/** Where a value of the source view waits for a variable the source does not declare. */
interface Placeholder {
  readonly path: string;
  readonly variables: readonly string[];
}

class EvidenceJudge {
  private readonly differences = new Map<Address, SourceDifference[]>();
  private readonly placeholders = new Map<Address, Placeholder[]>();
  private readonly missing: ReadonlySet<string>;

  constructor(private readonly input: EvidenceInput) {
    const { plan } = input.source;
    for (const change of plan.changes) this.addDifference(change, { paths: pathsOf(change), reason: reasonOf(change), duplicate: change.role === 'duplicate' });
    for (const entry of plan.blocked) this.addDifference(entry, { paths: [WHOLE], reason: blockedReason(entry), duplicate: entry.role === 'duplicate' });
    this.missing = new Set(input.source.missingVariables);
    if (this.missing.size > 0) {
      for (const [pointer, origin] of input.source.desired.sensitive) {
        if (origin.kind !== 'template') continue;
        const variables = origin.variables.filter((name) => this.missing.has(name));
        if (variables.length === 0) continue;
        const { address, path } = splitPointer(pointer);
        const list = this.placeholders.get(address) ?? [];
        list.push({ path: path.map((segment) => `/${pointerSegment(segment)}`).join(''), variables });
        this.placeholders.set(address, list);
      }
    }
  }

  evidenceOf(change: PlannedChange): ChangeEvidence {
    const record = addressOf(change.kind, change.key);
    const leftOut = this.leftOut(change, record);
    if (leftOut !== undefined) return leftOut;
    // A delete of the record itself: proven when the source's group does not hold it either.
    if (change.action === 'delete' && change.step === undefined && change.role === undefined) {
      return this.input.source.live.resources.has(record) ? { status: 'unproven', reason: 'present' } : this.proven(change, record);
    }
    const paths = writtenPaths(change);
    const found = (this.differences.get(record) ?? []).filter((d) => (change.role === 'duplicate' || !d.duplicate) && overlapsAny(paths, d.paths));
    if (found.length === 0) return this.proven(change, record);
    // A difference only where the source view holds a placeholder says nothing of the source.
    const unknown = this.placeholders.get(record) ?? [];
    const known = found.map((d) => ({ ...d, paths: d.paths.filter((p) => p === WHOLE || !unknown.some((u) => within(p, u.path))) })).filter((d) => overlapsAny(paths, d.paths));
    if (known.length === 0) return missingValues(unknown.filter((u) => overlapsAny(paths, [u.path])).flatMap((u) => u.variables));
    for (const reason of ['absent', 'present'] as const) if (known.some((d) => d.reason === reason)) return { status: 'unproven', reason };
    const fields = new Set<string>();
    for (const difference of known) {
      for (const path of difference.paths) {
        // The source differs in the whole record: the fields are those the change writes, when it names them.
        for (const shown of path === WHOLE ? paths : [path]) if (shown !== WHOLE && overlapsAny(paths, [shown])) fields.add(topField(shown));
      }
    }
    return { status: 'unproven', reason: 'differs', ...(fields.size > 0 ? { fields: [...fields].sort() } : {}) };
  }

  /**
   * The record (or, for a binding or device, its merchant) is the target manifest's, and the source
   * view left it out: its entry waits for a value the source does not declare.
   */
  private leftOut(change: PlannedChange, record: Address): ChangeEvidence | undefined {
    const parent = parentOf(change.kind);
    const owner = parent !== undefined && change.merchant !== undefined ? addressOf(parent.kind, change.merchant) : undefined;
    const target = this.input.desired.resources;
    const source = this.input.source.desired.resources;
    const missed = [record, ...(owner !== undefined ? [owner] : [])].filter((address) => target.has(address) && !source.has(address));
    if (missed.length === 0) return undefined;
    const variables: string[] = [];
    for (const [pointer, origin] of this.input.desired.sensitive) {
      if (origin.kind !== 'template' || !missed.includes(splitPointer(pointer).address)) continue;
      variables.push(...origin.variables.filter((name) => this.missing.has(name)));
    }
    return missingValues(variables);
  }

  /**
   * The fields the change writes whose value the target's environment makes its own: the target's
   * desired value there is not the source view's (the same manifest, the source's values).
   */
  private ownValues(change: Change, record: Address): string[] {
    const target = this.input.desired.resources.get(record);
    const source = this.input.source.desired.resources.get(record);
    if (target === undefined || source === undefined || change.action === 'delete') return [];
    const written = writtenPaths(change);
    const targetFields = fieldsOf(target);
    const sourceFields = fieldsOf(source);
    return Object.keys(targetFields)
      .filter((field) => overlapsAny(written, [`/${pointerSegment(field)}`]) && stableStringify(targetFields[field]) !== stableStringify(sourceFields[field]))
      .sort();
  }

  /** Proven, with when the source's journal last records the change (under its own address or its record's) done. */
  private proven(change: Change, record: Address): ChangeEvidence {
    const own = this.ownValues(change, record);
    const ownValues = own.length > 0 ? { ownValues: own } : {};
    // A delete is dated by the run that deleted the record; anything else by the last that wrote it.
    const journal = change.action === 'delete' ? this.input.journal.gone : this.input.journal.present;
    const latest = [journal.get(change.address), journal.get(record)].reduce<JournalEvidence | undefined>(
      (best, next) => (next !== undefined && (best === undefined || next.since > best.since) ? next : best),
      undefined,
    );
    return latest === undefined ? { status: 'proven', ...ownValues } : { status: 'proven', since: latest.since, run: latest.run, planHash: latest.planHash, ...ownValues };
  }

  private addDifference(entry: Pick<Change, 'kind' | 'key'>, difference: SourceDifference): void {
    const record = addressOf(entry.kind, entry.key);
    const list = this.differences.get(record);
    if (list === undefined) this.differences.set(record, [difference]);
    else list.push(difference);
  }
}

function missingValues(variables: readonly string[]): ChangeEvidence {
  const names = [...new Set(variables)].sort();
  return { status: 'unproven', reason: 'missing-values', ...(names.length > 0 ? { variables: names } : {}) };
}

/** What a change of the source view says of the source: it lacks the record, holds one the manifest does not, or differs. */
function reasonOf(change: PlannedChange): SourceDifference['reason'] {
  if (change.step !== undefined || change.role !== undefined) return 'differs';
  return change.action === 'create' ? 'absent' : change.action === 'delete' ? 'present' : 'differs';
}

function blockedReason(entry: PlannedBlock): SourceDifference['reason'] {
  return entry.role === undefined && entry.action === 'create' ? 'absent' : entry.role === undefined && entry.action === 'delete' ? 'present' : 'differs';
}

/** The paths a change of the target writes: the whole record for a create, a replacement (made anew) or a delete. */
function writtenPaths(change: Pick<Change, 'action' | 'patch'>): string[] {
  if (change.action !== 'update' || change.patch.length === 0) return [WHOLE];
  return patchPaths(change.patch);
}

/** The paths a change of the source view touches: its patch's, or the whole record for a create or a delete. */
function pathsOf(change: Pick<Change, 'before' | 'after' | 'patch'>): string[] {
  if (change.before === null || change.after === null || change.patch.length === 0) return [WHOLE];
  return patchPaths(change.patch);
}

function patchPaths(patch: Change['patch']): string[] {
  const paths: string[] = [];
  for (const op of patch) {
    paths.push(op.path);
    if ((op.op === 'move' || op.op === 'copy') && typeof op.from === 'string') paths.push(op.from);
  }
  return paths;
}

/** The record's field a path lies in: `/acquirerFields/host-a/tid` → `acquirerFields`. */
function topField(path: string): string {
  return pointerSegments(path)[0] ?? path;
}

/** Whether `path` is `ancestor` or lies under it (JSON Pointers, segment by segment). */
function within(path: string, ancestor: string): boolean {
  return ancestor === WHOLE || path === ancestor || path.startsWith(`${ancestor}/`);
}

function overlapsAny(paths: readonly string[], others: readonly string[]): boolean {
  return paths.some((p) => others.some((o) => within(p, o) || within(o, p)));
}
