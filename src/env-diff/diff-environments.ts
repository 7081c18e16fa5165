import type { OwnerInfo } from '../api/index.js';
import { checkClientOfEnvironment } from '../environments/client.js';
import { UsageError } from '../errors.js';
import { tokenOf } from '../library/client.js';
import { isPlainObject } from '../model/canonical.js';
import { addressOf, type Kind } from '../model/kinds.js';
import { fieldsOf, type AnyFields, type LiveResource, type LiveState } from '../model/state.js';
import { unkeyedKey } from '../model/unkeyed-key.js';
import { addressOfResource, compareGroups, type GroupComparison } from './compare-groups.js';
import { loadManifestPairs, loadOwnManifests, type ManifestPairs, type OwnManifests } from './environment-manifests.js';
import { checkedOwner, readWholeGroup, type EnvironmentSide, type WholeGroup } from './read-environment.js';
import { secretMask, type SecretMask } from './secret-mask.js';
import {
  ENV_DIFF_FORMAT_VERSION,
  type DiffedEnvironment,
  type DiffSideName,
  type EnvironmentDiff,
  type OneSidedRecord,
  type UnkeyedRecord,
} from './types.js';
import { valuesMatcher } from './value-templates.js';
import { loadRunRecord, sourceOfEnvironment, sourceOfOption, type ServiceRecordOption } from '../service-record/resolve.js';
import type { LoadedServiceRecord } from '../service-record/types.js';

export type { EnvironmentSide } from './read-environment.js';

/** As the CLI's --parallelism: reads in flight at once, per environment. */
const DEFAULT_PARALLELISM = 8;

export interface DiffEnvironmentsOptions {
  /** Reads in flight at once in each group (as `--parallelism`); default 8. */
  readonly parallelism?: number;
  /** Directory the manifests' file names in messages are relative to; default `process.cwd()`. */
  readonly cwd?: string;
  /**
   * The service record both groups are read with (as `--service-record`), relative to `cwd`. Each
   * environment's `serviceRecord:` (and its manifests') may name the same file, never another.
   */
  readonly serviceRecord?: ServiceRecordOption;
}

/**
 * Compares the live groups of two environments by natural key (address), with each environment's
 * own values substituted: the records only one group holds, and for each record both hold every
 * value that differs, unless it is A's expansion of a manifest value in A and B's expansion of the
 * same value in B (each environment's manifests are loaded with both environments' values to know).
 * No secret value is returned: each reads `(sensitive)`.
 *
 * Each environment's manifests are loaded first with its own values, offline (an error in them is
 * the run's error, as for a plan); then the owner of each token is read and refused unless it is its
 * environment's group, before any other read of either group; then each group is read once, whole,
 * as export reads it, while each environment's manifests are loaded with the other's values. Sends
 * GET requests only.
 *
 * @throws UsageError when both sides are the same environment.
 * @throws ManifestError when an environment's manifests do not load with its own values.
 * @throws GroupMismatchError when a token belongs to another group than its environment's.
 * @throws ApiError, AuthenticationError, TransportError… when a service refuses or cannot be reached.
 */
export async function diffEnvironments(a: EnvironmentSide, b: EnvironmentSide, options: DiffEnvironmentsOptions = {}): Promise<EnvironmentDiff> {
  const [nameA, nameB] = [a.environment.definition.name, b.environment.definition.name];
  if (nameA === nameB) throw new UsageError(`an environment diff compares two environments; ${nameA} is given twice`);
  for (const side of [a, b]) checkClientOfEnvironment(side.client, side.environment.definition);
  const cwd = options.cwd ?? process.cwd();
  const own = await loadOwnManifests(a.environment, b.environment, cwd);
  // Offline too: each side's record, the run's, its environment's and its manifests' naming one file.
  const given = sourceOfOption(options.serviceRecord, cwd);
  const records = {
    a: await loadRunRecord([given, sourceOfEnvironment(a.environment.definition), own.a.serviceRecord], cwd),
    b: await loadRunRecord([given, sourceOfEnvironment(b.environment.definition), own.b.serviceRecord], cwd),
  };
  // The loads with the other's values run while the groups are read: offline work only the matching needs.
  const [{ pairs, warnings }, [readA, readB]] = await Promise.all([
    loadManifestPairs(a.environment, b.environment, own, cwd),
    readBoth([a, b], own, records, options.parallelism ?? DEFAULT_PARALLELISM),
  ]);
  const manifests: EnvironmentManifests = { own, pairs, warnings };
  const allowsUnread = readA.group.state.bindingAllowsWriteOnly || readB.group.state.bindingAllowsWriteOnly;
  const comparison = compareGroups(readA.group.state, readB.group.state, valuesMatcher(pairs, { allowsUnread }), { allowsUnread });
  const mask = secretMask({ sensitive: secretPlaces(manifests, new Set([...secretNames(a), ...secretNames(b)])), texts: [...secretTexts(a), ...secretTexts(b)] });
  return environmentDiff({ a: readA, b: readB }, manifests, comparison, mask, allowsUnread);
}

/** Both owners first, each checked against its environment's group, then both groups, whole. */
async function readBoth(
  sides: readonly [EnvironmentSide, EnvironmentSide],
  own: OwnManifests,
  records: Readonly<Record<DiffSideName, LoadedServiceRecord | undefined>>,
  concurrency: number,
): Promise<readonly [ReadSide, ReadSide]> {
  const [a, b] = sides;
  const [ownerA, ownerB] = await Promise.all([checkedOwner(a), checkedOwner(b)]);
  const [groupA, groupB] = await Promise.all([
    readWholeGroup(a.client, ownerA, own.a.api, concurrency, records.a),
    readWholeGroup(b.client, ownerB, own.b.api, concurrency, records.b),
  ]);
  return [
    { side: a, owner: ownerA, group: groupA },
    { side: b, owner: ownerB, group: groupB },
  ];
}

/** Everything the diff knows of the manifests. */
interface EnvironmentManifests extends ManifestPairs {
  readonly own: OwnManifests;
}

interface ReadSide {
  readonly side: EnvironmentSide;
  readonly owner: OwnerInfo;
  readonly group: WholeGroup;
}

function environmentDiff(
  read: Readonly<Record<DiffSideName, ReadSide>>,
  manifests: EnvironmentManifests,
  comparison: GroupComparison,
  mask: SecretMask,
  allowsUnread: boolean,
): EnvironmentDiff {
  const inManifests = (address: string) => ({ a: manifests.own.a.view.desired.resources.has(address), b: manifests.own.b.view.desired.resources.has(address) });
  // Only the holder's manifests name it, or the merchant it belongs to (a new merchant's automatic binding).
  const ownOf = (holder: DiffSideName, named: { readonly a: boolean; readonly b: boolean }): boolean => named[holder] && !named[holder === 'a' ? 'b' : 'a'];
  const oneSided = (holder: DiffSideName) => (resource: LiveResource): OneSidedRecord => {
    const address = addressOfResource(resource);
    const named = inManifests(address);
    const own = ownOf(holder, named) || (resource.merchant !== undefined && ownOf(holder, inManifests(addressOf('merchant', resource.merchant))));
    return { address, kind: resource.kind, key: resource.key, liveId: resource.id, inManifests: named, own };
  };
  const differing = comparison.differing.map((pair) => ({
    address: pair.address,
    kind: pair.kind,
    key: pair.a.key,
    liveIds: { a: pair.a.id, b: pair.b.id },
    fields: pair.fields.map((leaf) => {
      const a = mask.value(pair, leaf.segments, leaf.a);
      const b = mask.value(pair, leaf.segments, leaf.b);
      return { pointer: mask.pointer(leaf.segments), ...(a !== undefined ? { a } : {}), ...(b !== undefined ? { b } : {}) };
    }),
  }));
  const substituted = comparison.substituted.map((field) => ({ address: field.address, pointer: mask.pointer(field.segments), manifests: field.manifests }));
  const warnings = [...manifests.warnings];
  if (allowsUnread && [read.a.group.state, read.b.group.state, manifests.own.a.view.desired, manifests.own.b.view.desired].some(holdsAnyAllows)) {
    const unread = [read.a, read.b].filter((side) => side.group.state.bindingAllowsWriteOnly).map((side) => side.side.environment.definition.name);
    warnings.push(
      `the bindings' allows could not be read in ${unread.join(' and ')} (no merchant summary of the read was shown to carry the bindings' own lists, and binding records have none): ` +
        `they are compared in neither environment`,
    );
  }
  const onlyInA = comparison.onlyInA.map(oneSided('a'));
  const onlyInB = comparison.onlyInB.map(oneSided('b'));
  const ownInA = onlyInA.filter((record) => record.own).length;
  const ownInB = onlyInB.filter((record) => record.own).length;
  const differingFields = differing.reduce((sum, record) => sum + record.fields.length, 0);
  return {
    formatVersion: ENV_DIFF_FORMAT_VERSION,
    a: diffedEnvironment(read.a, comparison.compared + onlyInA.length),
    b: diffedEnvironment(read.b, comparison.compared + onlyInB.length),
    equal: ownInA === onlyInA.length && ownInB === onlyInB.length && differing.length === 0,
    onlyInA,
    onlyInB,
    differing,
    substituted,
    notCompared: { a: unkeyedRecords(read.a.group.state, comparison.unkeyed.a), b: unkeyedRecords(read.b.group.state, comparison.unkeyed.b) },
    warnings,
    summary: {
      compared: comparison.compared,
      same: comparison.same,
      onlyInA: onlyInA.length,
      onlyInB: onlyInB.length,
      ownInA,
      ownInB,
      differing: differing.length,
      differingFields,
      substitutedFields: substituted.length,
    },
  };
}

function diffedEnvironment(read: ReadSide, records: number): DiffedEnvironment {
  const { definition } = read.side.environment;
  return {
    name: definition.name,
    baseUrl: read.side.client.baseUrl,
    group: { groupId: read.owner.groupId, groupName: read.owner.groupName ?? '' },
    ...(read.group.api === 'legacy' ? { api: 'legacy' as const } : {}),
    records,
  };
}

/**
 * Whether any profile or binding has `allows`: only then can bindings' unread `allows` hide a
 * difference (when none has any, which is most groups, the warning would say nothing).
 */
function holdsAnyAllows(state: { readonly resources: ReadonlyMap<string, { readonly kind: Kind; readonly fields: AnyFields }> }): boolean {
  for (const resource of state.resources.values()) {
    // A profile's and a binding's methods map each method to its allows; a device's is a list of codes.
    const methods = fieldsOf(resource)['methods'];
    if (!isPlainObject(methods)) continue;
    if (Object.values(methods).some((method) => isPlainObject(method) && Array.isArray(method['allows']) && method['allows'].length > 0)) return true;
  }
  return false;
}

/** The merchants without a providerReference, and the records without a key of their own. */
function unkeyedRecords(state: LiveState, resources: readonly LiveResource[]): UnkeyedRecord[] {
  const merchants: UnkeyedRecord[] = state.unkeyedMerchants.map((merchant) => ({
    address: addressOfResource({ kind: 'merchant', key: unkeyedKey(merchant.mchId) }),
    kind: 'merchant',
    liveId: merchant.mchId,
    name: merchant.mchName,
  }));
  const records: UnkeyedRecord[] = resources.map((resource) => {
    const name = (resource.fields as { deviceName?: unknown }).deviceName;
    return { address: addressOfResource(resource), kind: resource.kind, liveId: resource.id, ...(typeof name === 'string' ? { name } : {}) };
  });
  return [...merchants, ...records];
}

/**
 * The places a manifest holds a secret: a literal secret field, or a value built from a variable an
 * environment reads from a secret source. A value built only from values written in the
 * environments file is not one: the file is in the repository, in clear, and holds no secret (a
 * value that feeds a secret field must come from a source), so the diff shows such values (MIDs,
 * terminal ids, hosts) where they differ. Of every environment's manifests with every
 * environment's values.
 */
function* secretPlaces(manifests: EnvironmentManifests, secretNames: ReadonlySet<string>): Iterable<string> {
  const states = [manifests.own.a.view.desired, manifests.own.b.view.desired, ...manifests.pairs.flatMap((pair) => [pair.withA?.desired, pair.withB?.desired])];
  for (const state of states) {
    for (const [pointer, origin] of state?.sensitive ?? []) {
      if (origin.kind === 'literal' || origin.variables.some((name) => secretNames.has(name))) yield pointer;
    }
  }
}

/** The names an environment reads from a secret source ({env}, {file}) rather than from the environments file. */
function secretNames(side: EnvironmentSide): string[] {
  return [...side.environment.definition.values].filter(([, source]) => typeof source !== 'string').map(([name]) => name);
}

/** What must never be shown of one side: each value it reads from a secret source ({env}, {file}), and its token. */
function secretTexts(side: EnvironmentSide): string[] {
  const texts: string[] = [];
  for (const [name, source] of side.environment.definition.values) {
    const value = side.environment.variables[name];
    if (typeof source !== 'string' && value !== undefined) texts.push(value);
  }
  const token = tokenOf(side.client);
  if (token !== '') texts.push(token);
  return texts;
}
