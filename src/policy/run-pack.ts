import { z } from 'zod';
import { POLICY_LEVELS, type PolicyLevel } from '../findings/types.js';
import { PolicyModuleError } from './errors.js';
import type { PolicyHelpers, PolicyInput, PolicyViolation } from './types.js';

/**
 * One pack run over one plan: its shape checked, each rule's check called (those a level turns
 * `off` are not), and what each returns checked. Shared by paycfg's process (the built-in pack) and
 * the policy worker (a PBO's modules), so that both fail the same way, closed: anything but a pack
 * of the documented shape returning lists of violations is a PolicyModuleError naming the module
 * and the rule.
 */

/** Stable rule ids, kebab case: what `levels:` and `--override` name. */
const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const ruleSchema = z.looseObject({
  id: z.string().regex(RULE_ID, { error: 'a rule id is kebab case (lower-case letters, digits and -)' }),
  description: z.string().trim().min(1, { error: 'a rule needs a one-line description' }),
  level: z.enum(POLICY_LEVELS as [PolicyLevel, ...PolicyLevel[]]).optional(),
  check: z.custom<(...args: unknown[]) => unknown>((value) => typeof value === 'function', { error: 'check must be a function (input, helpers) => violations' }),
});

const packSchema = z.looseObject({
  name: z.string().trim().min(1, { error: 'a pack needs a name' }),
  rules: z.array(ruleSchema, { error: 'rules must be a list of rules' }),
});

const violationsSchema = z.array(
  z.strictObject({
    message: z.string().trim().min(1, { error: 'message must be a non-empty string' }),
    address: z.string().min(1).optional(),
  }),
);

/** A rule as a run reports it: what the pack says of it. */
export interface RanRule {
  readonly id: string;
  readonly description: string;
  readonly level?: PolicyLevel;
}

/** What one pack found: its name, its rules (those that ran), and each violation with its rule. */
export interface PackRun {
  readonly name: string;
  readonly rules: readonly RanRule[];
  readonly violations: readonly (PolicyViolation & { readonly rule: string })[];
}

/** How the run is to treat the pack: the levels the manifest sets (`off` rules are not run). */
export interface PackSettings {
  readonly levels?: Readonly<Record<string, PolicyLevel | 'off'>>;
}

/**
 * Runs a pack's rules, one after the other, over `input`. `exported` is the module's default
 * export; `module` names it in every error.
 */
export async function runPack(exported: unknown, input: PolicyInput, helpers: PolicyHelpers, settings: PackSettings, module: string): Promise<PackRun> {
  if (exported === undefined) throw new PolicyModuleError(module, 'it has no default export: export default a pack ({ name, rules: [{ id, description, check }] })');
  const parsed = packSchema.safeParse(exported);
  if (!parsed.success) throw new PolicyModuleError(module, `its default export is not a policy pack (${issueText(parsed.error)})`);
  const pack = parsed.data;
  const ids = new Set<string>();
  for (const rule of pack.rules) {
    if (ids.has(rule.id)) throw new PolicyModuleError(module, `rule id ${rule.id} is used twice in pack ${pack.name}; each rule needs its own id`);
    ids.add(rule.id);
  }
  const levels = settings.levels ?? {};
  for (const named of Object.keys(levels)) {
    if (!ids.has(named)) throw new PolicyModuleError(module, `levels names rule ${named}, which pack ${pack.name} does not have (its rules: ${[...ids].join(', ') || 'none'})`);
  }
  const rules: RanRule[] = [];
  const violations: (PolicyViolation & { rule: string })[] = [];
  for (const rule of pack.rules) {
    if (levels[rule.id] === 'off') continue;
    rules.push({ id: rule.id, description: rule.description, ...(rule.level !== undefined ? { level: rule.level } : {}) });
    for (const violation of await runRule(rule, input, helpers, module)) violations.push({ rule: rule.id, ...violation });
  }
  return { name: pack.name, rules, violations };
}

async function runRule(rule: z.output<typeof ruleSchema>, input: PolicyInput, helpers: PolicyHelpers, module: string): Promise<readonly PolicyViolation[]> {
  let returned: unknown;
  try {
    returned = rule.check(input, helpers);
  } catch (error) {
    throw new PolicyModuleError(module, `rule ${rule.id} threw: ${describeThrown(error)}`, { rule: rule.id });
  }
  if (isThenable(returned)) {
    try {
      returned = await returned;
    } catch (error) {
      throw new PolicyModuleError(module, `rule ${rule.id} rejected: ${describeThrown(error)}`, { rule: rule.id });
    }
  }
  if (returned === undefined) return [];
  const parsed = violationsSchema.safeParse(returned);
  if (!parsed.success) {
    throw new PolicyModuleError(module, `rule ${rule.id} returned ${shapeOf(returned)}, not a list of violations ({ message, address? }): ${issueText(parsed.error)}`, { rule: rule.id });
  }
  return parsed.data;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';
}

/** What a check threw, in one line: an error's message, anything else as it reads. */
export function describeThrown(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : typeof error === 'string' ? error : safeJson(error);
  const line = text.split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** A value's shape in a few words, for a message about garbage: never the value itself, which may be large. */
function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const at = issue.path.length > 0 ? `at ${issue.path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('').replace(/^\./, '')}: ` : '';
  return `${at}${issue.message}`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
