import type { AcquirerFields, BindingFields, EmvFields } from '../model/state.js';

/**
 * The manifest's cross-entry rules (see manifest/cross-checks.ts), asked of live records before they
 * are written. The service lets some of them drift apart (profile changes never rewrite bindings,
 * a binding can shrink under a device), and an export that wrote such records as they are would
 * not validate. The builder leaves out, or writes commented out, whatever these checks name.
 */

/** The group's EMV configs and profiles by name, as live. */
export interface Catalogue {
  readonly emvs: ReadonlyMap<string, EmvFields>;
  readonly profiles: ReadonlyMap<string, AcquirerFields>;
}

/** What a merchant's managed bindings route: its devices may only use these. */
export interface Bound {
  readonly methods: ReadonlySet<string>;
  readonly profiles: ReadonlySet<string>;
}

/**
 * Why the binding cannot be written as a manifest entry; empty when it can. `routes` collects
 * (currency, method) → profile over the merchant's bindings, since one route has one profile.
 */
export function bindingProblems(binding: BindingFields, routes: Map<string, string>, catalogue: Catalogue): string[] {
  const where = `the binding to ${binding.acquirer} in ${binding.currency}`;
  const profile = catalogue.profiles.get(binding.acquirer);
  if (profile === undefined) return [`${where} names an acquirer profile the group does not list`];
  const methods = Object.entries(binding.methods ?? {});
  if (methods.length === 0) return [`${where} routes no payment method`];
  const problems: string[] = [];
  for (const [code, { emvs }] of methods) {
    if (profile.methods?.[code] === undefined) problems.push(`${where} routes method ${code}, which the profile does not have`);
    for (const emv of emvs) {
      const config = catalogue.emvs.get(emv);
      if (config === undefined) problems.push(`${where} uses EMV config ${emv}, which the group does not list`);
      else if (config.paymentMethod !== code) problems.push(`${where} uses EMV config ${emv} (method ${config.paymentMethod}) for method ${code}`);
    }
    const route = `${binding.currency}/${code}`;
    const other = routes.get(route);
    if (other !== undefined) problems.push(`method ${code} in ${binding.currency} is routed through both ${other} and ${binding.acquirer}`);
    else routes.set(route, binding.acquirer);
  }
  return problems;
}

/** Why the device's acquirerFields cannot be written, or undefined when they can. */
export function acquirerFieldsProblem(
  acquirerFields: Readonly<Record<string, Record<string, string>>> | undefined,
  bound: Bound | undefined,
  catalogue: Catalogue,
): string | undefined {
  for (const [profileName, values] of Object.entries(acquirerFields ?? {})) {
    const profile = catalogue.profiles.get(profileName);
    if (profile === undefined) return `they name acquirer profile ${profileName}, which the group does not list`;
    if (bound !== undefined && !bound.profiles.has(profileName)) return `acquirer profile ${profileName} is not bound for the merchant`;
    // Without enablerParams the group-level list applies, which the manifest checks do not know either.
    const expected = profile.enablerParams ?? [];
    const given = Object.keys(values);
    if (expected.length > 0 && (given.length !== expected.length || !expected.every((field) => given.includes(field)))) {
      return `the fields for ${profileName} (${given.join(', ')}) differ from its enablerParams (${expected.join(', ')})`;
    }
  }
  return undefined;
}
