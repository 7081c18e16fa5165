import { isPlainObject } from '../model/canonical.js';
import { joinPointer, splitPointer } from '../model/pointers.js';
import { fieldDescriptor } from '../plan/descriptors.js';
import { SENSITIVE } from '../render/redact.js';
import { createScrubber } from '../util/scrub.js';
import type { RecordPlace } from './compare-groups.js';

/** How the diff shows a value: `(sensitive)` where it is, or holds, a secret. */
export interface SecretMask {
  value(record: RecordPlace, segments: readonly string[], value: unknown): unknown;
  /** The pointer's text, a secret inside a key (however unlikely) masked too. */
  pointer(segments: readonly string[]): string;
}

/** The shortest secret text looked for inside longer values: masking every "1" would say more than it hides (as render/redact scrubText). */
const MIN_INSIDE = 3;

/**
 * The mask of an environment diff. A value is `(sensitive)` when:
 * - its field is secret (deviceAdmin, passcode: the kinds' facts);
 * - a manifest marks its place secret (the desired states' `sensitive` pointers, of every
 *   environment's manifests with every environment's values), or holds such a place, which is
 *   masked inside it;
 * - any string in it holds one of `texts`: every value an environment reads from a secret source
 *   (`{env}`, `{file}`) and each access token, in any of the forms util/secret-forms lists.
 */
export function secretMask(input: { readonly sensitive: Iterable<string>; readonly texts: Iterable<string> }): SecretMask {
  const paths = new Map<string, string[][]>();
  for (const pointer of input.sensitive) {
    const { address, path } = splitPointer(pointer);
    const list = paths.get(address);
    if (list === undefined) paths.set(address, [path]);
    else list.push(path);
  }
  const texts = [...new Set(input.texts)].filter((text) => text !== '');
  const long = texts.filter((text) => text.length >= MIN_INSIDE);
  const exact = new Set(texts);
  const scrubber = long.length > 0 ? createScrubber(long, SENSITIVE) : undefined;
  const holdsSecret = (text: string): boolean => exact.has(text) || (scrubber !== undefined && scrubber(text) !== text);
  return {
    value(record, segments, value) {
      if (value === undefined) return undefined;
      const [field] = segments;
      if (field !== undefined && fieldDescriptor(record.kind, field).sensitive === true) return SENSITIVE;
      let shown: unknown = value;
      for (const path of paths.get(record.address) ?? []) {
        if (startsWith(segments, path)) return SENSITIVE;
        if (startsWith(path, segments)) shown = maskAt(shown, path.slice(segments.length));
      }
      return holdsAny(shown, holdsSecret) ? SENSITIVE : shown;
    },
    pointer(segments) {
      const masked = (segment: string): string => (!holdsSecret(segment) ? segment : exact.has(segment) || scrubber === undefined ? SENSITIVE : scrubber(segment));
      // `#/a/b` without its `#`: a pointer into the record.
      return joinPointer('', segments.map(masked)).slice(1);
    },
  };
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

/** A copy of `value` with the value at `path` replaced by the marker, when it is there. */
function maskAt(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return SENSITIVE;
  if (!isPlainObject(value)) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (!Object.hasOwn(value, head)) return value;
  return { ...value, [head]: maskAt(value[head], rest) };
}

/** Whether any string or key inside `value` holds a secret. */
function holdsAny(value: unknown, holdsSecret: (text: string) => boolean): boolean {
  if (typeof value === 'string') return value !== SENSITIVE && holdsSecret(value);
  if (Array.isArray(value)) return value.some((item) => holdsAny(item, holdsSecret));
  if (isPlainObject(value)) return Object.entries(value).some(([key, item]) => holdsSecret(key) || holdsAny(item, holdsSecret));
  return false;
}
