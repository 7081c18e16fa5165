/**
 * Runs the built-in payment rules over a loaded manifest: every entry of every kind, through the
 * kinds registry (top-level lists, then the lists written inside their entries), each with its
 * kind's rules less those its `skipRules` switch off. One pass; lookups by name through maps, so the
 * run is linear in the manifest's size.
 */
import { addressOf as kindAddress } from '../kinds/addresses.js';
import type { AnyKindModule } from '../kinds/kind-module.js';
import { childrenOf, TOP_LEVEL_KINDS, type Kind } from '../kinds/registry.js';
import type { Finding, SkippedRule } from '../findings/types.js';
import { pathKey } from '../manifest/check-file.js';
import { diagnostic, type ManifestPath } from '../manifest/diagnostics.js';
import type { LoadedManifest } from '../manifest/load-manifest.js';
import type { AcquirerProfileEntry, EmvConfigEntry } from '../manifest/model.js';
import { PAYMENT_RULE_DESCRIPTORS, rulesOfKind } from './catalogue.js';
import { PAYMENT_RULES_PACK, type ManifestLookup, type PaymentRule, type RuleContext, type RuleDiagnostic, type RulesReport } from './types.js';

export type RulesInput = Pick<LoadedManifest, 'manifest' | 'locate' | 'secrets' | 'missingVariables'>;

type Entry = Readonly<Record<string, unknown>>;

const SECRET = '<secret value>';

interface SkipItem {
  readonly rule: string;
  readonly reason: string;
}

export function runPaymentRules(loaded: RulesInput): RulesReport {
  return new RulesRun(loaded).run();
}

/** Where an entry stands: its kind, itself, its path in the merged manifest, and the entry it is written in. */
interface Place {
  readonly module: AnyKindModule;
  readonly entry: Entry;
  readonly path: ManifestPath;
  readonly parent: Place | undefined;
}

class RulesRun {
  private readonly errors: RuleDiagnostic[] = [];
  private readonly warnings: RuleDiagnostic[] = [];
  private readonly skipped: SkippedRule[] = [];
  private readonly findings: Finding[] = [];
  private readonly secretPaths: ReadonlySet<string>;
  private readonly markers: readonly string[];
  readonly lookup: ManifestLookup;
  /** Where each EMV config and profile the lookup gives is, for shownIn. */
  readonly pathOf = new Map<object, ManifestPath>();

  constructor(private readonly loaded: RulesInput) {
    this.secretPaths = new Set(loaded.secrets.map((secret) => pathKey(secret.path)));
    this.markers = loaded.missingVariables.map((name) => `\${${name}}`);
    const emvs = new Map<string, EmvConfigEntry>();
    loaded.manifest.emvConfigs.forEach((emv, index) => {
      if (emvs.has(emv.emvName)) return;
      emvs.set(emv.emvName, emv);
      this.pathOf.set(emv, ['emvConfigs', index]);
    });
    const profiles = new Map<string, AcquirerProfileEntry>();
    loaded.manifest.acquirerProfiles.forEach((profile, index) => {
      if (profiles.has(profile.profileName)) return;
      profiles.set(profile.profileName, profile);
      this.pathOf.set(profile, ['acquirerProfiles', index]);
    });
    this.lookup = { emv: (name) => emvs.get(name), profile: (name) => profiles.get(name) };
  }

  run(): RulesReport {
    const manifest = this.loaded.manifest as unknown as Readonly<Record<string, readonly Entry[] | undefined>>;
    for (const module of TOP_LEVEL_KINDS) {
      const list = manifest[module.manifest.list] ?? [];
      for (let index = 0; index < list.length; index++) this.visit({ module, entry: list[index]!, path: [module.manifest.list, index], parent: undefined });
    }
    return { rules: PAYMENT_RULE_DESCRIPTORS, errors: this.errors, warnings: this.warnings, skipped: this.skipped, findings: this.findings };
  }

  pending(value: unknown): boolean {
    if (this.markers.length === 0 || typeof value !== 'string' || !value.includes('${')) return false;
    return this.markers.some((marker) => value.includes(marker));
  }

  isSecret(path: ManifestPath): boolean {
    return this.secretPaths.size > 0 && this.secretPaths.has(pathKey(path));
  }

  /** One entry with its kind's rules, then the entries written inside it with theirs. */
  private visit(place: Place): void {
    const rules = rulesOfKind(place.module.kind as Kind);
    const skips = this.skipsOf(place, rules);
    if (rules.length > 0) {
      const context = new EntryContext(this, place);
      for (const rule of rules) {
        if (skips?.has(rule.id) === true) continue;
        context.rule = rule;
        rule.check(place.entry, context);
      }
    }
    for (const child of childrenOf(place.module)) {
      const list = place.entry[child.manifest.list] as readonly Entry[] | undefined;
      if (list === undefined) continue;
      for (let index = 0; index < list.length; index++) this.visit({ module: child, entry: list[index]!, path: [...place.path, child.manifest.list, index], parent: place });
    }
  }

  /** The rules the entry switches off, each reported as skipped; undefined when it switches none off. */
  private skipsOf(place: Place, rules: readonly PaymentRule[]): Set<string> | undefined {
    const items = place.entry['skipRules'] as readonly SkipItem[] | undefined;
    if (items === undefined || items.length === 0) return undefined;
    const ids = new Set<string>();
    items.forEach((item, index) => {
      // The loader refuses a rule of no kind or of another kind; a manifest built elsewhere may still name one.
      if (!rules.some((rule) => rule.id === item.rule)) return;
      ids.add(item.rule);
      const { position } = this.loaded.locate.place([...place.path, 'skipRules', index, 'rule']);
      this.skipped.push({ rule: item.rule, address: addressOf(place), reason: item.reason, location: { file: position.file, line: position.line, col: position.col } });
    });
    return ids;
  }

  record(rule: PaymentRule, place: Place, at: ManifestPath, message: string, where: 'value' | 'key'): void {
    const { position, localPath } = this.loaded.locate.place([...place.path, ...at], where);
    const plain = diagnostic(position, localPath, message);
    const found: RuleDiagnostic = { ...plain, message: `${plain.message} [${rule.id}]`, rule: rule.id, severity: rule.severity };
    (rule.severity === 'error' ? this.errors : this.warnings).push(found);
    this.findings.push({
      rule: rule.id,
      pack: PAYMENT_RULES_PACK,
      level: rule.severity,
      message: plain.message,
      address: addressOf(place),
      location: { file: position.file, line: position.line, col: position.col },
      blocking: rule.severity === 'error',
    });
  }
}

/** An entry's address, made only for a finding or a skip: nearly every entry of a large group has neither. */
function addressOf(place: Place): string {
  const parentKey = place.parent === undefined ? undefined : place.parent.module.key(place.parent.entry);
  return kindAddress(place.module.kind, place.module.key(place.entry, parentKey));
}

/** What a rule sees of the run, for one entry: a class, not closures, for it is made for every entry of a large group. */
class EntryContext implements RuleContext<unknown> {
  rule: PaymentRule | undefined;
  readonly parent: unknown;
  readonly lookup: ManifestLookup;

  constructor(
    private readonly run: RulesRun,
    private readonly place: Place,
  ) {
    this.parent = place.parent?.entry;
    this.lookup = run.lookup;
  }

  pending(value: unknown): boolean {
    return this.run.pending(value);
  }

  secret(path: ManifestPath): boolean {
    return this.run.isSecret([...this.place.path, ...path]);
  }

  shown(path: ManifestPath, value: unknown): string {
    return this.shownAt([...this.place.path, ...path], value);
  }

  shownInParent(path: ManifestPath, value: unknown): string {
    return this.place.parent === undefined ? SECRET : this.shownAt([...this.place.parent.path, ...path], value);
  }

  shownIn(entry: object, path: ManifestPath, value: unknown): string {
    const at = this.run.pathOf.get(entry);
    return at === undefined ? SECRET : this.shownAt([...at, ...path], value);
  }

  report(path: ManifestPath, message: string, at: 'value' | 'key' = 'value'): void {
    this.run.record(this.rule!, this.place, path, message, at);
  }

  private shownAt(path: ManifestPath, value: unknown): string {
    return this.run.isSecret(path) ? SECRET : typeof value === 'string' ? value : String(value);
  }
}
