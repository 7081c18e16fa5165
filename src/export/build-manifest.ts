import { acquirer } from '../kinds/acquirer.js';
import { binding } from '../kinds/binding.js';
import { device as deviceKind } from '../kinds/device.js';
import { emv } from '../kinds/emv.js';
import { merchant } from '../kinds/merchant.js';
import { manifestMethods } from '../kinds/methods.js';
import { fieldsOfKind, ofKind } from '../kinds/of-kind.js';
import { hasChildren, kindModule, parentOf } from '../kinds/registry.js';
import type {
  AcquirerFields,
  DeviceLifecycle,
  EmvFields,
  LiveResource,
  LiveState,
} from '../model/state.js';
import type { ExportCounts, ExportedItem, ExportedList, ExportedManifest, ExportedMerchant, SecretVariable } from './exported-manifest.js';
import { acquirerFieldsProblem, bindingProblems, type Bound, type Catalogue } from './live-cross-checks.js';
import { escapeTemplates } from './literal-text.js';
import { proposeReferences } from './reference-proposals.js';
import { ENTRY_SCHEMAS, acceptsGroup, acceptsKey, fitEntry } from './schema-fit.js';
import { assignVariableNames, type SecretOwner } from './secret-variables.js';

/**
 * Live state → the manifest `paycfg export` writes. Pure: no IO, no clock, so two exports of an
 * unchanged group are byte-identical. The rule throughout: whatever is written, `paycfg plan` on
 * it must show no change. A value the manifest format cannot hold is left out (not managed) when
 * that causes no change, and an entry paycfg cannot key is written commented out with what to do.
 */

export interface UnkeyedMerchant {
  readonly mchId: string;
  readonly mchName: string;
  /** The live reference, when it has one the manifest format refuses (e.g. trailing spaces). */
  readonly providerReference?: string;
}

export interface ExportInput {
  readonly groupId: string;
  readonly groupName: string;
  /** Every EMV config and profile, and the merchants with a providerReference (read with `everything`). */
  readonly live: LiveState;
  /** Merchants that cannot be keyed, normalised with their mchId standing in for providerReference. */
  readonly unkeyed: { readonly merchants: readonly UnkeyedMerchant[]; readonly live: LiveState };
  /** Propose a providerReference for each merchant without one (`--assign-references`). */
  readonly assignReferences: boolean;
  /** A binding's `allows` cannot be read this run (see ExportSource): they are left out, and said so once. */
  readonly bindingAllowsUnknown?: boolean;
  /**
   * Write each device's admin password as a `${VARIABLE}` reference (`--manage-secrets`). Without
   * it the field is left out, so not managed: a manifest that names a variable makes its first
   * apply set every terminal's password to whatever the variable holds, and a newcomer setting
   * them cannot know the live ones.
   */
  readonly manageSecrets?: boolean;
}

interface MerchantResources {
  merchant?: LiveResource<'merchant'>;
  readonly bindings: LiveResource<'binding'>[];
  readonly devices: LiveResource<'device'>[];
}

/** How the merchant is written: its reference (or stand-in) and who owns its secrets. */
interface MerchantContext {
  /** Written as providerReference; '' when unknown. */
  readonly reference: string;
  /** For messages: `merchant coffee-001`, or the mchId for an unkeyed one. */
  readonly label: string;
  /** Addresses in messages start with this (`coffee-001`, `M000000000001`). */
  readonly addressKey: string;
  readonly identityPrefix: string;
  readonly commentedOut: boolean;
  /** Set for a merchant written commented out. */
  readonly unkeyed?: UnkeyedMerchant;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function buildExport(input: ExportInput): ExportedManifest {
  return new ExportBuilder(input).build();
}

class ExportBuilder {
  private readonly notices: string[] = [];
  private readonly emvs = new Map<string, EmvFields>();
  private readonly profiles = new Map<string, AcquirerFields>();
  private readonly catalogue: Catalogue = { emvs: this.emvs, profiles: this.profiles };
  private readonly variableNames: Map<string, string>;
  private readonly proposals: Map<string, string>;
  private readonly keyed: Map<string, MerchantResources>;
  private readonly unkeyed: Map<string, MerchantResources>;
  private commentedOutDevices = 0;

  constructor(private readonly input: ExportInput) {
    for (const resource of ofKind(input.live.resources.values(), 'emv')) this.emvs.set(resource.key, resource.fields);
    for (const resource of ofKind(input.live.resources.values(), 'acquirer')) this.profiles.set(resource.key, resource.fields);
    const keyed = byMerchant(input.live);
    for (const [ref, resources] of keyed) {
      if (resources.merchant === undefined || !acceptsKey(ENTRY_SCHEMAS.merchant, 'providerReference', ref)) keyed.delete(ref);
    }
    this.keyed = keyed;
    this.unkeyed = byMerchant(input.unkeyed.live);
    this.proposals = input.assignReferences ? proposeReferences(input.unkeyed.merchants, keyed.keys()) : new Map();
    this.variableNames = assignVariableNames(this.secretOwners());
  }

  build(): ExportedManifest {
    const emvConfigs = [...this.emvs.keys()].sort(byText).map((name) => this.emvConfig(name));
    const acquirerProfiles = [...this.profiles.keys()].sort(byText).map((name) => this.acquirerProfile(name));
    const merchants: ExportedMerchant[] = [];
    for (const ref of [...this.keyed.keys()].sort(byText)) {
      merchants.push(this.merchant(this.keyed.get(ref)!, this.keyedContext(ref)));
    }
    const unkeyed = [...this.input.unkeyed.merchants].sort((a, b) => byText(a.mchId, b.mchId));
    for (const info of unkeyed) {
      const resources = this.unkeyed.get(info.mchId);
      if (resources?.merchant === undefined) continue;
      merchants.push(this.merchant(resources, this.unkeyedContext(info)));
    }
    const variables = merchants.flatMap((m) => m.variables).sort((a, b) => byText(a.name, b.name));
    if (this.input.bindingAllowsUnknown === true && [...this.input.live.resources.values()].some((r) => kindModule(r.kind).allowsFromSummary === true)) {
      this.notices.push(
        'bindings: allows left out: nothing this run read proves that the merchant list shows the bindings\' own lists rather than their profiles\', ' +
          'and binding records carry no allows; add them by hand where a binding has any, since an update replaces the whole binding',
      );
    }
    const group = acceptsGroup(this.input.groupId) ? this.input.groupId : undefined;
    if (group === undefined) {
      this.notices.push(`group: left out: the manifest format does not accept the group id ${JSON.stringify(this.input.groupId)} (G- and 8 digits)`);
    }
    return {
      groupId: this.input.groupId,
      groupName: this.input.groupName,
      ...(group !== undefined ? { group } : {}),
      emvConfigs,
      acquirerProfiles,
      merchants,
      variables,
      secretsManaged: this.input.manageSecrets === true,
      notices: this.notices,
      counts: this.counts(emvConfigs.length, acquirerProfiles.length, merchants),
    };
  }

  private keyedContext(ref: string): MerchantContext {
    return { reference: ref, label: `merchant ${ref}`, addressKey: ref, identityPrefix: `keyed\u0000${ref}`, commentedOut: false };
  }

  private unkeyedContext(info: UnkeyedMerchant): MerchantContext {
    const proposal = this.proposals.get(info.mchId);
    return {
      reference: proposal ?? '',
      label: `merchant ${info.mchId} (${JSON.stringify(info.mchName)})`,
      addressKey: info.mchId,
      identityPrefix: `unkeyed\u0000${info.mchId}`,
      commentedOut: true,
      unkeyed: info,
    };
  }

  /** Every device with a deviceAdmin, keyed or not, so that variable names are assigned once for all. */
  private secretOwners(): SecretOwner[] {
    const owners: SecretOwner[] = [];
    const add = (resources: MerchantResources, identityPrefix: string, merchant: string) => {
      for (const device of resources.devices) {
        const fields = fieldsOfKind(device, 'device');
        if (fields.deviceAdmin === undefined) continue;
        owners.push({ identity: `${identityPrefix}\u0000${device.key}`, merchant, device: deviceKeyOf(device) ?? String(device.id) });
      }
    };
    for (const [ref, resources] of this.keyed) add(resources, `keyed\u0000${ref}`, ref);
    for (const info of this.input.unkeyed.merchants) {
      const resources = this.unkeyed.get(info.mchId);
      if (resources !== undefined) add(resources, `unkeyed\u0000${info.mchId}`, this.proposals.get(info.mchId) ?? info.mchId);
    }
    return owners;
  }

  private leftOut(address: string, fields: readonly string[]): void {
    for (const field of fields) {
      this.notices.push(`${address}: ${field} left out: the manifest format does not accept its live value (not managed, so plan never changes it)`);
    }
  }

  private emvConfig(name: string): ExportedItem {
    // Values keep their type: a boolean stays a boolean and null stays null (true and "true" differ to a terminal).
    const { entry, leftOut } = fitEntry(ENTRY_SCHEMAS.emv, emv.exportFields(name, this.emvs.get(name)!));
    this.leftOut(`emv/${name}`, leftOut);
    return { entry: escapeTemplates(entry) };
  }

  private acquirerProfile(name: string): ExportedItem {
    const { entry, leftOut } = fitEntry(ENTRY_SCHEMAS.acquirer, acquirer.exportFields(name, this.profiles.get(name)!));
    this.leftOut(`acquirer/${name}`, leftOut);
    return { entry: escapeTemplates(entry) };
  }

  private merchant(resources: MerchantResources, context: MerchantContext): ExportedMerchant {
    const live = resources.merchant!;
    const fields = fieldsOfKind(live, 'merchant');
    // A write-only field (passcode) is never read back, so it is never exported. The receiptLogo is
    // the service's URL of it; uploaded content cannot be read back. The lists are written below.
    const { entry, leftOut } = fitEntry(
      ENTRY_SCHEMAS.merchant,
      merchant.exportFields(context.reference, fields),
      (merchant.children ?? []).map((child) => child.manifest.list),
    );
    this.leftOut(`merchant/${context.addressKey}`, leftOut);
    const { list: bindings, bound } = this.bindings(resources.bindings, context);
    const variables: SecretVariable[] = [];
    const devices = this.devices(resources.devices, context, bound, variables);
    const base = {
      entry: escapeTemplates(entry),
      providerReference: context.reference,
      mchId: String(live.id),
      mchName: fields.mchName ?? '',
      bindings,
      devices,
      variables,
    };
    const info = context.unkeyed;
    if (info === undefined) return base;
    const why =
      info.providerReference === undefined || info.providerReference === ''
        ? 'has no providerReference'
        : `has the providerReference ${JSON.stringify(info.providerReference)}, which cannot be a manifest key (it starts or ends with spaces)`;
    const put = `  PUT /api/openapi/v1/mchInfo/${base.mchId}   (a full replace: send every current field with it)`;
    const proposal = this.proposals.get(base.mchId);
    this.notices.push(
      `${context.label} ${why}: written commented out` +
        (proposal === undefined ? '; set a providerReference on it, then uncomment it (--assign-references proposes one)' : `, with the proposed providerReference ${proposal}`),
    );
    const commentedOut =
      proposal === undefined
        ? [
            `Not exported: ${context.label} ${why}, and paycfg matches merchants by providerReference.`,
            'Set a providerReference on the live merchant, in the portal or with',
            put,
            'then write it below in place of "" and uncomment this entry. `paycfg export --assign-references` proposes one.',
          ]
        : [
            `Not exported: ${context.label} ${why}, and paycfg matches merchants by providerReference.`,
            `First set providerReference to ${proposal} on the live merchant, in the portal or with`,
            put,
            'then uncomment this entry. Uncommented before the live merchant carries that reference, apply would create a second merchant.',
          ];
    return { ...base, commentedOut };
  }

  private bindings(resources: readonly LiveResource<'binding'>[], context: MerchantContext): { list: ExportedList; bound?: Bound } {
    const sorted = resources
      .map((r) => fieldsOfKind(r, 'binding'))
      .sort((a, b) => byText(a.acquirer, b.acquirer) || byText(a.currency, b.currency));
    const problems: string[] = [];
    const routes = new Map<string, string>();
    const items = sorted.map((fields): ExportedItem => {
      problems.push(...bindingProblems(fields, routes, this.catalogue));
      const { entry } = fitEntry(ENTRY_SCHEMAS.binding, {
        ...binding.exportFields('', fields),
        methods: manifestMethods(fields.methods ?? {}, this.input.bindingAllowsUnknown !== true),
      });
      return { entry: escapeTemplates(entry) };
    });
    if (problems.length > 0) {
      if (!context.commentedOut) {
        this.notices.push(`merchant/${context.addressKey}: bindings written commented out (not managed): ${problems.join('; ')}`);
      }
      return {
        list: {
          items,
          unmanaged: [
            `bindings: not managed, because the manifest format cannot express what is live: ${problems.join('; ')}.`,
            'Fix it in the service and export again.',
          ],
        },
      };
    }
    const methods = new Set(sorted.flatMap((b) => Object.keys(b.methods ?? {})));
    return { list: { items }, bound: { methods, profiles: new Set(sorted.map((b) => b.acquirer)) } };
  }

  private devices(
    resources: readonly LiveResource<'device'>[],
    context: MerchantContext,
    bound: Bound | undefined,
    variables: SecretVariable[],
  ): ExportedList {
    const keyed = resources.filter((d) => deviceKeyOf(d) !== undefined).sort((a, b) => byText(deviceKeyOf(a)!, deviceKeyOf(b)!));
    const unkeyed = resources.filter((d) => deviceKeyOf(d) === undefined).sort((a, b) => byText(String(a.id), String(b.id)));
    const items = [...keyed, ...unkeyed].map((device) => this.device(device, context, bound, variables));
    // A pending code missing from a managed list is one plan deletes; an activated terminal it only lists.
    const pending = unkeyed.filter((d) => d.lifecycle === 'pending').map((d) => String(d.id));
    if (pending.length === 0) return { items };
    if (!context.commentedOut) {
      this.notices.push(`merchant/${context.addressKey}: devices written commented out (not managed): pending activation code ${pending.join(', ')} has no usable deviceAlias`);
    }
    return {
      items,
      unmanaged: [
        `devices: not managed, because pending activation code ${pending.join(', ')} has no usable deviceAlias and a managed devices list would make plan delete it.`,
        'Set a deviceAlias on it (see below), then export again, or write the alias below and uncomment the list.',
      ],
    };
  }

  private device(device: LiveResource<'device'>, context: MerchantContext, bound: Bound | undefined, variables: SecretVariable[]): ExportedItem {
    const fields = fieldsOfKind(device, 'device');
    const alias = deviceKeyOf(device);
    const id = String(device.id);
    const address = alias === undefined ? `device ${id} of merchant ${context.addressKey}` : `device/${context.addressKey}/${alias}`;
    const identity = `${context.identityPrefix}\u0000${device.key}`;
    const named = this.variableNames.get(identity);
    // Named all the same when left out: the output says which variables --manage-secrets would use.
    const variable = this.input.manageSecrets === true ? named : undefined;
    if (named !== undefined) {
      variables.push({ name: named, merchant: context.reference || context.addressKey, device: alias ?? id, commentedOut: context.commentedOut || alias === undefined });
    }
    const dropped: string[] = [];
    const methods = fields.methods;
    let keepMethods = methods !== undefined;
    if (methods !== undefined && bound !== undefined) {
      const unbound = methods.filter((code) => !bound.methods.has(code));
      if (unbound.length > 0) {
        keepMethods = false;
        dropped.push(`methods left out (not managed): method ${unbound.join(', ')} is not bound for the merchant`);
      }
    }
    const acquirerProblem = acquirerFieldsProblem(fields.acquirerFields, bound, this.catalogue);
    if (acquirerProblem !== undefined) dropped.push(`acquirerFields left out (not managed): ${acquirerProblem}`);
    const exported = deviceKind.exportFields(alias ?? '', fields);
    const { entry, leftOut } = fitEntry(ENTRY_SCHEMAS.device, {
      ...exported,
      deviceAlias: alias ?? '',
      methods: keepMethods ? methods : undefined,
      // The variable's name stands in until the entry is escaped; the secret never reaches the entry.
      deviceAdmin: variable,
      acquirerFields: acquirerProblem === undefined ? exported['acquirerFields'] : undefined,
      emvParams: this.emvParams(fields.emvParams, dropped),
    });
    if (!context.commentedOut && alias !== undefined) {
      for (const text of dropped) this.notices.push(`${address}: ${text}`);
      this.leftOut(address, leftOut);
    }
    const written = escapeTemplates(entry);
    if (variable !== undefined) written['deviceAdmin'] = `\${${variable}}`;
    const what = LIFECYCLE_WORDS[device.lifecycle ?? 'pending'];
    const comment = device.lifecycle === 'active' || device.lifecycle === 'logout' ? `${what} ${id}` : undefined;
    if (alias !== undefined) return { entry: written, ...(comment !== undefined ? { comment } : {}) };

    this.commentedOutDevices += context.commentedOut ? 0 : 1;
    const liveAlias = fields.deviceAlias;
    const why = liveAlias === '' ? 'has no deviceAlias' : `has the deviceAlias ${JSON.stringify(liveAlias)}, which cannot be a manifest key (it starts or ends with spaces)`;
    if (!context.commentedOut) this.notices.push(`${address} (${what}) ${why}: written commented out; set a deviceAlias on it, then uncomment it`);
    return {
      entry: written,
      commentedOut: [
        `Not exported: ${what} ${id} ${why}, and paycfg matches devices by deviceAlias.`,
        'Set one, in the portal or with',
        `  PUT /api/openapi/v1/device/${id}   {"deviceAlias": "<alias>"}`,
        'then write it below in place of "" and uncomment this entry.',
      ],
    };
  }

  /**
   * Only the documented keys, in the model's order. Other keys are the service's own; emvParams
   * compare as a subset, so leaving them out shows no drift.
   */
  private emvParams(live: Record<string, unknown> | undefined, dropped: string[]): Record<string, unknown> | undefined {
    if (live === undefined) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(ENTRY_SCHEMAS.deviceEmvParams.shape)) {
      const value = live[key];
      if (value === undefined) continue;
      if (schema.safeParse(value).success) out[key] = value;
      else dropped.push(`emvParams.${key} left out: the manifest format does not accept its live value (not managed)`);
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }

  private counts(emvConfigs: number, acquirerProfiles: number, merchants: readonly ExportedMerchant[]): ExportCounts {
    const written = merchants.filter((m) => m.commentedOut === undefined);
    return {
      emvConfigs,
      acquirerProfiles,
      merchants: written.length,
      bindings: written.reduce((n, m) => n + (m.bindings.unmanaged === undefined ? m.bindings.items.length : 0), 0),
      devices: written.reduce((n, m) => n + (m.devices.unmanaged === undefined ? m.devices.items.filter((d) => d.commentedOut === undefined).length : 0), 0),
      commentedOutMerchants: merchants.length - written.length,
      commentedOutDevices: this.commentedOutDevices,
    };
  }
}

const LIFECYCLE_WORDS: Readonly<Record<DeviceLifecycle, string>> = {
  pending: 'pending activation code',
  active: 'activated terminal',
  logout: 'logged-out terminal',
  decommissioned: 'decommissioned terminal',
};

/** The alias a manifest can key the device by, or undefined when it has none usable. */
function deviceKeyOf(device: LiveResource<'device'>): string | undefined {
  const alias = (fieldsOfKind(device, 'device')).deviceAlias;
  return acceptsKey(ENTRY_SCHEMAS.device, 'deviceAlias', alias) ? alias : undefined;
}

function byMerchant(state: LiveState): Map<string, MerchantResources> {
  const out = new Map<string, MerchantResources>();
  const slot = (ref: string): MerchantResources => {
    let entry = out.get(ref);
    if (entry === undefined) {
      entry = { bindings: [], devices: [] };
      out.set(ref, entry);
    }
    return entry;
  };
  for (const resource of state.resources.values()) {
    // A merchant's records are grouped under it by the list its entry writes them in.
    if (hasChildren(resource.kind)) slot(resource.key).merchant = resource as LiveResource<'merchant'>;
    else if (parentOf(resource.kind) !== undefined) (slot(resource.merchant!)[kindModule(resource.kind).manifest.list as 'bindings' | 'devices'] as LiveResource[]).push(resource);
  }
  return out;
}
