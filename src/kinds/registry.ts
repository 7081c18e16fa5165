/**
 * The kinds paycfg manages, in dependency order (creates and updates run top-down, deletes
 * bottom-up):
 *
 *     emv ──▶ acquirer ──▶ merchant ──▶ binding ──▶ device
 *      (profiles name EMV configs; bindings name profiles and EMV configs;
 *       devices need their merchant's bindings for the provisioning push)
 *
 * Generic code (the manifest model, desired and live state, the record check, the wire bodies'
 * callers, export, the schemas and docs generators) iterates this list instead of naming kinds.
 * A kind written inside another's entries (a merchant's bindings and devices) is that kind's child.
 */
import { acquirer } from './acquirer.js';
import { binding } from './binding.js';
import { device } from './device.js';
import { emv } from './emv.js';
import type { AnyKindModule } from './kind-module.js';
import { merchant } from './merchant.js';

/**
 * The kinds by name, in dependency order. Kept apart from the modules so that the types the
 * modules use (model/state.ts) can name a kind without depending on the modules' own types.
 */
export const KIND_NAMES = ['emv', 'acquirer', 'merchant', 'binding', 'device'] as const;
export type Kind = (typeof KIND_NAMES)[number];

type InOrder<T extends readonly string[]> = { readonly [I in keyof T]: { readonly kind: T[I] } };

/** The modules, in the order of KIND_NAMES (the type says so). */
export const KIND_MODULES = [emv, acquirer, merchant, binding, device] as const satisfies InOrder<typeof KIND_NAMES>;

export type KindModules = (typeof KIND_MODULES)[number];
/** The module of one kind, by name. */
export type KindModuleOf<K extends Kind> = Extract<KindModules, { kind: K }>;

const BY_KIND = new Map<string, AnyKindModule>(KIND_MODULES.map((module) => [module.kind, module]));

export function kindModule<K extends Kind>(kind: K): KindModuleOf<K> {
  return BY_KIND.get(kind) as KindModuleOf<K>;
}

/** Each kind's dependency level: its place in KIND_MODULES. */
export function kindLevel(kind: Kind): number {
  return KIND_MODULES.findIndex((module) => module.kind === kind);
}

const PARENT = new Map<string, AnyKindModule>();
for (const module of KIND_MODULES as readonly AnyKindModule[]) for (const child of module.children ?? []) PARENT.set((child as AnyKindModule).kind, module);

/** The kind whose entries hold this kind's, if any. */
export function parentOf(kind: Kind): AnyKindModule | undefined {
  return PARENT.get(kind);
}

/** The kinds written at the manifest's top level, in order. */
export const TOP_LEVEL_KINDS: readonly AnyKindModule[] = (KIND_MODULES as readonly AnyKindModule[]).filter((module) => !PARENT.has(module.kind));

/** Whether records of the kind hold others' (a merchant its bindings and devices). */
export function hasChildren(kind: Kind): boolean {
  return childrenOf(kindModule(kind)).length > 0;
}

/** The kinds written inside a kind's entries. */
export function childrenOf(module: AnyKindModule): readonly AnyKindModule[] {
  return (module.children ?? []) as readonly AnyKindModule[];
}
