/**
 * Reading the kinds' `references` facts (kinds/kind-module.ts ReferenceFact): the names a record's
 * fields give of other records, and which kinds others hold in use. The planner's ordering,
 * in-use blocking, replacement detach and renames, and what a change reaches, all read them here.
 */
import type { MethodsMap } from '../model/state.js';
// Through model/kinds, as the planner's other address computations (test/bench/planning-scaling.test.ts counts them there).
import { addressOf, type Address } from '../model/kinds.js';
import type { ReferenceFact } from './kind-module.js';
import { KIND_MODULES, parentOf, type Kind } from './registry.js';

const REFERENCES = new Map<Kind, readonly ReferenceFact[]>(KIND_MODULES.map((module) => [module.kind, module.references ?? []]));
const OWNER = new Map<Kind, Kind | undefined>(KIND_MODULES.map((module) => [module.kind, parentOf(module.kind)?.kind as Kind | undefined]));
const IN_USE = new Map<Kind, readonly ReferenceFact[]>(KIND_MODULES.map((module) => [module.kind, (module.references ?? []).filter((ref) => ref.inUse === true)]));
const HELD_IN_USE = new Set<Kind>(KIND_MODULES.flatMap((module) => (module.references ?? []).filter((ref) => ref.inUse === true).map((ref) => ref.to)));

/** The kind's references, in the order plans visit them. */
export function referencesFrom(kind: Kind): readonly ReferenceFact[] {
  return REFERENCES.get(kind)!;
}

/** The kind's references that hold what they name in use. */
export function inUseReferencesFrom(kind: Kind): readonly ReferenceFact[] {
  return IN_USE.get(kind)!;
}

/** The reference through which records of `user` name records of `named`, if any (a kind names another through one field at most). */
export function referenceTo(user: Kind, named: Kind): ReferenceFact | undefined {
  return REFERENCES.get(user)!.find((ref) => ref.to === named);
}

/** Whether some kind holds records of this kind in use: the service refuses their delete while one names them. */
export function isHeldInUse(kind: Kind): boolean {
  return HELD_IN_USE.has(kind);
}

/** Hands `visit` each name a reference's field value holds (a name may come twice). */
export function forEachName(ref: ReferenceFact, value: unknown, visit: (name: string) => void): void {
  if (ref.holds === 'value') {
    if (typeof value === 'string') visit(value);
    return;
  }
  if (value === undefined || value === null || typeof value !== 'object') return;
  if (ref.holds === 'keys') {
    for (const name of Object.keys(value)) visit(name);
    return;
  }
  for (const entry of Object.values(value as MethodsMap)) for (const name of entry.emvs) visit(name);
}

/** Whether a reference's field value names `name`. */
export function names(ref: ReferenceFact, value: unknown, name: string): boolean {
  let found = false;
  forEachName(ref, value, (n) => void (found ||= n === name));
  return found;
}

/**
 * A reference's field value with one name changed to another: the value itself, the object's key
 * (its entry kept in place), or the name in every method's list.
 */
export function renamed(ref: ReferenceFact, value: unknown, from: string, to: string): unknown {
  if (ref.holds === 'value') return value === from ? to : value;
  const object = value as Readonly<Record<string, unknown>>;
  if (ref.holds === 'keys') return Object.fromEntries(Object.entries(object).map(([name, entry]) => [name === from ? to : name, entry]));
  return Object.fromEntries(Object.entries(value as MethodsMap).map(([code, entry]) => [code, { ...entry, emvs: entry.emvs.map((name) => (name === from ? to : name)) }]));
}

/**
 * The addresses a record's fields name, handed to `visit` one by one (one may come twice): its
 * owner first (a child names its parent), then each reference in the order its kind declares them.
 */
export function forEachReference(kind: Kind, fields: Readonly<Record<string, unknown>> | null, owner: string | undefined, visit: (ref: Address) => void): void {
  if (fields === null) return;
  const parent = OWNER.get(kind);
  if (owner !== undefined && parent !== undefined) visit(addressOf(parent, owner));
  for (const ref of REFERENCES.get(kind)!) {
    const value = fields[ref.field];
    if (value !== undefined) forEachName(ref, value, (name) => visit(addressOf(ref.to, name)));
  }
}

/**
 * How a user lets go of a record it names in a field it can edit: the reference's `detach`. Only a
 * methods map's EMV lists can be edited that way; any other reference that holds records in use is
 * part of its user's key (the user is made again), as the kinds' tests check.
 */
export function detachOf(ref: ReferenceFact): NonNullable<ReferenceFact['detach']> {
  if (ref.holds !== 'method-emvs' || ref.detach === undefined) throw new Error(`the ${ref.field} reference to ${ref.to} holds it in use with neither a key nor a detach`);
  return ref.detach;
}
