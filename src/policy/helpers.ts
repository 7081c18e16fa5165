import type { Traffic } from '../impact/types.js';
import { addressOf } from '../kinds/addresses.js';
import { joinPointer } from '../model/pointers.js';
import type { Change, Plan } from '../plan/plan.js';
import type { AfterString, FieldChange, PolicyHelpers } from './types.js';

/**
 * The helpers a pack's checks are handed (PolicyHelpers), over one plan document. Pure reads of the
 * plan; what several rules ask (the changes, each change's strings) is computed once and shared.
 * Runs in paycfg's process for the built-in pack and in the policy worker for a PBO's modules.
 */
export function createHelpers(plan: Plan): PolicyHelpers {
  const sensitive = new Set(plan.sensitive);
  // The changes that stand for their record: a replacement's delete half and a detach step are its steps, not the change.
  const records = plan.changes.filter((change) => change.step === undefined);
  const strings = new WeakMap<Change, readonly AfterString[]>();
  const isSensitive = (change: Change, path: readonly (string | number)[]): boolean => sensitive.has(joinPointer(addressOf(change.kind, change.key), path));
  return {
    changes(filter = {}) {
      const kinds = listOf(filter.kind);
      const actions = listOf(filter.action);
      return records.filter((change) => (kinds === undefined || kinds.includes(change.kind)) && (actions === undefined || actions.includes(change.action)));
    },
    field(change, name) {
      const path = typeof name === 'string' ? [name] : [...name];
      const before = valueAt(change.before, path);
      const after = valueAt(change.after, path);
      const shown: FieldChange = { before, after, changed: JSON.stringify(before) !== JSON.stringify(after), sensitive: isSensitive(change, path) };
      return shown;
    },
    recordAddress: (change) => addressOf(change.kind, change.key),
    terminalsReached: (change) => ({ count: change.impact?.terminals ?? 0, known: change.impact?.terminalsKnown !== false }),
    payments: (change): Traffic | undefined => change.impact?.payments,
    afterStrings(change) {
      let found = strings.get(change);
      if (found === undefined) {
        const out: AfterString[] = [];
        collectStrings(change.after, [], (path) => isSensitive(change, path), out);
        strings.set(change, (found = out));
      }
      return found;
    },
  };
}

function listOf<T>(value: T | readonly T[] | undefined): readonly T[] | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? (value as readonly T[]) : [value as T];
}

function valueAt(record: Record<string, unknown> | null, path: readonly (string | number)[]): unknown {
  let node: unknown = record;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node ?? undefined;
}

function collectStrings(value: unknown, path: (string | number)[], secret: (path: readonly (string | number)[]) => boolean, out: AfterString[]): void {
  if (typeof value === 'string') {
    if (!secret(path)) out.push({ path: [...path], value });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (secret(path) && path.length > 0) return;
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    path.push(key);
    collectStrings(item, path, secret, out);
    path.pop();
  }
}
