/**
 * The kinds' `references` facts, as the planner reads them (kinds/references.ts): what each record
 * names and in which order, who holds what in use, and how a rename follows a reference.
 */
import { describe, expect, it } from 'vitest';
import { detachOf, isHeldInUse, referenceTo, renamed } from '../../src/kinds/references.js';
import { KIND_MODULES } from '../../src/kinds/registry.js';
import { referencesOf, usersIndex } from '../../src/plan/references.js';
import type { LiveResource } from '../../src/model/state.js';

const methods = { CARD: { emvs: ['e1', 'e2'], allows: [] }, QR: { emvs: ['e2'], allows: [] } };

describe('references', () => {
  it('a record names its owner first, then its references in the order its kind declares them, each once', () => {
    expect(referencesOf('binding', { methods, acquirer: 'p1', currency: 'USD' }, 'm1')).toEqual(['merchant/m1', 'emv/e1', 'emv/e2', 'acquirer/p1']);
    expect(referencesOf('device', { deviceAlias: 'd', acquirerFields: { p1: {}, p2: {} } }, 'm1')).toEqual(['merchant/m1', 'acquirer/p1', 'acquirer/p2']);
    expect(referencesOf('acquirer', { methods })).toEqual(['emv/e1', 'emv/e2']);
    expect(referencesOf('merchant', { mchName: 'x' })).toEqual([]);
  });

  it('EMV configs and profiles are held in use, and a merchant paycfg cannot key lists the ones it binds', () => {
    const held = KIND_MODULES.filter((module) => isHeldInUse(module.kind)).map((module) => module.kind);
    expect(held).toEqual(['emv', 'acquirer']);
    expect(Object.fromEntries(KIND_MODULES.map((module) => [module.kind, module.unkeyedMerchantList ?? null]))).toEqual({
      emv: 'emvs',
      acquirer: 'profiles',
      merchant: null,
      binding: null,
      device: null,
    });
    for (const module of KIND_MODULES) for (const ref of module.references ?? []) if (ref.inUse === true) expect(ref.verb, `${module.kind}.${ref.field}`).toBeDefined();
  });

  it('a binding binds its profile in its key, and uses its EMV configs; a device names profiles without holding them', () => {
    expect(referenceTo('binding', 'acquirer')).toMatchObject({ field: 'acquirer', inKey: true, verb: 'binds' });
    expect(referenceTo('binding', 'emv')).toMatchObject({ field: 'methods', holds: 'method-emvs', verb: 'uses' });
    expect(referenceTo('device', 'acquirer')).toMatchObject({ field: 'acquirerFields', holds: 'keys' });
    expect(referenceTo('device', 'acquirer')!.inUse).toBeUndefined();
  });

  it('the users index holds the in-use users in live order, each once per record it names', () => {
    const live = (kind: LiveResource['kind'], key: string, fields: object, merchant?: string): LiveResource =>
      ({ kind, key, id: key, fields, ...(merchant !== undefined ? { merchant } : {}) }) as unknown as LiveResource;
    const p1 = live('acquirer', 'p1', { methods });
    const b1 = live('binding', 'm1/p1/USD', { methods, acquirer: 'p1', currency: 'USD' }, 'm1');
    const d1 = live('device', 'm1/d', { acquirerFields: { p1: {} } }, 'm1');
    const index = usersIndex([p1, b1, d1]);
    expect(index.get('emv/e2')).toEqual([p1, b1]);
    expect(index.get('acquirer/p1')).toEqual([b1]);
    expect([...index.keys()].sort()).toEqual(['acquirer/p1', 'emv/e1', 'emv/e2']);
  });

  it('a user lets go of what it holds in use either by being made again (the name is in its key) or by an edit of its methods', () => {
    for (const module of KIND_MODULES) {
      for (const ref of module.references ?? []) {
        if (ref.inUse !== true) continue;
        if (ref.inKey === true) expect(ref.detach, `${module.kind}.${ref.field}`).toBeUndefined();
        else expect(ref.holds === 'method-emvs' && ref.detach !== undefined, `${module.kind}.${ref.field}`).toBe(true);
      }
    }
    expect(detachOf(referenceTo('acquirer', 'emv')!).dropEmptyMethod({ acqType: 'card' })).toBe(true);
    expect(detachOf(referenceTo('acquirer', 'emv')!).dropEmptyMethod({ acqType: 'qr' })).toBe(false);
    expect(() => detachOf(referenceTo('binding', 'acquirer')!)).toThrow();
  });

  it("a binding claims its currency and method pairs among its merchant's bindings, and its updates carry its key fields", () => {
    const claimers = KIND_MODULES.filter((module) => module.claims !== undefined);
    expect(claimers.map((module) => module.kind)).toEqual(['binding']);
    expect(claimers[0]!.claims!({ acquirer: 'p1', currency: 'USD', methods })).toEqual(['USD:CARD', 'USD:QR']);
    expect(claimers[0]!.claims!(null)).toEqual([]);
    expect(Object.fromEntries(KIND_MODULES.flatMap((module) => (module.updateCarries === undefined ? [] : [[module.kind, module.updateCarries]])))).toEqual({ binding: ['acquirer', 'currency'] });
  });

  it('a rename changes the value, the key (its entry kept in place), or the name in every method', () => {
    const ref = (user: 'binding' | 'device', named: 'emv' | 'acquirer') => referenceTo(user, named)!;
    expect(renamed(ref('binding', 'acquirer'), 'p1', 'p1', 'p9')).toBe('p9');
    expect(Object.keys(renamed(ref('device', 'acquirer'), { p0: {}, p1: { a: '1' }, p2: {} }, 'p1', 'p9') as object)).toEqual(['p0', 'p9', 'p2']);
    expect(renamed(ref('binding', 'emv'), methods, 'e2', 'e9')).toEqual({ CARD: { emvs: ['e1', 'e9'], allows: [] }, QR: { emvs: ['e9'], allows: [] } });
  });
});
