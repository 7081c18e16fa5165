import { UsageError } from '../errors.js';
import { closestMatches } from '../manifest/did-you-mean.js';
import { parentOf } from '../kinds/registry.js';
import { addressOf, parseAddress, type Address, type Kind } from '../model/kinds.js';
import { TargetError } from './errors.js';
import { summarise, type RawPlan } from './plan.js';

/** Checks `--target` values: each must be an address `<kind>/<key>`. */
export function parseTargets(values: readonly string[] | undefined): Address[] {
  const targets: Address[] = [];
  for (const value of values ?? []) {
    if (parseAddress(value) === undefined) {
      throw new UsageError(
        `--target "${value}" is not an address; write <kind>/<key> with kind emv, acquirer, merchant, binding or device, e.g. merchant/coffee-001`,
      );
    }
    targets.push(value);
  }
  return targets;
}

/** A binding or device address under a merchant target. */
function isChildOf(address: Address, target: Address): boolean {
  const parent = parseAddress(target);
  const child = parseAddress(address);
  return parent !== undefined && child !== undefined && parentOf(child.kind)?.kind === parent.kind && child.key.startsWith(`${parent.key}/`);
}

/** A merchant target takes its bindings and devices with it. A step or a duplicate code is in scope with its record. */
function inScope(entry: { readonly kind: Kind; readonly key: string }, targets: readonly Address[]): boolean {
  const record = addressOf(entry.kind, entry.key);
  return targets.some((t) => record === t || isChildOf(record, t));
}

/**
 * Limits a plan to the targeted resources and everything they depend on (transitively), like
 * `terraform plan -target`. Returns the plan unchanged without targets.
 */
export function limitToTargets(plan: RawPlan, targets: readonly Address[]): RawPlan {
  if (targets.length === 0) return plan;
  const byAddress = new Map(plan.changes.map((c) => [c.address, c]));
  const keep = new Set<Address>();
  const stack = plan.changes.filter((c) => inScope(c, targets)).map((c) => c.address);
  while (stack.length > 0) {
    const address = stack.pop()!;
    if (keep.has(address)) continue;
    keep.add(address);
    for (const dependency of byAddress.get(address)?.dependsOn ?? []) stack.push(dependency);
  }
  const changes = plan.changes.filter((c) => keep.has(c.address));
  const unmanaged = plan.unmanaged.filter((u) => inScope(u, targets));
  const unreadDevices = (plan.unreadDevices ?? []).filter((u) => inScope({ kind: 'merchant', key: u.merchant }, targets));
  const kept = new Set<Address>([...keep, ...unmanaged.map((u) => u.address)]);
  const warnings = (plan.warnings ?? []).filter((w) => w.address === undefined || kept.has(w.address));
  const blocked = plan.blocked.filter((b) => inScope(b, targets) || keep.has(b.address));
  const { warnings: _all, unreadDevices: _unread, ...rest } = plan;
  return {
    ...rest,
    changes,
    unmanaged,
    ...(unreadDevices.length > 0 ? { unreadDevices } : {}),
    blocked,
    summary: summarise(changes, blocked),
    targets: [...targets],
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/**
 * Refuses targets that name nothing the manifest or the live group holds: a plan limited to such a
 * target would say "No changes", which reads as "that resource matches" when it was misspelt. A
 * target that exists without a change is fine: its plan is empty, and says so. `known` is every
 * address of the desired and live states (and of the plan, for records only it names: a predicted
 * binding, an unkeyed record); unmatched targets are reported together, each with the closest
 * known addresses.
 */
export function checkTargets(targets: readonly Address[], known: ReadonlySet<Address>, renamed: ReadonlyMap<Address, Address> = new Map()): void {
  const unmatched = targets.filter((t) => !known.has(t));
  if (unmatched.length === 0) return;
  const lines = unmatched.map((target) => {
    // Within a third of the key, as a misspelt key would be (the kind is one word of five), at least 2 edits.
    const limit = Math.max(2, Math.floor((parseAddress(target)?.key.length ?? target.length) / 3));
    const close = closestMatches(target, known, 3, limit);
    // An address a moved: entry renames: the record is planned under its new one.
    const now = renamed.get(target);
    const hint =
      now !== undefined
        ? `moved: renames it to ${now}: target that`
        : close.length === 0
          ? 'no known address is close to it'
          : `did you mean ${close.join(', ')}?`;
    return { target, close, line: `--target ${target} matches no resource of the manifest or of the live group; ${hint}` };
  });
  throw new TargetError(
    `${lines.map((l) => l.line).join('\n')}\nNothing was planned. \`paycfg plan\` without --target lists the addresses of every change.`,
    { targets: unmatched, suggestions: Object.fromEntries(lines.map((l) => [l.target, l.close])) },
  );
}
