import { InternalError } from '../errors.js';
import type { LiveState } from '../model/state.js';

/**
 * Names → service ids, seeded from live state and filled in as creates succeed, so that a change
 * can name a resource created earlier in the same run.
 */
export class IdRegistry {
  private readonly emvs = new Map<string, number>();
  private readonly profiles = new Map<string, number>();
  private readonly merchants = new Map<string, string>();

  static fromLive(state: LiveState): IdRegistry {
    const registry = new IdRegistry();
    for (const resource of state.resources.values()) {
      if (resource.kind === 'emv') registry.emvs.set(resource.key, Number(resource.id));
      else if (resource.kind === 'acquirer') registry.profiles.set(resource.key, Number(resource.id));
      else if (resource.kind === 'merchant') registry.merchants.set(resource.key, String(resource.id));
    }
    return registry;
  }

  setEmv(name: string, id: number): void {
    this.emvs.set(name, id);
  }
  setProfile(name: string, id: number): void {
    this.profiles.set(name, id);
  }
  setMerchant(ref: string, mchId: string): void {
    this.merchants.set(ref, mchId);
  }
  forgetEmv(name: string): void {
    this.emvs.delete(name);
  }
  forgetProfile(name: string): void {
    this.profiles.delete(name);
  }

  emv(name: string): number {
    return this.lookup(this.emvs, name, 'EMV config');
  }
  profile(name: string): number {
    return this.lookup(this.profiles, name, 'acquirer profile');
  }
  merchant(ref: string): string {
    return this.lookup(this.merchants, ref, 'merchant');
  }
  hasProfile(name: string): boolean {
    return this.profiles.has(name);
  }
  /** An EMV config's name by its id, as a profile read back names its EMV configs. */
  emvName(id: number): string | undefined {
    for (const [name, value] of this.emvs) if (value === id) return name;
    return undefined;
  }
  /** Profile id (as text) → name, as a device read back names the profiles of its acquirer fields. */
  profileNamesById(): ReadonlyMap<string, string> {
    return new Map([...this.profiles].map(([name, id]) => [String(id), name]));
  }
  profileName(id: string | number): string | undefined {
    for (const [name, value] of this.profiles) if (String(value) === String(id)) return name;
    return undefined;
  }

  private lookup<V>(map: Map<string, V>, name: string, what: string): V {
    const id = map.get(name);
    // The plan orders every create before its users, so a missing id means the plan and the run disagree.
    if (id === undefined) throw new InternalError(`no id known for ${what} "${name}" when a change needed it`);
    return id;
  }
}
