/**
 * The `skipRules` of every entry name built-in payment rules that check entries of the entry's kind:
 * an unknown id is refused with the closest id, a rule of another kind with the kind it checks. The
 * shape of an item (a rule and a non-empty reason) is the model's (kinds/kind-module.ts).
 */
import type { AnyKindModule } from '../kinds/kind-module.js';
import { childrenOf, TOP_LEVEL_KINDS, type Kind } from '../kinds/registry.js';
import { KIND_PLURAL } from '../model/kinds.js';
import { paymentRule, PAYMENT_RULES, rulesOfKind } from '../rules/catalogue.js';
import { didYouMean } from './did-you-mean.js';
import type { ManifestPath } from './diagnostics.js';

type Entry = Readonly<Record<string, unknown>> | undefined;

/** Reports each skipped rule an entry cannot skip, at the rule's id. */
export function checkSkipRules(
  manifest: Readonly<Record<string, unknown>>,
  report: (path: ManifestPath, text: string) => void,
  isSecret: (path: ManifestPath) => boolean,
): void {
  const visit = (module: AnyKindModule, entry: Entry, path: ManifestPath): void => {
    if (entry === undefined) return;
    const items = entry['skipRules'] as readonly { readonly rule: string }[] | undefined;
    items?.forEach((item, index) => {
      const at = [...path, 'skipRules', index, 'rule'];
      const problem = skipProblem(item.rule, module.kind as Kind, isSecret(at));
      if (problem !== undefined) report(at, problem);
    });
    for (const child of childrenOf(module)) {
      (entry[child.manifest.list] as readonly Entry[] | undefined)?.forEach((item, index) => visit(child, item, [...path, child.manifest.list, index]));
    }
  };
  for (const module of TOP_LEVEL_KINDS) {
    (manifest[module.manifest.list] as readonly Entry[] | undefined)?.forEach((entry, index) => visit(module, entry, [module.manifest.list, index]));
  }
}

function skipProblem(id: string, kind: Kind, secret: boolean): string | undefined {
  const rule = paymentRule(id);
  if (rule === undefined) {
    const own = rulesOfKind(kind).map((r) => r.id);
    const hint = secret ? '' : didYouMean(id, own) || didYouMean(id, PAYMENT_RULES.map((r) => r.id));
    return `${secret ? '<secret value>' : JSON.stringify(id)} is no built-in payment rule${hint}; the rules of ${KIND_PLURAL[kind]}: ${own.join(', ') || 'none'} (docs/rules.md)`;
  }
  if (rule.kind !== kind) return `rule ${id} checks ${KIND_PLURAL[rule.kind]}, not ${KIND_PLURAL[kind]}: skip it on the entry it reports on`;
  return undefined;
}
