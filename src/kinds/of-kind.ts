/**
 * The records of one kind, typed as that kind's: how a rule that ties given kinds together (the
 * automatic binding, settlement routing, the saved plan's scope) picks their records, without a
 * branch on the kind's name and without a cast.
 */
import { InternalError } from '../errors.js';
import type { DesiredResource, FieldsByKind, LiveResource } from '../model/state.js';
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

/**
 * A change's fields before or after it, as its kind's fields: what a kind's operations write from.
 * A change of another kind, or without that side (a create has no before, a delete no after), is a
 * bug in the caller, not a state of the service.
 */
export function changeFields<K extends Kind>(
  change: { readonly kind: Kind; readonly address: string; readonly before: object | null; readonly after: object | null },
  kind: K,
  side: 'before' | 'after' = 'after',
): FieldsByKind[K] {
  const fields = change[side];
  if (change.kind !== kind || fields === null) throw new InternalError(`${change.address}: no ${kind} fields ${side} the change`);
  return fields as FieldsByKind[K];
}

/** A resource's fields as its kind's, checked: a resource of another kind is a bug in the caller. */
export function fieldsOfKind<K extends Kind>(resource: { readonly kind: Kind; readonly key: string; readonly fields: object }, kind: K): FieldsByKind[K] {
  if (resource.kind !== kind) throw new InternalError(`${resource.kind} "${resource.key}" read as a ${kind}`);
  return resource.fields as FieldsByKind[K];
}
