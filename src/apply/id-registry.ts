import { InternalError } from '../errors.js';
import type { Kind } from '../model/kinds.js';
import type { LiveState } from '../model/state.js';
import { kindModule } from '../kinds/registry.js';

/** The type of a kind's service ids: EMV and profile ids are numbers, merchant ids text. */
export type IdType = 'number' | 'string';

type Id = number | string;

/**
 * Names → service ids, one map per kind, seeded from live state and filled in as creates succeed,
 * so that a change can name a resource created earlier in the same run.
 */
export class IdRegistry {
  private readonly byKind = new Map<Kind, Map<string, Id>>();

  /** Every live record of a kind whose module declares an id type (`ids`), its id in that type. */
  static fromLive(state: LiveState): IdRegistry {
    const registry = new IdRegistry();
    for (const resource of state.resources.values()) {
      const type = kindModule(resource.kind).ids;
      if (type !== undefined) registry.set(resource.kind, resource.key, type === 'number' ? Number(resource.id) : String(resource.id));
    }
    return registry;
  }

  set(kind: Kind, key: string, id: Id): void {
    this.mapOf(kind).set(key, id);
  }
  forget(kind: Kind, key: string): void {
    this.byKind.get(kind)?.delete(key);
  }
  has(kind: Kind, key: string): boolean {
    return this.byKind.get(kind)?.has(key) ?? false;
  }
  id(kind: Kind, key: string): Id {
    const id = this.byKind.get(kind)?.get(key);
    // The plan orders every create before its users, so a missing id means the plan and the run disagree.
    if (id === undefined) throw new InternalError(`no id known for ${kindModule(kind).label} "${key}" when a change needed it`);
    return id;
  }
  /** A record's key by its id, the ids compared as text (the wire gives some ids as either). */
  nameOf(kind: Kind, id: Id): string | undefined {
    for (const [key, value] of this.byKind.get(kind) ?? []) if (String(value) === String(id)) return key;
    return undefined;
  }
  /** Id (as text) → key, for a read-back that names records of the kind by id. */
  namesById(kind: Kind): ReadonlyMap<string, string> {
    return new Map([...(this.byKind.get(kind) ?? [])].map(([key, id]) => [String(id), key]));
  }

  setEmv(name: string, id: number): void {
    this.set('emv', name, id);
  }
  setProfile(name: string, id: number): void {
    this.set('acquirer', name, id);
  }
  setMerchant(ref: string, mchId: string): void {
    this.set('merchant', ref, mchId);
  }
  forgetEmv(name: string): void {
    this.forget('emv', name);
  }
  forgetProfile(name: string): void {
    this.forget('acquirer', name);
  }
  emv(name: string): number {
    return this.id('emv', name) as number;
  }
  profile(name: string): number {
    return this.id('acquirer', name) as number;
  }
  merchant(ref: string): string {
    return this.id('merchant', ref) as string;
  }
  hasProfile(name: string): boolean {
    return this.has('acquirer', name);
  }
  /** An EMV config's name by its id, as a profile read back names its EMV configs. */
  emvName(id: number): string | undefined {
    return this.nameOf('emv', id);
  }
  /** Profile id (as text) → name, as a device read back names the profiles of its acquirer fields. */
  profileNamesById(): ReadonlyMap<string, string> {
    return this.namesById('acquirer');
  }
  profileName(id: string | number): string | undefined {
    return this.nameOf('acquirer', id);
  }

  private mapOf(kind: Kind): Map<string, Id> {
    let map = this.byKind.get(kind);
    if (map === undefined) this.byKind.set(kind, (map = new Map()));
    return map;
  }
}
