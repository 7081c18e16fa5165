import type { ManifestPath } from '../manifest/index.js';
import { variablePart } from './secret-variables.js';

/**
 * Names for what the two-environment export writes into the environments file. A field that
 * differs between the environments becomes `${NAME}` in the shared manifest, NAME derived from the
 * record's address and the field's path, so that a reviewer reading the environments file knows
 * which record each value belongs to: `acquirer/host-a` `connUrl` → `ACQUIRER_HOST_A_CONN_URL`.
 */

/** A variable name a manifest can refer to (`${NAME}`): letters, digits and `_`, not starting with a digit. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `notifyUrl` → `NOTIFY_URL`, `host-a` → `HOST_A`, `01` → `01`. */
function namePart(segment: string | number): string {
  return variablePart(String(segment).replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

/**
 * The readable name of a field of a record: the kind (so that a name always starts with a letter,
 * and an acquirer and a merchant of one name do not meet), the key, the field's path.
 */
export function valueNameFor(address: string, field: ManifestPath): string {
  const slash = address.indexOf('/');
  const kind = address.slice(0, slash);
  const key = address.slice(slash + 1);
  return [kind, key, ...field].map(namePart).join('_').replace(/_+/g, '_').replace(/_$/, '');
}

/**
 * Hands out names no environment declares and no manifest uses: the readable name when it is
 * free, else the same with `_2`, `_3`… The order of the calls decides the suffixes, so callers ask
 * in a stable order (by address, then field).
 */
export class ValueNames {
  private readonly taken: Set<string>;

  constructor(taken: Iterable<string>) {
    this.taken = new Set(taken);
  }

  claim(wanted: string): string {
    let name = NAME.test(wanted) ? wanted : `V_${wanted}`;
    const base = name;
    for (let counter = 2; this.taken.has(name); counter++) name = `${base}_${counter}`;
    this.taken.add(name);
    return name;
  }
}

/**
 * The process variable an environment reads a secret from: the environment's name in front of the
 * manifest's variable (`PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1` → `PRODUCTION_PAYCFG_DEVICE_ADMIN_CAFE_001_TILL_1`),
 * so that one CI job holding both environments' secrets never hands one's to the other.
 */
export function secretSourceName(environment: string, variable: string): string {
  return `${variablePart(environment)}_${variable}`;
}

/** The variable of a value written exactly `${NAME}` (no default, nothing around it); undefined otherwise. */
export function wholeReference(template: string): string | undefined {
  const match = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(template);
  return match?.[1];
}
