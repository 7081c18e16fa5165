/**
 * The records of one kind, typed as that kind's: how a rule that ties given kinds together (the
 * automatic binding, settlement routing, the saved plan's scope) picks their records, without a
 * branch on the kind's name and without a cast.
 */
import type { DesiredResource, LiveResource } from '../model/state.js';
import type { Kind } from './registry.js';

/** `R` narrowed to kind `K`: a live or desired resource gets that kind's fields. */
export type OfKind<R, K extends Kind> = R extends LiveResource
  ? LiveResource<K> & Omit<R, keyof LiveResource>
  : R extends DesiredResource
    ? DesiredResource<K> & Omit<R, keyof DesiredResource>
    : R & { readonly kind: K };

/** The items of kind `kind`, in their order. */
export function ofKind<R extends { readonly kind: Kind }, K extends Kind>(items: Iterable<R>, kind: K): OfKind<R, K>[] {
  const out: OfKind<R, K>[] = [];
  for (const item of items) if (item.kind === kind) out.push(item as unknown as OfKind<R, K>);
  return out;
}
