import { fieldsOfKind, ofKind } from '../kinds/of-kind.js';
import { addressOf, bindingKey } from '../model/kinds.js';
import type { AcquirerFields, DesiredState, LiveResource, LiveState, MethodsMap } from '../model/state.js';

/**
 * Side effects the service performs by itself, predicted so that the plan shows what will really
 * happen and asks for no write the service already makes:
 * - saving a profile with `asDefault: true` clears the flag on the group's other profiles of that
 *   acqType (01 §3.3);
 * - creating a merchant while the group has a default card profile creates a binding to it
 *   (01 §4.3).
 */
export interface Predictions {
  /** Live state as it will look once the service's own side effects have happened. */
  readonly live: ReadonlyMap<string, LiveResource>;
  /** Profile address → profiles whose asDefault the service clears when this one is saved. */
  readonly clearsDefaultOf: ReadonlyMap<string, string[]>;
  /** The card profile new merchants get bound to, if any. */
  readonly defaultCardProfile?: string;
  /** Addresses of the merchants created by the plan that the service binds automatically. */
  readonly autoBound: ReadonlySet<string>;
}

function acquirerFieldsOf(resource: { fields: unknown } | undefined): AcquirerFields | undefined {
  return resource?.fields as AcquirerFields | undefined;
}

export function predictSideEffects(desired: DesiredState, live: LiveState): Predictions {
  const view = new Map(live.resources);
  const clearsDefaultOf = new Map<string, string[]>();

  const desiredProfiles = ofKind(desired.resources.values(), 'acquirer');
  const liveProfiles = ofKind(live.resources.values(), 'acquirer');

  for (const profile of desiredProfiles) {
    const fields = acquirerFieldsOf(profile)!;
    if (fields.asDefault !== true) continue;
    const current = acquirerFieldsOf(live.resources.get(addressOf('acquirer', profile.key)));
    const replaced = current !== undefined && (current.currency !== fields.currency || current.acqType !== fields.acqType);
    if (current?.asDefault === true && !replaced) continue;
    const cleared: string[] = [];
    for (const other of liveProfiles) {
      const otherFields = acquirerFieldsOf(other)!;
      if (other.key === profile.key || otherFields.acqType !== fields.acqType || otherFields.asDefault !== true) continue;
      cleared.push(other.key);
      view.set(addressOf('acquirer', other.key), { ...other, fields: { ...otherFields, asDefault: false } });
    }
    if (cleared.length > 0) clearsDefaultOf.set(addressOf('acquirer', profile.key), cleared);
  }

  const defaultCardProfile = findDefaultCardProfile(desired, live);
  const autoBound = new Set<string>();
  if (defaultCardProfile !== undefined) {
    const profile = defaultCardProfile;
    for (const merchant of ofKind(desired.resources.values(), 'merchant')) {
      const address = addressOf('merchant', merchant.key);
      if (live.resources.has(address)) continue;
      autoBound.add(address);
      const key = bindingKey(merchant.key, profile.name, profile.currency);
      view.set(addressOf('binding', key), {
        kind: 'binding',
        key,
        merchant: merchant.key,
        id: '',
        fingerprint: 'predicted',
        predicted: true,
        fields: { acquirer: profile.name, currency: profile.currency, methods: profile.methods },
      });
    }
  }
  return { live: view, clearsDefaultOf, defaultCardProfile: defaultCardProfile?.name, autoBound };
}

/** The card profile that will be the group's default once the profile changes of the plan are done. */
function findDefaultCardProfile(
  desired: DesiredState,
  live: LiveState,
): { name: string; currency: string; methods: MethodsMap } | undefined {
  for (const profile of ofKind(desired.resources.values(), 'acquirer')) {
    const fields = fieldsOfKind(profile, 'acquirer');
    if (fields.acqType === 'card' && fields.asDefault === true) {
      const liveFields = acquirerFieldsOf(live.resources.get(addressOf('acquirer', profile.key)));
      return { name: profile.key, currency: fields.currency, methods: fields.methods ?? liveFields?.methods ?? {} };
    }
  }
  for (const profile of ofKind(live.resources.values(), 'acquirer')) {
    const fields = fieldsOfKind(profile, 'acquirer');
    if (fields.acqType !== 'card' || fields.asDefault !== true) continue;
    const wanted = desired.resources.get(addressOf('acquirer', profile.key));
    if (wanted === undefined) {
      // A default profile outside the manifest stays default unless prune deletes it.
      return desired.prune.acquirerProfiles ? undefined : { name: profile.key, currency: fields.currency, methods: fields.methods ?? {} };
    }
    const wantedFields = fieldsOfKind(wanted, 'acquirer');
    const replaced = wantedFields.currency !== fields.currency || wantedFields.acqType !== fields.acqType;
    if (wantedFields.asDefault === false || replaced) return undefined;
    return { name: profile.key, currency: fields.currency, methods: wantedFields.methods ?? fields.methods ?? {} };
  }
  return undefined;
}
