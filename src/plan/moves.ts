import { hasChildren, kindModule } from '../kinds/registry.js';
import { names, referencesFrom, renamed } from '../kinds/references.js';
import { addressOf, KINDS, keyOfAddress, type Address, type Kind } from '../model/kinds.js';
import type { Move } from '../model/moves.js';
import { fieldsOf, type LiveResource, type LiveState } from '../model/state.js';
import { PlanError } from './errors.js';

/**
 * The live group as the manifest's `moved:` entries name it, as Terraform's moved blocks do:
 * a record live at `from` and not at `to` is re-keyed under `to` and marked (`movedFrom`), so that
 * the plan compares it with the manifest's entry and writes its new key in one update. What names
 * it follows: a moved profile's bindings (their key and `acquirer`), and the devices' acquirer
 * fields; a moved merchant's bindings and devices. Their identity in the service is by ids, so they
 * need no change of their own.
 *
 * A move whose `from` is not live does nothing (the rename was applied, or the record never
 * existed: then `to` is created like any entry). When both are live, paycfg does not guess which
 * record the manifest means. Pure: the state given is not changed.
 */
export function applyMoves<S extends LiveState>(live: S, moves: readonly Move[] | undefined): S {
  if (moves === undefined || moves.length === 0) return live;
  const state = new Rekeying(live);
  // Merchant names first for devices: a device's `from` is under its merchant's new name (desired/moves.ts).
  for (const kind of ['acquirer', 'merchant', 'device'] as const) {
    for (const move of moves) if (move.kind === kind) state.move(move);
  }
  return state.result();
}

/** For each kind, the kinds whose references name its records: what follows a move of one. */
const NAMED_BY = new Map<Kind, ReadonlySet<Kind>>(KINDS.map((kind) => [kind, new Set(KINDS.filter((user) => referencesFrom(user).some((ref) => ref.to === kind)))]));

class Rekeying<S extends LiveState> {
  private readonly resources: Map<Address, LiveResource>;
  private readonly bindingsRead: Set<string>;
  private readonly devicesRead: Set<string>;
  private unkeyedMerchants: LiveState['unkeyedMerchants'];
  private duplicateCodes: LiveResource[];

  constructor(private readonly live: S) {
    this.resources = new Map(live.resources);
    this.bindingsRead = new Set(live.bindingsRead);
    this.devicesRead = new Set(live.devicesRead);
    this.unkeyedMerchants = live.unkeyedMerchants;
    this.duplicateCodes = [...(live.duplicateCodes ?? [])];
  }

  move(move: Move): void {
    const record = this.resources.get(move.from);
    if (record === undefined) return;
    if (this.resources.has(move.to)) {
      const other = this.resources.get(move.to)!;
      throw new PlanError(
        `moved: ${move.from} → ${move.to}: both are in the live group (ids ${record.id} and ${other.id}), so paycfg cannot tell which record the manifest means. ` +
          `Remove this moved entry to keep ${move.to} as it is, or delete or rename one of the two in the service, then plan again.`,
        { from: move.from, to: move.to },
      );
    }
    const from = keyOfAddress(move.from);
    const to = keyOfAddress(move.to);
    this.resources.delete(move.from);
    // A device's `from` may name its merchant's new name (desired/moves.ts); the plan shows the address it was read under.
    const readAs = record.readAs ?? move.from;
    this.put({ ...record, key: to, movedFrom: readAs, readAs });
    this.followReferences(move.kind, from, to);
    if (hasChildren(move.kind)) this.followMerchant(from, to);
  }

  result(): S {
    return {
      ...this.live,
      resources: this.resources,
      bindingsRead: this.bindingsRead,
      devicesRead: this.devicesRead,
      unkeyedMerchants: this.unkeyedMerchants,
      ...(this.live.duplicateCodes !== undefined ? { duplicateCodes: this.duplicateCodes } : {}),
    };
  }

  private put(resource: LiveResource): void {
    this.resources.set(addressOf(resource.kind, resource.key), resource);
  }

  /** Re-keys what `update` changes, leaving every other record where it is. */
  private rekey(update: (resource: LiveResource) => LiveResource | undefined): void {
    const changed: [Address, LiveResource][] = [];
    for (const [address, resource] of this.resources) {
      const next = update(resource);
      if (next !== undefined) changed.push([address, next]);
    }
    for (const [address] of changed) this.resources.delete(address);
    for (const [address, next] of changed) {
      this.put(addressOf(next.kind, next.key) === address ? next : { ...next, readAs: next.readAs ?? address });
    }
    this.duplicateCodes = this.duplicateCodes.map((code) => update(code) ?? code);
  }

  /**
   * The records that name the moved one follow it (a profile's bindings and the devices' acquirer
   * fields): the name in their fields changes, and a record that names it in its key is re-keyed.
   */
  private followReferences(kind: Kind, from: string, to: string): void {
    if (NAMED_BY.get(kind)!.size > 0) {
      this.rekey((resource) => {
        if (!NAMED_BY.get(kind)!.has(resource.kind)) return undefined;
        let fields = fieldsOf(resource);
        let inKey = false;
        for (const ref of referencesFrom(resource.kind)) {
          if (ref.to !== kind || !names(ref, fields[ref.field], from)) continue;
          fields = { ...fields, [ref.field]: renamed(ref, fields[ref.field], from, to) };
          if (ref.inKey === true) inKey = true;
        }
        if (fields === (resource.fields as unknown)) return undefined;
        // Without the name in its key, the record keeps its address (a device's names no profile).
        const key = inKey ? kindModule(resource.kind).key(fields, resource.merchant) : resource.key;
        return { ...resource, key, fields: fields as unknown as LiveResource['fields'] };
      });
    }
    const list = kindModule(kind).unkeyedMerchantList;
    if (list === undefined) return;
    this.unkeyedMerchants = this.unkeyedMerchants.map((merchant) =>
      merchant[list].includes(from) ? { ...merchant, [list]: merchant[list].map((name) => (name === from ? to : name)) } : merchant,
    );
  }

  private followMerchant(from: string, to: string): void {
    this.rekey((resource) => {
      if (resource.merchant !== from) return undefined;
      // A child's key is its parent's key, a slash, and its own part (kinds/addresses.ts).
      const key = [to, resource.key.slice(from.length + 1)].join('/');
      return { ...resource, key, merchant: to };
    });
    for (const read of [this.bindingsRead, this.devicesRead]) {
      if (read.delete(from)) read.add(to);
    }
  }
}

/**
 * The field a move writes that a record's fields do not hold: a profile's name, a merchant's
 * providerReference (a device's alias is one of its fields).
 */
export function keyFieldOf(kind: Kind): string | undefined {
  return kindModule(kind).movedKeyField;
}

