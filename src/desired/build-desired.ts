import type { LoadedManifest, SecretField } from '../manifest/index.js';
import { canonicalMethodCode } from '../model/canonical.js';
import { addressOf, bindingKey, deviceKey, type Address } from '../model/kinds.js';
import { joinPointer } from '../model/pointers.js';
import type {
  AcquirerFields,
  BindingFields,
  DesiredResource,
  DesiredState,
  DeviceFields,
  EmvFields,
  MerchantFields,
  SecretOrigin,
  MethodsMap,
  PrunePolicy,
  Scalar,
} from '../model/state.js';
import { allowsOf } from '../model/state.js';
import { desiredMoves } from './moves.js';

type ManifestMethods = Record<string, { emvs?: readonly string[] | undefined; allows?: readonly string[] | undefined } | undefined>;

/**
 * Drops undefined values so that "absent" stays absent (absent means not managed). A loop, not
 * Object.entries/fromEntries: this runs for every resource as the load's heap peaks.
 */
function defined<T extends object>(fields: T): T {
  const out: Partial<T> = {};
  for (const key in fields) {
    if (Object.hasOwn(fields, key) && fields[key] !== undefined) out[key] = fields[key];
  }
  return out as T;
}

function methodsOf(methods: ManifestMethods | undefined): MethodsMap | undefined {
  if (methods === undefined) return undefined;
  const out: MethodsMap = {};
  for (const [code, entry] of Object.entries(methods)) {
    // Keys in sorted order, the diff's canonical form: a create's patch then shares the entry instead of copying it.
    out[canonicalMethodCode(code)] = { allows: allowsOf(entry?.allows), emvs: [...(entry?.emvs ?? [])] };
  }
  return out;
}

/**
 * The manifest as desired state in the shared normalised model: one resource per address,
 * references by name, only the fields the manifest sets.
 */
export function buildDesiredState(loaded: Pick<LoadedManifest, 'manifest' | 'secrets' | 'locate'>): DesiredState {
  const { manifest } = loaded;
  const resources = new Map<Address, DesiredResource>();
  const managedBindings = new Set<string>();
  const managedDevices = new Set<string>();
  const put = (resource: DesiredResource): void => void resources.set(addressOf(resource.kind, resource.key), resource);

  for (const emv of manifest.emvConfigs ?? []) {
    const fields: EmvFields = {
      paymentMethod: canonicalMethodCode(emv.paymentMethod),
      currency: emv.currency,
      params: { ...(emv.params as Record<string, Scalar>) },
    };
    put({ kind: 'emv', key: emv.emvName, fields });
  }

  for (const profile of manifest.acquirerProfiles ?? []) {
    const fields: AcquirerFields = defined({
      currency: profile.currency,
      acqType: profile.acqType ?? 'card',
      connMessageFormat: profile.connMessageFormat,
      connUrl: profile.connUrl,
      notifyUrl: profile.notifyUrl,
      connExtraParams: profile.connExtraParams as Record<string, unknown> | undefined,
      enablerMsgFormat: profile.enablerMsgFormat,
      enablerParams: profile.enablerParams === undefined ? undefined : [...profile.enablerParams],
      asDefault: profile.asDefault,
      asSettleBlock: profile.asSettleBlock,
      methods: methodsOf(profile.methods as ManifestMethods | undefined),
    });
    put({ kind: 'acquirer', key: profile.profileName, fields });
  }

  for (const merchant of manifest.merchants ?? []) {
    const ref = merchant.providerReference;
    const fields: MerchantFields = defined({
      mchName: merchant.mchName,
      currency: merchant.currency,
      contactName: merchant.contactName,
      contactEmail: merchant.contactEmail,
      mcc: merchant.mcc,
      region: merchant.region,
      timeZone: merchant.timeZone,
      country: merchant.country,
      transType: merchant.transType,
      contactPhone: merchant.contactPhone,
      contactAddress: merchant.contactAddress,
      receiptLogo: merchant.receiptLogo,
      receiptInfo: merchant.receiptInfo,
      state: merchant.state,
      passcode: merchant.passcode,
      mdr: merchant.mdr,
      merchantType: merchant.merchantType,
      additionalData: merchant.additionalData as Record<string, unknown> | undefined,
    });
    put({ kind: 'merchant', key: ref, fields });

    if (merchant.bindings !== undefined) {
      managedBindings.add(ref);
      for (const binding of merchant.bindings) {
        const bindingFields: BindingFields = defined({
          acquirer: binding.acquirer,
          currency: binding.currency,
          mid: binding.mid,
          methods: methodsOf(binding.methods as ManifestMethods | undefined) ?? {},
        });
        put({ kind: 'binding', key: bindingKey(ref, binding.acquirer, binding.currency), merchant: ref, fields: bindingFields });
      }
    }
    if (merchant.devices !== undefined) {
      managedDevices.add(ref);
      for (const device of merchant.devices) {
        const deviceFields: DeviceFields = defined({
          deviceAlias: device.deviceAlias,
          deviceName: device.deviceName,
          deviceType: device.deviceType,
          operatingMode: device.operatingMode,
          methods: device.methods === undefined ? undefined : [...device.methods].map((c) => canonicalMethodCode(c)).sort(),
          deviceAdmin: device.deviceAdmin,
          acquirerFields: device.acquirerFields as Record<string, Record<string, string>> | undefined,
          emvParams: device.emvParams as Record<string, Scalar> | undefined,
        });
        put({ kind: 'device', key: deviceKey(ref, device.deviceAlias), merchant: ref, fields: deviceFields });
      }
    }
  }

  const prune: PrunePolicy = {
    emvConfigs: manifest.prune?.emvConfigs ?? false,
    acquirerProfiles: manifest.prune?.acquirerProfiles ?? false,
    merchants: manifest.prune?.merchants ?? false,
    activatedDevices: manifest.prune?.activatedDevices ?? false,
  };

  const secretSources = sensitivePointers(loaded, resources);
  const moved = desiredMoves(manifest);
  return {
    ...(manifest.group !== undefined ? { group: manifest.group } : {}),
    resources,
    managedBindings,
    managedDevices,
    prune,
    ...(moved.length > 0 ? { moved } : {}),
    sensitive: secretSources,
  };
}

/** Maps the manifest's secret paths onto plan pointers (`<address>#/<field>/...`), keeping where each came from. */
function sensitivePointers(loaded: Pick<LoadedManifest, 'manifest' | 'secrets' | 'locate'>, resources: ReadonlyMap<Address, DesiredResource>): Map<string, SecretOrigin> {
  const out = new Map<string, SecretOrigin>();
  const origins = new Map<string, SecretOrigin>();
  const originOf = ({ path, variables, template }: SecretField): SecretOrigin => {
    if (variables.length === 0) return { kind: 'literal', path, locate: loaded.locate };
    let origin = origins.get(template);
    if (origin === undefined) origins.set(template, (origin = { kind: 'template', variables, template }));
    return origin;
  };
  const { manifest } = loaded;
  for (const secret of loaded.secrets) {
    const [list, index, ...rest] = secret.path;
    let address: string | undefined;
    let field: readonly (string | number)[] = rest;
    if (list === 'emvConfigs') address = addressOf('emv', manifest.emvConfigs?.[Number(index)]?.emvName ?? '');
    else if (list === 'acquirerProfiles') address = addressOf('acquirer', manifest.acquirerProfiles?.[Number(index)]?.profileName ?? '');
    else if (list === 'merchants') {
      const merchant = manifest.merchants?.[Number(index)];
      if (merchant === undefined) continue;
      const [sub, subIndex, ...subRest] = rest;
      if (sub === 'bindings') {
        const b = merchant.bindings?.[Number(subIndex)];
        if (b !== undefined) address = addressOf('binding', bindingKey(merchant.providerReference, b.acquirer, b.currency));
        field = subRest;
      } else if (sub === 'devices') {
        const d = merchant.devices?.[Number(subIndex)];
        if (d !== undefined) address = addressOf('device', deviceKey(merchant.providerReference, d.deviceAlias));
        field = subRest;
      } else {
        address = addressOf('merchant', merchant.providerReference);
      }
    }
    if (address === undefined || !resources.has(address) || field.length === 0) continue;
    out.set(joinPointer(address, field), originOf(secret));
  }
  return out;
}
