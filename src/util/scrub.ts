import { secretForms } from './secret-forms.js';

/**
 * Masking of secrets in free text, in every form util/secret-forms lists (raw, JSON-escaped,
 * URL-encoded, base64). Every occurrence of every form is found first, overlapping ones included,
 * and each run of text they cover together becomes one marker: no character of a secret survives,
 * even where two secrets overlap or a form of one runs into another.
 */

export type Scrubber = (text: string) => string;

/**
 * How the forms are found. Up to REGEX_FORMS forms, one regular expression alternating them
 * (longest first, so the longest form at a position wins): V8 skips ahead to a possible first
 * character natively, about a hundred times faster than a loop over every character in
 * JavaScript, so the output filter and the plan scrub cost little more than an indexOf. Past that
 * (a manifest with thousands of secrets, used on short failed-change lines), compiling the
 * expression would cost more than it saves: forms are bucketed by their first character code.
 */
type Index =
  | { readonly kind: 'pattern'; readonly pattern: RegExp }
  | { readonly kind: 'buckets'; readonly buckets: ReadonlyMap<number, readonly string[]> };

const REGEX_FORMS = 2000;

function literal(form: string): string {
  return form.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function buildIndex(secrets: Iterable<string>): Index | undefined {
  const forms = new Set<string>();
  for (const secret of secrets) for (const form of secretForms(secret)) forms.add(form);
  forms.delete('');
  if (forms.size === 0) return undefined;
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  if (sorted.length <= REGEX_FORMS) return { kind: 'pattern', pattern: new RegExp(sorted.map(literal).join('|'), 'g') };
  const buckets = new Map<number, string[]>();
  for (const form of sorted) {
    const code = form.charCodeAt(0);
    const bucket = buckets.get(code);
    if (bucket === undefined) buckets.set(code, [form]);
    else bucket.push(form);
  }
  return { kind: 'buckets', buckets };
}

/** Each position where a form starts (every one, overlapping ones included), with the longest form there. */
function* occurrences(text: string, index: Index): Generator<{ start: number; end: number }> {
  if (index.kind === 'pattern') {
    const { pattern } = index;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      yield { start: match.index, end: match.index + match[0].length };
      // Forms may overlap: look again from the next character, not from the end of this one.
      pattern.lastIndex = match.index + 1;
    }
    return;
  }
  for (let i = 0; i < text.length; i += 1) {
    const bucket = index.buckets.get(text.charCodeAt(i));
    if (bucket === undefined) continue;
    // Longest first: the first form that matches is the longest here.
    for (const form of bucket) {
      if (text.startsWith(form, i)) {
        yield { start: i, end: i + form.length };
        break;
      }
    }
  }
}

function scrubWithIndex(text: string, index: Index, marker: string): string {
  if (index.kind === 'pattern') {
    // Most texts hold no secret: answer those without setting up the walk below.
    index.pattern.lastIndex = 0;
    if (!index.pattern.test(text)) return text;
  }
  let out = '';
  let copiedTo = 0;
  // The masked run being extended is [runStart, runEnd); runStart is -1 until a form is found.
  let runStart = -1;
  let runEnd = -1;
  for (const { start, end } of occurrences(text, index)) {
    if (runEnd >= start) {
      runEnd = Math.max(runEnd, end);
    } else {
      if (runStart >= 0) {
        out += text.slice(copiedTo, runStart) + marker;
        copiedTo = runEnd;
      }
      runStart = start;
      runEnd = end;
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
