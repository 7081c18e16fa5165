/**
 * paycfg's built-in plan rules (`--policy builtin`, or `pack: builtin` under the manifest's
 * `policies:`), written exactly as a PBO writes a pack, to be copied (examples/policy/ holds a copy
 * that imports its types from 'paycfg/policy'):
 *
 * - the module default-exports a PolicyPack: a name, unique among the packs a run evaluates, and
 *   its rules, each with a stable kebab-case id, a one-line description and a default level;
 * - a rule's check gets the plan (`plan --json`'s document, secrets redacted), the pack's `config:`
 *   and, for a plan made with --env, the environments; and the helpers (PolicyHelpers) as its
 *   second argument. It imports nothing of paycfg at run time;
 * - it returns the violations it finds, `{ message, address? }`, or nothing; it throws on a config
 *   it cannot use (the run then fails, naming the pack and the rule: a policy never passes silently).
 *
 * Default levels, and why:
 * - plan-terminal-reach, overridable: a change that reaches many terminals may be right (a new
 *   contactless limit for a network), but one person signs it off with a reason, which the journal
 *   keeps. The manifest's safety.maxAffectedTerminals remains the hard limit.
 * - plan-default-profile-change, advisory: changing the default profile is ordinary work, but it
 *   decides where every new merchant's automatic binding routes: a reviewer must see it.
 * - plan-delete-with-payments, overridable: a record that took payments in the window is in use;
 *   retiring it is sometimes the point, and then someone says why.
 * - plan-environment-value-leak, mandatory: another environment's host or URL in this one's plan is
 *   never right; the way on is to fix the manifest or the values, not to override.
 */
import type { Change, PolicyHelpers, PolicyInput, PolicyPack, PolicyViolation } from './types.js';

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
  name: 'paycfg/plan-rules',
  rules: [terminalReach, defaultProfileChange, deleteWithPayments, environmentValueLeak],
};

export default planRules;
