/**
 * The built-in payment rules, each kind's from its module's side (src/kinds/<kind>.rules.ts), in the
 * registry's order of kinds. Ids are stable: a manifest's `skipRules` names them.
 */
import { ACQUIRER_RULES } from '../kinds/acquirer.rules.js';
import { BINDING_RULES } from '../kinds/binding.rules.js';
import { DEVICE_RULES } from '../kinds/device.rules.js';
import { EMV_RULES } from '../kinds/emv.rules.js';
import { MERCHANT_RULES } from '../kinds/merchant.rules.js';
import type { Kind } from '../kinds/registry.js';
import type { RuleDescriptor } from '../findings/types.js';
import { PAYMENT_RULES_PACK, type PaymentRule } from './types.js';

export const PAYMENT_RULES: readonly PaymentRule[] = [...EMV_RULES, ...ACQUIRER_RULES, ...MERCHANT_RULES, ...BINDING_RULES, ...DEVICE_RULES];

const BY_ID: ReadonlyMap<string, PaymentRule> = new Map(PAYMENT_RULES.map((rule) => [rule.id, rule]));

const BY_KIND = new Map<Kind, PaymentRule[]>();
for (const rule of PAYMENT_RULES) {
  const list = BY_KIND.get(rule.kind) ?? [];
  list.push(rule);
  BY_KIND.set(rule.kind, list);
}

export function paymentRule(id: string): PaymentRule | undefined {
  return BY_ID.get(id);
}

/** The rules that check entries of a kind, in the catalogue's order. */
export function rulesOfKind(kind: Kind): readonly PaymentRule[] {
  return BY_KIND.get(kind) ?? [];
}

/** Every rule as reports describe it (SARIF's rule list, JUnit's cases). */
export const PAYMENT_RULE_DESCRIPTORS: readonly RuleDescriptor[] = PAYMENT_RULES.map((rule) => ({
  id: rule.id,
  pack: PAYMENT_RULES_PACK,
  title: rule.title,
  level: rule.severity,
}));
