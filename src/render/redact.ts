import type { Operation } from 'fast-json-patch';
import type { Finding, SkippedRule } from '../findings/types.js';
import type { Change, Plan, RawPlan, RedactedPlan } from '../plan/plan.js';

import { addressOf } from '../model/kinds.js';
import { pointerSegments, splitPointer } from '../model/pointers.js';
import { createScrubber, scrub, type Scrubber } from '../util/scrub.js';

export const SENSITIVE = '(sensitive)';

/**
 * Secret paths by address, built once per list of pointers: a plan of 60,000 changes with 30,000
 * secrets would otherwise scan every pointer for every change.
 */
const pathsByAddress = new WeakMap<readonly string[], ReadonlyMap<string, readonly string[][]>>();

function indexPointers(pointers: readonly string[]): ReadonlyMap<string, readonly string[][]> {
  let index = pathsByAddress.get(pointers);
  if (index === undefined) {
    const built = new Map<string, string[][]>();
    for (const pointer of pointers) {
      const { address, path } = splitPointer(pointer);
      const list = built.get(address);
      if (list === undefined) built.set(address, [path]);
      else list.push(path);
    }
    index = built;
    pathsByAddress.set(pointers, index);
  }
  return index;
}

/** Secret paths (segments) inside one change's fields: its record's, a step's and a duplicate code's alike. */
export function secretPaths(plan: Pick<Plan, 'sensitive'>, change: Pick<Change, 'kind' | 'key'>): string[][] {
  return [...(indexPointers(plan.sensitive).get(addressOf(change.kind, change.key)) ?? [])];
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
}

/** A copy of `value` with the value at `path` replaced by the marker, when it exists. */
function maskAt(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return value === undefined ? value : SENSITIVE;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (!(head in value)) return value;
  return { ...(value as Record<string, unknown>), [head]: maskAt((value as Record<string, unknown>)[head], rest) };
}

function maskAll(value: unknown, paths: readonly string[][]): unknown {
  return paths.reduce((v, p) => maskAt(v, p), value);
}

function redactPatch(patch: Operation[], paths: string[][]): Operation[] {
  if (paths.length === 0) return patch;
  return patch.map((op) => {
    if (!('value' in op)) return op;
    const opPath = pointerSegments(op.path);
    let value: unknown = op.value;
    for (const secret of paths) {
      if (startsWith(opPath, secret)) value = SENSITIVE;
      else if (startsWith(secret, opPath)) value = maskAt(value, secret.slice(opPath.length));
    }
    return { ...op, value } as Operation;
  });
}

/**
 * The one place a redacted plan is made, from a raw one: a copy with every secret value replaced,
 * what every renderer shows and --out saves (published-plan.ts shapes it).
 */
export function redactPlan(plan: RawPlan): RedactedPlan {
  const findings = plan.findings !== undefined || plan.skippedRules !== undefined ? scrubFindings(plan, planSecretValues(plan)) : {};
  return { ...plan, changes: redactedChanges(plan), ...findings } as Plan as RedactedPlan;
}

/**
 * The secret values a raw plan holds in clear: the strings (and numbers, as written) at its
 * `sensitive` pointers, in `before` and `after`. A finding's message comes from code paycfg does
 * not control (a PBO's policy module, a rule quoting a value): what it quotes of them is masked.
 */
export function planSecretValues(plan: Pick<Plan, 'sensitive' | 'changes'>): string[] {
  const found = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') found.add(value);
    else if (typeof value === 'number') found.add(String(value));
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const at = (value: unknown, path: readonly string[]): unknown =>
    path.reduce<unknown>((node, segment) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined), value);
  for (const change of plan.changes) {
    for (const path of secretPaths(plan, change)) {
      collect(at(change.before, path));
      collect(at(change.after, path));
    }
  }
  // A plan read back from a document holds the marker where its secrets were: nothing to look for.
  found.delete(SENSITIVE);
  return [...found];
}

/**
 * The plan's findings and skipped rules with every form of `secrets` masked in the texts that come
 * from outside paycfg's own words: a finding's message and its override's reason, a skipped rule's
 * reason. The ids, packs and addresses are left as they are: they name, they do not quote. Absent
 * fields stay absent; with no secret to look for, the lists are returned as they are.
 */
export function scrubFindings(
  plan: { readonly findings?: readonly Finding[]; readonly skippedRules?: readonly SkippedRule[] },
  secrets: readonly string[],
): { findings?: Finding[]; skippedRules?: SkippedRule[] } {
  const clean = (text: string): string => scrubText(text, secrets);
  const wanted = secrets.some((secret) => secret.length >= 3);
  return {
    ...(plan.findings !== undefined
      ? {
          findings: plan.findings.map((finding) =>
            !wanted
              ? finding
              : {
                  ...finding,
                  message: clean(finding.message),
                  ...(finding.override !== undefined ? { override: { ...finding.override, reason: clean(finding.override.reason) } } : {}),
                },
          ),
        }
      : {}),
    ...(plan.skippedRules !== undefined ? { skippedRules: plan.skippedRules.map((skipped) => (!wanted ? skipped : { ...skipped, reason: clean(skipped.reason) })) } : {}),
  };
}

/** The plan's changes with every secret value replaced, whatever stage the plan is at (a plan's hash is of these). */
export function redactedChanges<C extends Change>(plan: Pick<Plan, 'sensitive'> & { readonly changes: readonly C[] }): C[] {
  return plan.changes.map((change) => {
    const paths = secretPaths(plan, change);
    if (paths.length === 0) return change;
    return {
      ...change,
      before: maskAll(change.before, paths) as Change['before'],
      after: maskAll(change.after, paths) as Change['after'],
      patch: redactPatch(change.patch, paths),
    };
  });
}

/** The secrets long enough to mask, per list the caller keeps passing (see util/scrub's index cache). */
const maskable = new WeakMap<readonly string[], { readonly values: readonly string[]; readonly long: readonly string[] }>();

/**
 * Replaces every occurrence of the given secret strings in free text (error messages from the
 * service), in every encoding util/secret-forms lists. Values under three characters are left
 * alone: masking every "1" would say more than it hides.
 */
export function scrubText(text: string, secrets: readonly string[]): string {
  let cached = maskable.get(secrets);
  if (cached === undefined || cached.values.length !== secrets.length || cached.values.some((v, i) => v !== secrets[i])) {
    cached = { values: [...secrets], long: secrets.filter((secret) => secret.length >= 3) };
    maskable.set(secrets, cached);
  }
  return scrub(text, cached.long, SENSITIVE);
}

/** Whether any string or key inside `value` would be changed by `clean` (a walk that copies nothing). */
function holdsAny(value: unknown, clean: Scrubber): boolean {
  if (typeof value === 'string') return clean(value) !== value;
  if (Array.isArray(value)) return value.some((item) => holdsAny(item, clean));
  if (value !== null && typeof value === 'object') {
    for (const key in value) if (clean(key) !== key || holdsAny((value as Record<string, unknown>)[key], clean)) return true;
  }
  return false;
}

/** `value` with every string (and key) cleaned, copied only along the paths that hold something to clean. */
function scrubDeep(value: unknown, clean: Scrubber): unknown {
  if (!holdsAny(value, clean)) return value;
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, clean));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[clean(key)] = scrubDeep(item, clean);
  return out;
}

/**
 * A copy of the plan with every form of each of `secrets` (the access token) masked wherever it
 * stands: in a live value the service returned, a key, a reason quoting a record. Unlike
 * redactPlan, which masks known secret fields, this looks into every string, so it is only run for
 * values that must never be shown at all. A plan that holds no form of them is returned as it is,
 * not copied.
 */
export function scrubPlan<P extends Plan>(plan: P, secrets: readonly string[]): P {
  const wanted = secrets.filter((secret) => secret.length > 0);
  if (wanted.length === 0) return plan;
  // A mask over every string, at whatever stage the plan is: it stays at that stage.
  return scrubDeep(plan, createScrubber(wanted, SENSITIVE)) as P;
}
