/**
 * What a group on the legacy API (/api/v2) cannot be given: the manifest's values that no legacy
 * request can write, each refused at file:line:col before any request, with what it is, why the
 * legacy API has no place for it and what to do. A field the legacy API cannot carry says so in
 * its kind's field facts (`legacyLacks`, src/kinds/); the rules that span entries (a binding is its
 * merchant's methods bound to a whole profile, a terminal holds one profile's fields) are here.
 *
 * Run after the manifest loaded (it is valid for the current API): by validate when the run is for
 * the legacy API, by plan and the other commands once they know the group is a legacy one.
 */
import type { AnyKindModule } from '../kinds/kind-module.js';
import { childrenOf, TOP_LEVEL_KINDS } from '../kinds/registry.js';
import { pathKey } from './check-file.js';
import { diagnostic, formatPosition, ManifestError, sortDiagnostics, type Diagnostic, type ManifestPath } from './diagnostics.js';
import { SECRET_FIELDS } from './issue-text.js';
import type { FieldFacts } from '../kinds/field-facts.js';
import type { LoadedManifest } from './load-manifest.js';
import type { AcquirerProfileEntry, BindingEntry, MerchantEntry } from './model.js';

/** What the check reads of a loaded manifest. */
export type LegacyLimitsInput = Pick<LoadedManifest, 'manifest' | 'locate' | 'secrets' | 'missingVariables' | 'files'>;

const USE_CURRENT = 'or use the current API (api: current)';
const SECRET = '<secret value>';

/** The problems of a loaded manifest on the legacy API, sorted as a ManifestError sorts them. Sends no request. */
export function legacyLimits(loaded: LegacyLimitsInput): Diagnostic[] {
  return new LegacyChecker(loaded).run();
}

/** Throws a ManifestError holding every problem of `legacyLimits`, when there is one. */
export function checkLegacyLimits(loaded: LegacyLimitsInput): void {
  const diagnostics = legacyLimits(loaded);
  if (diagnostics.length > 0) throw new ManifestError(diagnostics, loaded.files);
}

class LegacyChecker {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly secretPaths: ReadonlySet<string>;
  /** Values that wait for a variable `validate --allow-missing-env` left unset: not known, so not compared. */
  private readonly waitingPaths: ReadonlySet<string>;
  private readonly profiles = new Map<string, { readonly profile: AcquirerProfileEntry; readonly path: ManifestPath }>();

  constructor(private readonly loaded: LegacyLimitsInput) {
    const missing = new Set(loaded.missingVariables);
    this.secretPaths = new Set(loaded.secrets.map((secret) => pathKey(secret.path)));
    this.waitingPaths = new Set(loaded.secrets.filter((secret) => secret.variables.some((name) => missing.has(name))).map((secret) => pathKey(secret.path)));
    loaded.manifest.acquirerProfiles.forEach((profile, index) => {
      if (!this.profiles.has(profile.profileName)) this.profiles.set(profile.profileName, { profile, path: ['acquirerProfiles', index] });
    });
  }

  run(): Diagnostic[] {
    const lists = this.loaded.manifest as unknown as Readonly<Record<string, readonly object[] | undefined>>;
    for (const module of TOP_LEVEL_KINDS) {
      (lists[module.manifest.list] ?? []).forEach((entry, index) => this.checkEntry(module, entry, [module.manifest.list, index]));
    }
    this.loaded.manifest.merchants.forEach((merchant, index) => this.checkMerchant(merchant, ['merchants', index]));
    return sortDiagnostics(this.diagnostics, this.loaded.files);
  }

  /** An entry's fields the legacy API cannot carry, then its children's. */
  private checkEntry(module: AnyKindModule, entry: object, path: ManifestPath): void {
    this.checkFields(module, entry, path);
    for (const child of childrenOf(module)) {
      const list = (entry as Readonly<Record<string, readonly object[] | undefined>>)[child.manifest.list] ?? [];
      list.forEach((item, index) => this.checkEntry(child, item, [...path, child.manifest.list, index]));
    }
  }

  private checkMerchant(merchant: MerchantEntry, path: ManifestPath): void {
    (merchant.devices ?? []).forEach((device, index) => this.checkDeviceProfiles(device.acquirerFields, [...path, 'devices', index, 'acquirerFields']));
    /** Per method code: the first binding that binds it, and through which profile. */
    const boundBy = new Map<string, { readonly profile: string; readonly index: number }>();
    (merchant.bindings ?? []).forEach((binding, index) => {
      const bindingPath = [...path, 'bindings', index];
      const named = this.profiles.get(binding.acquirer);
      if (named !== undefined) this.checkBindingAgainstProfile(binding, bindingPath, named.profile, named.path);
      for (const code of Object.keys(binding.methods)) {
        const first = boundBy.get(code);
        if (first === undefined) {
          boundBy.set(code, { profile: binding.acquirer, index });
          continue;
        }
        // The same profile twice is a second currency of it, which the binding's currency check reports.
        if (first.profile === binding.acquirer) continue;
        const firstAt = formatPosition(this.loaded.locate.place([...path, 'bindings', first.index, 'methods', code], 'key').position);
        this.report(
          [...bindingPath, 'methods', code],
          `method ${code} is also bound through acquirer profile ${this.quote(first.profile, [...path, 'bindings', first.index, 'acquirer'])} ` +
            `by bindings[${first.index}] (${firstAt}): the legacy API binds each method of a merchant to one profile; ` +
            `bind it in one binding only, ${USE_CURRENT}`,
          'key',
        );
      }
    });
  }

  /**
   * The fields of the kind the legacy API cannot carry (`legacyLacks`), where the files write them
   * (a defaulted acqType is not refused) with another value than the one it holds by nature: a
   * field it has no place for at its key, a value it cannot hold at the value.
   */
  private checkFields(module: AnyKindModule, entry: object, path: ManifestPath): void {
    const values = entry as Readonly<Record<string, unknown>>;
    for (const [field, facts] of Object.entries(module.facts as Readonly<Record<string, FieldFacts>>)) {
      const lack = facts.legacyLacks;
      const value = values[field];
      if (lack === undefined || value === undefined || value === lack.holds) continue;
      const fieldPath = [...path, field];
      if (!this.loaded.locate.place(fieldPath, 'key').written || this.isWaiting(fieldPath)) continue;
      if (lack.holds === undefined) {
        this.report(fieldPath, `the legacy API ${lack.words}; remove it, ${USE_CURRENT}`, 'key');
      } else {
        const shown = typeof value === 'string' ? this.quote(value, fieldPath) : String(value);
        this.report(fieldPath, `${shown} cannot be set through the legacy API, which ${lack.words}; write ${String(lack.holds)}, ${USE_CURRENT}`);
      }
    }
  }

  /** A legacy terminal holds one profile's fields, flat in its extParams (acqTid, acqMid): a second profile is refused at its key. */
  private checkDeviceProfiles(acquirerFields: Readonly<Record<string, unknown>> | undefined, path: ManifestPath): void {
    const profiles = Object.keys(acquirerFields ?? {});
    for (const profile of profiles.slice(1)) {
      this.report(
        [...path, profile],
        `acquirer profile ${JSON.stringify(profile)} is this device's second: a legacy terminal holds the fields of one profile ` +
          `(${JSON.stringify(profiles[0])} here); keep one, ${USE_CURRENT}`,
        'key',
      );
    }
  }

  /**
   * On the legacy API a binding is its merchant's methods bound to a profile: it has the profile's
   * currency, and each method the profile's EMV configs and allows for it.
   */
  private checkBindingAgainstProfile(binding: BindingEntry, path: ManifestPath, profile: AcquirerProfileEntry, profilePath: ManifestPath): void {
    const profileName = this.quote(binding.acquirer, [...path, 'acquirer']);
    const currencyPath = [...path, 'currency'];
    const profileCurrencyPath = [...profilePath, 'currency'];
    if (binding.currency !== profile.currency && !this.isWaiting(currencyPath) && !this.isWaiting(profileCurrencyPath)) {
      this.report(
        currencyPath,
        `${this.quote(binding.currency, currencyPath)} is not the currency of acquirer profile ${profileName} ` +
          `(${this.shown(profile.currency, profileCurrencyPath)}, at ${formatPosition(this.loaded.locate(profileCurrencyPath))}): ` +
          `the legacy API binds a merchant's methods to a whole profile, in the profile's currency; ` +
          `write ${this.shown(profile.currency, profileCurrencyPath)}, ${USE_CURRENT}`,
      );
    }
    for (const [code, method] of Object.entries(binding.methods)) {
      const profileMethod = profile.methods[code];
      // A method the profile lacks is the loader's error already.
      if (profileMethod === undefined) continue;
      const methodPath = [...path, 'methods', code];
      const profileMethodPath = [...profilePath, 'methods', code];
      const lists = [
        { field: 'emvs', words: 'EMV configs', ordered: false, mine: method.emvs ?? [], theirs: profileMethod.emvs ?? [] },
        { field: 'allows', words: 'allows', ordered: true, mine: method.allows ?? [], theirs: profileMethod.allows ?? [] },
      ] as const;
      for (const { field, words, ordered, mine, theirs } of lists) {
        const minePath = [...methodPath, field];
        const theirsPath = [...profileMethodPath, field];
        if (sameList(mine, theirs, ordered) || this.anyWaiting(minePath, mine) || this.anyWaiting(theirsPath, theirs)) continue;
        const here = this.loaded.locate.place(minePath).written ? minePath : methodPath;
        const there = this.loaded.locate.place(theirsPath).written ? theirsPath : profileMethodPath;
        this.report(
          here,
          `the ${words} of method ${code} here (${this.listed(mine, minePath)}) are not acquirer profile ${profileName}'s for it ` +
            `(${this.listed(theirs, theirsPath)}, at ${formatPosition(this.loaded.locate(there))}): the legacy API binds a method to a whole ` +
            `profile, with its ${words}; write the profile's, ${USE_CURRENT}`,
          here === methodPath ? 'key' : 'value',
        );
      }
    }
  }

  private report(path: ManifestPath, text: string, at: 'value' | 'key' = 'value'): void {
    const { position, localPath } = this.loaded.locate.place(path, at);
    this.diagnostics.push(diagnostic(position, localPath, text));
  }

  private isSecret(path: ManifestPath): boolean {
    return this.secretPaths.has(pathKey(path)) || path.some((segment) => SECRET_FIELDS.has(String(segment)));
  }

  private isWaiting(path: ManifestPath): boolean {
    return this.waitingPaths.has(pathKey(path));
  }

  private anyWaiting(path: ManifestPath, list: readonly string[]): boolean {
    return list.some((_, index) => this.isWaiting([...path, index]));
  }

  /** A value as a message may quote it: never one that came from a variable. */
  private quote(value: string, path: ManifestPath): string {
    return this.isSecret(path) ? SECRET : JSON.stringify(value);
  }

  private shown(value: string, path: ManifestPath): string {
    return this.isSecret(path) ? SECRET : value;
  }

  private listed(list: readonly string[], path: ManifestPath): string {
    return list.length === 0 ? 'none' : list.map((item, index) => this.shown(item, [...path, index])).join(', ');
  }
}

/** EMV config names compare as a set (their order carries no meaning, as in the plan's diff); allows in order. */
function sameList(a: readonly string[], b: readonly string[], ordered: boolean): boolean {
  if (a.length !== b.length) return false;
  if (ordered) return a.every((item, index) => item === b[index]);
  const sorted = [...b].sort();
  return [...a].sort().every((item, index) => item === sorted[index]);
}
