import { secretForms } from './secret-forms.js';

/**
 * Masking of secrets in free text, in every form util/secret-forms lists (raw, JSON-escaped,
 * URL-encoded, base64). Every occurrence of every form is found first, overlapping ones included,
 * and each run of text they cover together becomes one marker: no character of a secret survives,
 * even where two secrets overlap or a form of one runs into another.
 */

export type Scrubber = (text: string) => string;

interface Index {
  /** Forms bucketed by their first `keyLength` characters. */
  readonly buckets: ReadonlyMap<string, readonly string[]>;
  readonly keyLength: number;
}

function buildIndex(secrets: Iterable<string>): Index | undefined {
  const forms = new Set<string>();
  for (const secret of secrets) for (const form of secretForms(secret)) forms.add(form);
  if (forms.size === 0) return undefined;
  const keyLength = Math.min(4, ...[...forms].map((form) => form.length));
  const buckets = new Map<string, string[]>();
  for (const form of forms) {
    const key = form.slice(0, keyLength);
    const bucket = buckets.get(key);
    if (bucket === undefined) buckets.set(key, [form]);
    else bucket.push(form);
  }
  return { buckets, keyLength };
}

function scrubWithIndex(text: string, index: Index, marker: string): string {
  const { buckets, keyLength } = index;
  let out = '';
  let copiedTo = 0;
  // The masked run being extended is [runStart, runEnd); runStart is -1 until a form is found.
  let runStart = -1;
  let runEnd = -1;
  for (let i = 0; i + keyLength <= text.length; i += 1) {
    const bucket = buckets.get(text.slice(i, i + keyLength));
    if (bucket === undefined) continue;
    let longest = 0;
    for (const form of bucket) if (form.length > longest && text.startsWith(form, i)) longest = form.length;
    if (longest === 0) continue;
    if (runEnd >= i) {
      runEnd = Math.max(runEnd, i + longest);
    } else {
      if (runStart >= 0) {
        out += text.slice(copiedTo, runStart) + marker;
        copiedTo = runEnd;
      }
      runStart = i;
      runEnd = i + longest;
    }
  }
  if (runStart < 0) return text;
  return out + text.slice(copiedTo, runStart) + marker + text.slice(runEnd);
}

/**
 * Indexes of lists callers keep passing (the manifest's secrets, once per failed change), with the
 * values they were built from: a list that changed since is indexed again.
 */
const indexes = new WeakMap<object, { readonly values: readonly string[]; readonly index: Index | undefined }>();

function indexOf(secrets: Iterable<string>): Index | undefined {
  const values = [...secrets];
  const cached = indexes.get(secrets);
  if (cached !== undefined && cached.values.length === values.length && cached.values.every((v, i) => v === values[i])) return cached.index;
  const index = buildIndex(values);
  indexes.set(secrets, { values, index });
  return index;
}

/** A function masking every form of each secret with `marker`; build it once for many texts. */
export function createScrubber(secrets: Iterable<string>, marker: string): Scrubber {
  const index = buildIndex(secrets);
  return index === undefined ? (text) => text : (text) => scrubWithIndex(text, index, marker);
}

/** Replaces every form of each secret in `text` with `marker`. */
export function scrub(text: string, secrets: Iterable<string>, marker: string): string {
  const index = indexOf(secrets);
  return index === undefined ? text : scrubWithIndex(text, index, marker);
}
