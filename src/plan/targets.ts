import { UsageError } from '../errors.js';
import { parseAddress, type Address } from '../model/kinds.js';
import { baseAddress } from '../model/pointers.js';
import { summarise, type Plan } from './plan.js';

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
  return parent?.kind === 'merchant' && (child?.kind === 'binding' || child?.kind === 'device') && child.key.startsWith(`${parent.key}/`);
}

/** A merchant target takes its bindings and devices with it. */
function inScope(address: Address, targets: readonly Address[]): boolean {
  const base = baseAddress(address);
  return targets.some((t) => base === t || isChildOf(base, t));
}

/**
 * Limits a plan to the targeted resources and everything they depend on (transitively), like
 * `terraform plan -target`. Returns the plan unchanged without targets.
 */
export function limitToTargets(plan: Plan, targets: readonly Address[]): Plan {
  if (targets.length === 0) return plan;
  const byAddress = new Map(plan.changes.map((c) => [c.address, c]));
  const keep = new Set<Address>();
  const stack = plan.changes.filter((c) => inScope(c.address, targets)).map((c) => c.address);
  while (stack.length > 0) {
    const address = stack.pop()!;
    if (keep.has(address)) continue;
    keep.add(address);
    for (const dependency of byAddress.get(address)?.dependsOn ?? []) stack.push(dependency);
  }
  const changes = plan.changes.filter((c) => keep.has(c.address));
  return {
    ...plan,
    changes,
    unmanaged: plan.unmanaged.filter((u) => inScope(u.address, targets)),
    blocked: plan.blocked.filter((b) => inScope(b.address, targets) || keep.has(b.address)),
    summary: summarise(changes),
  };
}
