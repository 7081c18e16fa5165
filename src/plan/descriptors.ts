import { KIND_MODULES } from '../kinds/registry.js';
import type { FieldDescriptor } from '../kinds/derive.js';
import type { Kind } from '../model/kinds.js';

/**
 * What paycfg knows about each field of each kind, as data: how to compare it, whether a change
 * forces a replacement, whether it is secret. The diff engine reads this and nothing else. It is
 * derived from the field facts each kind's module declares (src/kinds/): a new field is declared
 * there, once.
 */
export type { Comparison } from '../kinds/field-facts.js';
export type { FieldDescriptor } from '../kinds/derive.js';

export type KindDescriptor = Readonly<Record<string, FieldDescriptor>>;

const exact: FieldDescriptor = { compare: 'exact' };

export const DESCRIPTORS: Readonly<Record<Kind, KindDescriptor>> = Object.fromEntries(KIND_MODULES.map((module) => [module.kind, module.descriptors])) as Record<
  Kind,
  KindDescriptor
>;

export function fieldDescriptor(kind: Kind, field: string): FieldDescriptor {
  return DESCRIPTORS[kind][field] ?? exact;
}
