import { isPlainObject, stableStringify } from '../model/canonical.js';
import { fieldsOf } from '../model/state.js';
import { comparedFields, comparedValue, valueAt, type CompareOptions, type RecordPlace, type ValuesMatcher } from './compare-groups.js';
import type { ManifestPair, ManifestView } from './environment-manifests.js';

/**
 * "With each environment's own values substituted": two live values that differ are equal when
 * the same manifest value, expanded with A's values, is A's live value and, expanded with B's, is
 * B's. Each pair of views (one environment's manifests loaded with A's values and with B's) is
 * asked; a value still holding a placeholder of a variable the other environment lacks proves
 * nothing, nor does a value one of the two expansions leaves out.
 */
export function valuesMatcher(pairs: readonly ManifestPair[], options: CompareOptions): ValuesMatcher {
  return {
    match(record, segments, a, b) {
      let found: ManifestPair['owner'] | undefined;
      for (const pair of pairs) {
        if (pair.withA === undefined || pair.withB === undefined) continue;
        const expandedA = expansionAt(pair.withA, record, segments, options);
        if (expandedA === undefined || !same(expandedA, a)) continue;
        const expandedB = expansionAt(pair.withB, record, segments, options);
        if (expandedB === undefined || !same(expandedB, b)) continue;
        found = found === undefined ? pair.owner : 'both';
      }
      return found;
    },
  };
}

/** The manifest's value at this place, in the comparison's form; undefined when it sets none or waits for a missing variable. */
function expansionAt(view: ManifestView, record: RecordPlace, segments: readonly string[], options: CompareOptions): unknown {
  const resource = view.desired.resources.get(record.address);
  if (resource === undefined) return undefined;
  const [field, ...below] = segments;
  if (field === undefined) return undefined;
  const fields = comparedFields(record.kind, fieldsOf(resource), options);
  const value = valueAt(comparedValue(record.kind, field, fields[field]), below);
  return value === undefined || holdsPlaceholder(value, view.missing) ? undefined : value;
}

function same(x: unknown, y: unknown): boolean {
  return x === y || (x !== undefined && y !== undefined && stableStringify(x) === stableStringify(y));
}

/** Whether a string inside `value` still holds `${NAME}` for a variable the values lacked (allowMissingEnv's placeholder). */
function holdsPlaceholder(value: unknown, missing: readonly string[]): boolean {
  if (missing.length === 0) return false;
  if (typeof value === 'string') return value.includes('${') && missing.some((name) => value.includes(`\${${name}}`));
  if (Array.isArray(value)) return value.some((item) => holdsPlaceholder(item, missing));
  if (isPlainObject(value)) return Object.values(value).some((item) => holdsPlaceholder(item, missing));
  return false;
}
