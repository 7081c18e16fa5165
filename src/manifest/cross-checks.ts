import { didYouMean } from './did-you-mean.js';
import { formatPosition, type ManifestPath, type SourcePosition } from './diagnostics.js';
import type { AcquirerProfileEntry, BindingEntry, DeviceEntry, EmvConfigEntry, MerchantEntry } from './model.js';
import { paymentMethodType } from './payment-methods.js';
import type { MergedList } from './positions.js';

/** A merchant whose bindings or devices may have holes where a sub-entry failed the model. */
export type CheckableMerchant = Omit<MerchantEntry, 'bindings' | 'devices'> & {
  readonly bindings?: readonly (BindingEntry | undefined)[] | undefined;
  readonly devices?: readonly (DeviceEntry | undefined)[] | undefined;
};

/** What the cross-checks read: a Manifest, or the parts of one that passed the model. */
export interface CheckableManifest {
  readonly emvConfigs: readonly EmvConfigEntry[];
  readonly acquirerProfiles: readonly AcquirerProfileEntry[];
  readonly merchants: readonly CheckableMerchant[];
}

export interface CrossCheckContext {
  /** Records a problem at a path of the merged manifest (its value, or its key). */
  report(path: ManifestPath, text: string, at?: 'value' | 'key'): void;
  locate(path: ManifestPath): SourcePosition;
  /** Keys of entries that failed the model: references to them are not reported again. */
  readonly brokenKeys: Readonly<Record<MergedList, ReadonlySet<string>>>;
  /** True when the value at the path must not appear in a message. */
  isSecret(path: ManifestPath): boolean;
}

/**
 * The second pass: rules that span entries (references, method codes per acqType, defaults,
 * what a merchant has bound). Runs on the entries that passed the model; every lookup goes
 * through a map, so the pass is linear in the manifest's size.
 */
export function crossCheck(manifest: CheckableManifest, context: CrossCheckContext): void {
  new CrossChecker(manifest, context).run();
}

const SECRET = '<secret value>';

class CrossChecker {
  private readonly emvs = new Map<string, EmvConfigEntry>();
  private readonly profiles = new Map<string, AcquirerProfileEntry>();
  /** Where each profile of `profiles` is, to tell whether one of its values came from a variable. */
  private readonly profilePaths = new Map<AcquirerProfileEntry, ManifestPath>();
  /** Names a "did you mean" may suggest: those not built from variables. */
  private readonly suggestable = { emvs: [] as string[], profiles: [] as string[] };

  constructor(
    private readonly manifest: CheckableManifest,
    private readonly context: CrossCheckContext,
  ) {
    manifest.emvConfigs.forEach((emv, index) => {
      if (this.emvs.has(emv.emvName)) return;
      this.emvs.set(emv.emvName, emv);
      if (!context.isSecret(['emvConfigs', index, 'emvName'])) this.suggestable.emvs.push(emv.emvName);
    });
    manifest.acquirerProfiles.forEach((profile, index) => {
      if (this.profiles.has(profile.profileName)) return;
      this.profiles.set(profile.profileName, profile);
      this.profilePaths.set(profile, ['acquirerProfiles', index]);
      if (!context.isSecret(['acquirerProfiles', index, 'profileName'])) this.suggestable.profiles.push(profile.profileName);
    });
  }

  run(): void {
    this.checkProfiles();
    this.manifest.merchants.forEach((merchant, index) => this.checkMerchant(merchant, ['merchants', index]));
  }

  /** A name as it may appear in a message: quoted, unless it came from an environment variable. */
  private quote(value: string, path: ManifestPath): string {
    return this.context.isSecret(path) ? SECRET : JSON.stringify(value);
  }

  /** A value as it may appear in a message, as written, unless it came from an environment variable. */
  private shown(value: string, path: ManifestPath): string {
    return this.context.isSecret(path) ? SECRET : value;
  }

  private checkProfiles(): void {
    const defaults = new Map<string, { name: string; path: ManifestPath }>();
    this.manifest.acquirerProfiles.forEach((profile, index) => {
      const path: ManifestPath = ['acquirerProfiles', index];
      const name = this.quote(profile.profileName, [...path, 'profileName']);
      for (const [code, entry] of Object.entries(profile.methods)) {
        const methodPath = [...path, 'methods', code];
        const type = paymentMethodType(code);
        if (type !== profile.acqType) {
          this.context.report(
            methodPath,
            `method ${code} is a ${type === 'qr' ? 'QR' : 'card'} method, but profile ${name} has acqType ${profile.acqType} ` +
              (profile.acqType === 'card' ? '(card profiles take 01..06)' : '(QR profiles take A1..A3, B1..B3, C1..C16)'),
            'key',
          );
        } else if (profile.acqType === 'card' && (entry.emvs ?? []).length === 0) {
          this.context.report(
            methodPath,
            'a card profile needs at least one EMV config for every method (the service refuses the profile otherwise); add emvs: [<emvName>]',
            'key',
          );
        }
        this.checkEmvReferences(entry.emvs, code, [...methodPath, 'emvs']);
      }
      if (profile.asDefault === true) {
        const first = defaults.get(profile.acqType);
        if (first === undefined) {
          defaults.set(profile.acqType, { name, path: [...path, 'asDefault'] });
        } else {
          this.context.report(
            [...path, 'asDefault'],
            `profile ${name} and profile ${first.name} (${formatPosition(this.context.locate(first.path))}) are both ` +
              `the default ${profile.acqType} profile; the service keeps one default per acqType`,
          );
        }
      }
    });
  }

  private checkEmvReferences(names: readonly string[] | undefined, code: string, path: ManifestPath): void {
    (names ?? []).forEach((emvName, index) => {
      const emv = this.emvs.get(emvName);
      if (emv?.paymentMethod === code) return;
      const at = [...path, index];
      if (emv === undefined) {
        if (this.context.brokenKeys.emvConfigs.has(emvName)) return;
        const hint = this.context.isSecret(at) ? '' : didYouMean(emvName, this.suggestable.emvs);
        this.context.report(at, `EMV config ${this.quote(emvName, at)} is not defined in the manifest${hint}`);
        return;
      }
      if (emv.paymentMethod !== code) {
        this.context.report(at, `EMV config ${this.quote(emvName, at)} is for method ${emv.paymentMethod}, not ${code}`);
      }
    });
  }

  /**
   * The profile a reference names, or undefined after reporting it (or when the profile is broken).
   * The reference's path is asked for only to report it.
   */
  private profileReference(name: string, referencePath: () => ManifestPath, at: 'value' | 'key'): AcquirerProfileEntry | undefined {
    const profile = this.profiles.get(name);
    if (profile !== undefined || this.context.brokenKeys.acquirerProfiles.has(name)) return profile;
    const path = referencePath();
    const hint = this.context.isSecret(path) ? '' : didYouMean(name, this.suggestable.profiles);
    this.context.report(path, `acquirer profile ${this.quote(name, path)} is not defined in the manifest${hint}`, at);
    return undefined;
  }

  private checkMerchant(merchant: CheckableMerchant, path: ManifestPath): void {
    // Names in messages are built only for a report: quoting checks whether a value came from a variable.
    const merchantName = (): string => this.quote(merchant.providerReference, [...path, 'providerReference']);
    const bound = merchant.bindings === undefined ? undefined : this.checkBindings(merchant, path);
    /** Index of the first device with each alias. */
    const aliases = new Map<string, number>();
    (merchant.devices ?? []).forEach((device, index) => {
      if (device === undefined) return;
      // Built only for a report, as names are: a large manifest has tens of thousands of devices, nearly all fine.
      const devicePath = (...rest: (string | number)[]): ManifestPath => [...path, 'devices', index, ...rest];
      const first = aliases.get(device.deviceAlias);
      if (first !== undefined) {
        const aliasPath = devicePath('deviceAlias');
        this.context.report(
          aliasPath,
          `device ${this.quote(device.deviceAlias, aliasPath)} is already defined at ` +
            `${formatPosition(this.context.locate([...path, 'devices', first, 'deviceAlias']))}; each deviceAlias must be unique within its merchant`,
        );
      } else {
        aliases.set(device.deviceAlias, index);
      }
      // What is bound is known only when the manifest manages the merchant's bindings.
      if (bound !== undefined) {
        (device.methods ?? []).forEach((code, methodIndex) => {
          if (bound.methods.has(code)) return;
          const list = [...bound.methods].sort().join(', ');
          this.context.report(
            devicePath('methods', methodIndex),
            `method ${code} is not bound for merchant ${merchantName()} ` +
              `(${list === '' ? 'it has no binding' : `bound: ${list}`}); bind it under bindings or remove it here`,
          );
        });
      }
      const acquirerFields = device.acquirerFields ?? {};
      for (const profileName in acquirerFields) {
        if (!Object.hasOwn(acquirerFields, profileName)) continue;
        const fieldsPath = (): ManifestPath => devicePath('acquirerFields', profileName);
        const profile = this.profileReference(profileName, fieldsPath, 'key');
        if (profile === undefined) continue;
        if (bound !== undefined && !bound.profiles.has(profileName)) {
          this.context.report(
            fieldsPath(),
            `acquirer profile ${JSON.stringify(profileName)} is not bound for merchant ${merchantName()}; ` +
              'bind it under bindings or remove these fields',
            'key',
          );
        }
        this.checkEnablerFields(profile, profileName, acquirerFields[profileName]!, fieldsPath);
      }
    });
  }

  /**
   * Checks the merchant's bindings and returns what they bind, or undefined when that is not
   * known because a binding failed the model.
   */
  private checkBindings(merchant: CheckableMerchant, path: ManifestPath): { methods: Set<string>; profiles: Set<string> } | undefined {
    const methods = new Set<string>();
    const profiles = new Set<string>();
    const byKey = new Map<string, ManifestPath>();
    const routeOf = new Map<string, { acquirer: () => string; index: number }>();
    let complete = true;
    (merchant.bindings ?? []).forEach((binding, index) => {
      if (binding === undefined) {
        complete = false;
        return;
      }
      const bindingPath = [...path, 'bindings', index];
      const key = `${binding.acquirer}\u0000${binding.currency}`;
      const first = byKey.get(key);
      if (first !== undefined) {
        this.context.report(
          bindingPath,
          `a binding to acquirer profile ${this.quote(binding.acquirer, [...bindingPath, 'acquirer'])} in ` +
            `${this.shown(binding.currency, [...bindingPath, 'currency'])} is already ` +
            `defined at ${formatPosition(this.context.locate(first))}; one binding per (acquirer, currency)`,
        );
        return;
      }
      byKey.set(key, bindingPath);
      profiles.add(binding.acquirer);
      const acquirerName = (): string => this.quote(binding.acquirer, [...bindingPath, 'acquirer']);
      const profile = this.profileReference(binding.acquirer, () => [...bindingPath, 'acquirer'], 'value');
      for (const [code, entry] of Object.entries(binding.methods)) {
        methods.add(code);
        const methodPath = [...bindingPath, 'methods', code];
        if (profile !== undefined && !Object.hasOwn(profile.methods, code)) {
          this.context.report(
            methodPath,
            `method ${code} is not a method of acquirer profile ${acquirerName()} ` +
              `(its methods: ${Object.keys(profile.methods).join(', ')})`,
            'key',
          );
        }
        // The service refuses a binding whose (currency, method) another profile of the merchant already routes.
        const route = `${binding.currency}\u0000${code}`;
        const other = routeOf.get(route);
        if (other === undefined) {
          routeOf.set(route, { acquirer: acquirerName, index });
        } else {
          this.context.report(
            methodPath,
            `method ${code} in ${this.shown(binding.currency, [...bindingPath, 'currency'])} is already bound to acquirer profile ${other.acquirer()} ` +
              `by bindings[${other.index}]; the service routes each (currency, method) of a merchant through one profile`,
            'key',
          );
        }
        this.checkEmvReferences(entry.emvs, code, [...methodPath, 'emvs']);
      }
    });
    return complete ? { methods, profiles } : undefined;
  }

  /** `profileName` is the device's acquirerFields key, written as it is (keys never come from variables). */
  private checkEnablerFields(profile: AcquirerProfileEntry, profileName: string, fields: Record<string, string>, fieldsPath: () => ManifestPath): void {
    // Without enablerParams on the profile the group-level list applies, which is unknown offline.
    const expected = profile.enablerParams ?? [];
    if (expected.length === 0) return;
    let unexpected = false;
    for (const field in fields) if (Object.hasOwn(fields, field) && !expected.includes(field)) unexpected = true;
    // Every device of a large group passes: the messages (and the secret checks they make) are built only for a failure.
    if (!unexpected && expected.every((field) => Object.hasOwn(fields, field))) return;
    const path = fieldsPath();
    const profilePath = this.profilePaths.get(profile) ?? [];
    const at = (index: number): ManifestPath => [...profilePath, 'enablerParams', index];
    const listed = expected.map((field, index) => this.shown(field, at(index))).join(', ');
    const missing = expected.flatMap((field, index) => (Object.hasOwn(fields, field) ? [] : [this.quote(field, at(index))]));
    if (missing.length > 0) {
      this.context.report(
        path,
        `missing ${missing.length === 1 ? 'field' : 'fields'} ${missing.join(', ')}: acquirer profile ${JSON.stringify(profileName)} ` +
          `has enablerParams ${listed}`,
      );
    }
    const suggestable = expected.filter((_, index) => !this.context.isSecret(at(index)));
    for (const field of Object.keys(fields)) {
      if (expected.includes(field)) continue;
      this.context.report(
        [...path, field],
        `field ${JSON.stringify(field)} is not in the enablerParams of acquirer profile ${JSON.stringify(profileName)} ` +
          `(${listed})${didYouMean(field, suggestable)}`,
        'key',
      );
    }
  }
}
