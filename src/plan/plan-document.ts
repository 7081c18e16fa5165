import { addressOf } from '../model/kinds.js';
import type { BlockedChange, Change, ChangeRole, Plan, PlannedBlock, PlannedChange, PlannedWarning, PlanWarning, PublishedPlan, RawPlan } from './plan.js';

/**
 * A plan's document: its public JSON form (schemas/plan.schema.json), what `plan --json` prints,
 * a saved plan stores and the library hands out. The one place a plan goes out as a document, and
 * the one place a document comes back in as a plan: what paycfg holds as fields and the JSON spells
 * otherwise (a duplicate code's role, in its address) is dropped on the way out and read back here.
 */

/** The document of a published plan: what `--json`, a saved plan and the library's plan() carry. */
export function planDocument(plan: PublishedPlan): Plan {
  if (!plan.changes.some((change) => change.role !== undefined)) return plan;
  return { ...plan, changes: plan.changes.map(documentChange) };
}

/** A change as its document has it: its role is in its address. */
export function documentChange(change: PlannedChange): Change {
  if (change.role === undefined) return change;
  const { role: _role, ...rest } = change;
  return rest;
}

/** A blocked change as its document has it. */
export function documentBlock(entry: PlannedBlock): BlockedChange {
  if (entry.role === undefined) return entry;
  const { role: _role, ...rest } = entry;
  return rest;
}

/** A warning as its document has it: its words, address and batches. */
export function documentWarning(warning: PlannedWarning): PlanWarning {
  if (warning.cause === undefined) return warning;
  const { cause: _cause, ...rest } = warning;
  return rest;
}

/**
 * A plan document read back (a saved plan's, or one handed to the library's renderers): taken as a
 * raw plan, which is redacted and published again before it is shown, since a document may come
 * from anywhere (a library caller's own plan holds its secrets in clear). Each change and blocked
 * change gets its role from its address, a warning with batches its cause: the document spells
 * them so, in plans written by any version of paycfg.
 */
export function planFromDocument(document: Plan): RawPlan {
  const changes = document.changes.map((change) => withRole(change));
  const blocked = document.blocked.map((entry) => withRole(entry));
  const warnings = document.warnings?.map(warningFromDocument);
  return { ...document, changes, blocked, ...(warnings !== undefined ? { warnings } : {}) } as Plan as RawPlan;
}

/** A change from a document, with the role its address spells (a plan made in memory has it already). */
export function changeFromDocument(change: Change): PlannedChange {
  return withRole(change);
}

/** `#duplicate-<id>` after the record's address: a duplicate pending code's delete (model/kinds.ts duplicateAddress). */
const DUPLICATE_SUFFIX = /^#duplicate-[^#/]+$/;

function roleOf(entry: Pick<Change, 'address' | 'kind' | 'key'>): ChangeRole | undefined {
  const record = addressOf(entry.kind, entry.key);
  if (entry.address === record || !entry.address.startsWith(record)) return undefined;
  return DUPLICATE_SUFFIX.test(entry.address.slice(record.length)) ? 'duplicate' : undefined;
}

function withRole<E extends Pick<Change, 'address' | 'kind' | 'key'> & { readonly role?: ChangeRole }>(entry: E): E {
  if (entry.role !== undefined) return entry;
  const role = roleOf(entry);
  return role === undefined ? entry : { ...entry, role };
}

/** An unsettled warning is the one with batches (settlement-guard.ts unsettledWarning). */
function warningFromDocument(warning: PlannedWarning): PlannedWarning {
  if (warning.cause !== undefined || warning.batches === undefined || warning.address === undefined) return warning;
  return { ...warning, cause: 'unsettled' };
}
