/**
 * The facts the planner, renderers and validate read from the kind modules instead of branching
 * on a kind's name: what each kind says, and what is derived from it.
 */
import { describe, expect, it } from 'vitest';
import { hasChildren, KIND_MODULES, parentOf } from '../../src/kinds/registry.js';
import { movedAddressProblem } from '../../src/manifest/moved-address.js';

const byKind = <T>(pick: (module: (typeof KIND_MODULES)[number]) => T): Record<string, T> => Object.fromEntries(KIND_MODULES.map((module) => [module.kind, pick(module)]));

describe('kind facts', () => {
  it('a move writes the key field only where the key is not one of the fields the record holds', () => {
    expect(byKind((module) => module.movedKeyField ?? null)).toEqual({ emv: null, acquirer: 'profileName', merchant: 'providerReference', binding: null, device: null });
  });

  it('only the kinds with a move form may be moved, and a child kind needs its parent in the key', () => {
    for (const module of KIND_MODULES) {
      const problem = movedAddressProblem(`${module.kind}/a/b`);
      if (module.moves !== undefined && 'form' in module.moves) expect(problem, module.kind).toBeUndefined();
      else expect(problem, module.kind).toBeDefined();
      if (parentOf(module.kind) !== undefined && module.moves !== undefined && 'form' in module.moves) expect(movedAddressProblem(`${module.kind}/a`)).toContain(module.moves.form);
    }
  });

  it('the parent of the child kinds holds their lists, read per parent', () => {
    for (const module of KIND_MODULES) {
      const parent = parentOf(module.kind);
      expect(module.readIn !== undefined, module.kind).toBe(parent !== undefined);
      if (parent !== undefined) expect(hasChildren(parent.kind as (typeof module)['kind'])).toBe(true);
    }
  });

  it('the terminals are one child kind, and their deletes are guarded only by the disposals a payment can have gone through', () => {
    const terminals = KIND_MODULES.filter((module) => module.terminal === true);
    expect(terminals).toHaveLength(1);
    expect(parentOf(terminals[0]!.kind)).toBeDefined();
    expect(terminals[0]!.settlement?.guardedDisposals).toEqual(['logout', 'decommission']);
  });
});
