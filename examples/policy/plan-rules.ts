/**
 * A policy pack in TypeScript: paycfg's built-in plan rules (src/policy/builtin-pack.ts), as a
 * starting point for your own. Copy this file into your repository, rename the pack (`name`: unique
 * among the packs a run evaluates, e.g. `acme/plan-rules`) and its rules, and name it in the
 * manifest, relative to the manifest file:
 *
 *     policies:
 *       - pack: ./policies/plan-rules.ts
 *         levels: { plan-terminal-reach: mandatory }   # the manifest's level wins over the pack's
 *         config: { maxTerminals: 250 }
 *
 * or for one run: `paycfg plan -f paycfg.yaml --policy ./policies/plan-rules.ts`.
 *
 * How a pack works (docs/policy.md has it all):
 * - it default-exports a PolicyPack: its name and rules; each rule has a stable kebab-case id, a
 *   one-line description, a default level (advisory: shown; mandatory: blocks the apply;
 *   overridable: blocks it unless `apply --override RULE=REASON`, which the journal records);
 * - a rule's check gets `{ plan, config, environment }` (the plan as `paycfg plan --json` prints it,
 *   docs/plan-json-reference.md; secret values are `(sensitive)`) and the helpers as its second argument, and
 *   returns its violations `{ message, address? }`, or nothing; it may be async;
 * - it imports nothing of paycfg at run time: `import type` only. A TypeScript pack is loaded with
 *   tsx (a dependency of paycfg; the GitHub Action's bundle needs tsx installed in your repository,
 *   or the pack compiled to JavaScript);
 * - it runs in a worker thread, with a time limit (10 s), and an empty process environment. A pack
 *   that throws, never returns or returns anything but a list of violations fails the run: nothing
 *   is let through silently.
 */
import type { Change, PolicyHelpers, PolicyInput, PolicyPack, PolicyViolation } from 'paycfg/policy';

const DEFAULT_MAX_TERMINALS = 100;
/** Shorter values (a currency code, `true`) are shared by every environment by chance, not leaked. */
const DEFAULT_MIN_LEAK_LENGTH = 6;

function wholeNumber(config: PolicyInput['config'], name: string, fallback: number): number {
  const value = config[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`config.${name} must be a whole number, 0 or more; got ${JSON.stringify(value)}`);
  return value;
}

function doing(change: Change): string {
  return change.action === 'replace' ? 'replacing' : change.action === 'delete' ? 'deleting' : change.action === 'create' ? 'creating' : 'updating';
}

const terminalReach = {
  id: 'plan-terminal-reach',
  description: 'A change reaches more live terminals than config.maxTerminals (default 100): the blast radius of a mistake',
  level: 'overridable',
  check({ config }: PolicyInput, helpers: PolicyHelpers): PolicyViolation[] {
    const max = wholeNumber(config, 'maxTerminals', DEFAULT_MAX_TERMINALS);
    const out: PolicyViolation[] = [];
    for (const change of helpers.changes()) {
      const reached = helpers.terminalsReached(change);
      if (reached.count <= max) continue;
      out.push({
        address: helpers.recordAddress(change),
        message: `${doing(change)} it reaches ${reached.count}${reached.known ? '' : ' or more'} live terminals, more than ${max}`,
      });
    }
    return out;
  },
} as const;

const defaultProfileChange = {
  id: 'plan-default-profile-change',
  description: 'A change to the default acquirer profile (it is, becomes or stops being the default): where new merchants route',
  level: 'advisory',
  check(_input: PolicyInput, helpers: PolicyHelpers): PolicyViolation[] {
    const out: PolicyViolation[] = [];
    for (const change of helpers.changes({ kind: 'acquirer' })) {
      const flag = helpers.field(change, 'asDefault');
      const was = flag.before === true;
      const is = flag.after === true;
      if (!was && !is) continue;
      const message =
        change.action === 'delete'
          ? 'deletes the default profile: its acqType has no default until another profile is made one'
          : change.action === 'create'
            ? 'creates a profile as the default: the service takes the flag from the current default, and new merchants route through this one'
            : !was
              ? 'makes this profile the default: the service takes the flag from the current default, and new merchants route through this one'
              : !is
                ? 'this profile stops being the default: its acqType has no default until another profile is made one'
                : `${doing(change)} the default profile (${changedFields(change).join(', ') || 'no field'}): new merchants route through it`;
      out.push({ address: helpers.recordAddress(change), message });
    }
    return out;
  },
} as const;

/** The top-level fields a change's patch touches. */
function changedFields(change: Change): string[] {
  return [...new Set(change.patch.map((operation) => operation.path.split('/')[1] ?? '').filter((field) => field !== ''))];
}

/** The words for the kinds this rule reads, as a reviewer says them. */
const GUARDED: Readonly<Partial<Record<Change['kind'], string>>> = { acquirer: 'profile', merchant: 'merchant' };

const deleteWithPayments = {
  id: 'plan-delete-with-payments',
  description: 'A delete or replacement of an acquirer profile or merchant that took payments in the impact window',
  level: 'overridable',
  check(_input: PolicyInput, helpers: PolicyHelpers): PolicyViolation[] {
    const out: PolicyViolation[] = [];
    for (const change of helpers.changes({ kind: Object.keys(GUARDED) as Change['kind'][], action: ['delete', 'replace'] })) {
      const traffic = helpers.payments(change);
      if (traffic === undefined || traffic.count === 0) continue;
      const amounts = Object.entries(traffic.amounts).map(([currency, amount]) => `${amount} ${currency}`).join(', ');
      const window = traffic.window !== undefined ? ` in the last ${traffic.window}` : ' in the impact window';
      out.push({
        address: helpers.recordAddress(change),
        message: `${doing(change)} a ${GUARDED[change.kind] ?? change.kind} that took ${traffic.count} payment${traffic.count === 1 ? '' : 's'}${window}${amounts !== '' ? ` (${amounts})` : ''}${traffic.last !== null ? `, the latest at ${traffic.last}` : ''}`,
      });
    }
    return out;
  },
} as const;

const environmentValueLeak = {
  id: 'plan-environment-value-leak',
  description: "Another environment's literal value (an acquirer host, a notify URL) in a value this plan writes: plans made with --env only",
  level: 'mandatory',
  check({ environment, config }: PolicyInput, helpers: PolicyHelpers): PolicyViolation[] {
    if (environment === undefined) return [];
    const minLength = wholeNumber(config, 'minLeakLength', DEFAULT_MIN_LEAK_LENGTH);
    const own = new Set(Object.values(environment.values));
    // A value this environment has too is shared, not leaked.
    const foreign: { environment: string; name: string; value: string }[] = [];
    for (const other of environment.others) {
      for (const [name, value] of Object.entries(other.values)) if (value.length >= minLength && !own.has(value)) foreign.push({ environment: other.name, name, value });
    }
    if (foreign.length === 0) return [];
    const out: PolicyViolation[] = [];
    for (const change of helpers.changes()) {
      if (change.after === null) continue;
      for (const { path, value } of helpers.afterStrings(change)) {
        for (const leak of foreign) {
          if (!value.includes(leak.value)) continue;
          out.push({ address: helpers.recordAddress(change), message: `${path.join('.')} holds ${leak.value}, the value of \${${leak.name}} in environment ${leak.environment}, not ${environment.name}` });
        }
      }
    }
    return out;
  },
} as const;

const planRules: PolicyPack = {
  // Rename it: two packs of one name (this one beside `builtin`) fail the run.
  name: 'example/plan-rules',
  rules: [terminalReach, defaultProfileChange, deleteWithPayments, environmentValueLeak],
};

export default planRules;
