import { mkdir, readFile, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Node as YamlNode } from 'yaml';
import { TOP_LEVEL_KINDS } from '../kinds/registry.js';
import { SECRET_FIELDS } from '../manifest/issue-text.js';
import type { LoadedManifest, Manifest, ManifestPath } from '../manifest/index.js';
import type { Comparison, ListName, MovedEntry } from './against-compare.js';
import { destinationOf, ExportAgainstError, groupFileOf, type AgainstLayout } from './against-layout.js';
import { secretSourceName, valueNameFor, ValueNames } from './against-names.js';
import type { AgainstExportRun, ExportAgainstInput, MovedRecord, TemplatedField } from './against-run.js';
import { EnvironmentValues } from './against-values.js';
import { editedText } from './edited-text.js';
import type { EditedFiles } from './edited-files.js';
import { parseEnvironmentsDocument, setEnvironmentValues } from './environments-edits.js';
import type { ExportedManifest } from './exported-manifest.js';
import { refuseTokenInText } from './held-token.js';
import { appendEntries, ensureGroup, entryOf, holdsMoreThanItsHeader, removeEntries, removeTopLevel, replaceWithReference, updateModeline } from './manifest-edits.js';
import { ownPart } from './own-part.js';
import { schemaReference } from './schema-location.js';
import { writeFileAtomically, writeFileSet } from './write-output.js';
import { renderFileSet, renderSingleFile } from './write-yaml.js';

const KEY_FIELDS = new Map(TOP_LEVEL_KINDS.map((kind) => [kind.manifest.list as ListName, kind.keyField!]));

export interface EditInput {
  readonly input: ExportAgainstInput;
  readonly layout: AgainstLayout;
  /** A's manifests as loaded (positions: where each entry and value is written). */
  readonly loaded: LoadedManifest;
  readonly files: EditedFiles;
  readonly comparison: Comparison;
  /** B's export, and the same loaded back. */
  readonly exported: ExportedManifest;
  readonly toManifest: Manifest;
}

/**
 * The edits the comparison calls for, worked out in memory (`plan`) and then written (`write`):
 * differing fields become `${NAME}` in the shared files, entries A has alone move into A's own
 * manifest, `group:` leaves the shared files for each own manifest, B's own manifest is rendered
 * from B's export, and the values go into the environments file.
 */
export class AgainstEdits {
  private readonly values: EnvironmentValues;
  private readonly notices: string[] = [];
  private readonly templated: TemplatedField[] = [];
  private readonly moved: MovedRecord[] = [];
  private ownFiles: { path: string; relative: string; text: string }[] = [];
  private environmentsText: { before: string; after: string } | undefined;

  constructor(private readonly context: EditInput) {
    this.values = new EnvironmentValues([context.input.from.definition, context.input.to.definition]);
    this.notices.push(...context.comparison.notices);
  }

  private get fromName(): string {
    return this.context.input.from.definition.name;
  }

  private get toName(): string {
    return this.context.input.to.definition.name;
  }

  async plan(): Promise<void> {
    // Values first: they edit scalars at the indices the loader saw, before any entry moves.
    this.templateDifferences();
    this.declareUsedVariables();
    await this.moveEntries();
    await this.placeGroups();
    this.renderOwn();
    await this.editEnvironments();
  }

  private place(path: ManifestPath): { file: string; localPath: ManifestPath } {
    const placed = this.context.loaded.locate.place(path);
    return { file: resolve(this.context.input.cwd, placed.position.file), localPath: placed.localPath };
  }

  private templateDifferences(): void {
    const { input, loaded, exported, comparison, files } = this.context;
    const names = new ValueNames([
      ...input.from.definition.values.keys(),
      ...input.to.definition.values.keys(),
      ...loaded.secrets.flatMap((secret) => secret.variables),
      ...exported.variables.map((variable) => variable.name),
    ]);
    const order = (a: { address: string; field: ManifestPath }) => `${a.address}\u0000${a.field.join('\u0000')}`;
    const differences = comparison.shared.flatMap((entry) => entry.differences).sort((a, b) => (order(a) < order(b) ? -1 : 1));
    for (const difference of differences) {
      const name = names.claim(valueNameFor(difference.address, difference.field));
      const { file, localPath } = this.place(difference.path);
      replaceWithReference(files.sharedDoc(file), localPath, name);
      this.templated.push({ address: difference.address, field: difference.field.join('.'), name, file });
      this.values.setLiteral(this.fromName, name, difference.fromValue);
      this.values.setLiteral(this.toName, name, difference.toValue);
    }
  }

  /** What B (and, for secrets, A) must declare for the variables the manifests use already. */
  private declareUsedVariables(): void {
    for (const entry of this.context.comparison.shared) {
      for (const use of entry.uses) {
        if (use.kind === 'value') this.values.setLiteral(this.toName, use.name, use.toValue);
        else if (use.kind === 'secret') for (const name of use.names) this.values.declareSecret(this.toName, name);
        else {
          for (const name of use.names) {
            const literal = this.values.declaredLiteral(this.fromName, name);
            if (literal !== undefined) {
              this.values.setLiteral(this.toName, name, literal);
              continue;
            }
            this.values.declareSecret(this.toName, name);
            this.notices.push(
              `${use.address}: ${use.field.join('.')} is built from ${name}, which ${this.fromName} reads from outside the environments file; ` +
                `set ${secretSourceName(this.toName, name)} to ${this.toName}'s value of it`,
            );
          }
        }
      }
    }
    // A's manifests (shared, its own, and what moves there) read each secret from A's values.
    for (const secret of this.context.loaded.secrets) {
      if (SECRET_FIELDS.has(String(secret.path[secret.path.length - 1]))) for (const name of secret.variables) this.values.declareSecret(this.fromName, name);
    }
  }

  private ownIntro(): string[] {
    return [
      `What environment ${this.fromName} has alone: what ${this.toName} lacks, or holds otherwise than a value can say.`,
      `What both have is in the shared manifests (paycfg export --env ${this.toName} --against ${this.fromName}).`,
    ];
  }

  private async moveEntries(): Promise<void> {
    const { files, layout, loaded } = this.context;
    const byFile = new Map<string, Map<ListName, (MovedEntry & { local: number; key: string })[]>>();
    for (const entry of this.context.comparison.moved) {
      const { file, localPath } = this.place([entry.list, entry.index]);
      const key = String((loaded.manifest[entry.list][entry.index] as Record<string, unknown>)[KEY_FIELDS.get(entry.list)!]);
      const lists = byFile.get(file) ?? new Map();
      lists.set(entry.list, [...(lists.get(entry.list) ?? []), { ...entry, local: localPath[1] as number, key }]);
      byFile.set(file, lists);
    }
    for (const [file, lists] of byFile) {
      const doc = files.sharedDoc(file);
      const taken = new Map<ListName, YamlNode[]>();
      for (const [list, entries] of lists) {
        for (const entry of entries) {
          if (entryOf(doc, list, entry.local, KEY_FIELDS.get(list)!, entry.key) === undefined) {
            throw new ExportAgainstError(`${file} changed while exporting (${entry.address} is no longer where it was read); run the export again`, { path: file });
          }
        }
        taken.set(list, removeEntries(doc, list, entries.map((entry) => entry.local)));
      }
      const destination = destinationOf(file, layout.shared, layout.fromOwn);
      const emptied = !holdsMoreThanItsHeader(doc);
      if (emptied) files.remove(file);
      if (emptied && !(await files.exists(destination))) {
        // Every entry of the file moves, to a file that does not exist yet: the file itself moves, comments and all.
        const whole = files.sharedOriginal(file);
        removeTopLevel(whole, 'group');
        updateModeline(whole, schemaReference(dirname(destination)));
        files.create(destination, whole);
      } else {
        const target = await files.ownDoc(destination, this.ownIntro());
        for (const [list, nodes] of taken) appendEntries(target, list, nodes, doc);
      }
      for (const entries of lists.values()) for (const entry of entries) this.moved.push({ address: entry.address, reason: entry.reason, from: file, to: destination });
    }
    this.moved.sort((a, b) => (a.address < b.address ? -1 : 1));
  }

  /** The shared files name no group (each environment has its own); A's own manifest names A's, B's export B's. */
  private async placeGroups(): Promise<void> {
    const { files, layout, input } = this.context;
    for (const [file, { doc }] of files.sharedFiles()) {
      if (!files.isRemoved(file) && removeTopLevel(doc, 'group')) files.sharedDoc(file);
    }
    ensureGroup(await files.ownDoc(groupFileOf(layout.fromOwn), this.ownIntro()), input.from.definition.group);
  }

  /** B's own manifest: B's export, cut to the entries that are B's alone. */
  private renderOwn(): void {
    const own = ownPart(this.context.exported, this.context.toManifest, this.context.comparison.own);
    const target = this.context.layout.toOwn;
    if (target.kind === 'file') {
      this.ownFiles = [{ path: target.path, relative: '', text: renderSingleFile(own, schemaReference(dirname(target.path))) }];
    } else {
      this.ownFiles = renderFileSet(own, (file) => schemaReference(dirname(join(target.path, ...file.split('/'))))).map((file) => ({
        path: join(target.path, ...file.path.split('/')),
        relative: file.path,
        text: file.text,
      }));
    }
    if (own.secretsManaged) for (const variable of own.variables) if (!variable.commentedOut) this.values.declareSecret(this.toName, variable.name);
  }

  private async editEnvironments(): Promise<void> {
    const file = this.context.input.to.file;
    const before = await readFile(file.path, 'utf8');
    const doc = parseEnvironmentsDocument(before, file.name);
    for (const name of [this.fromName, this.toName]) {
      setEnvironmentValues(doc, file.name, name, this.values.all().filter((value) => value.environment === name));
    }
    this.environmentsText = { before, after: editedText(doc, before) };
  }

  /** Every file to write, path → text. */
  private texts(): Map<string, string> {
    const texts = this.context.files.texts();
    for (const { path, text } of this.ownFiles) texts.set(path, text);
    if (this.environmentsText !== undefined && this.environmentsText.after !== this.environmentsText.before) {
      texts.set(this.context.input.to.file.path, this.environmentsText.after);
    }
    return texts;
  }

  outcome(): Omit<AgainstExportRun, 'diagnostics'> {
    const { input, exported, comparison, files } = this.context;
    return {
      from: this.fromName,
      to: this.toName,
      dryRun: input.dryRun === true,
      exported,
      shared: comparison.shared.map((entry) => entry.address),
      own: comparison.own.map(({ address, reason }) => ({ address, reason })),
      moved: this.moved,
      templated: this.templated,
      values: this.values.all(),
      written: [...this.texts().keys()].sort(),
      removed: files.removed(),
      notices: [...exported.notices, ...new Set([...this.notices, ...this.values.notices])],
    };
  }

  /** The literals added for an environment: its manifests need them until the environments file is read again. */
  literals(environment: string): Record<string, string> {
    return this.values.literals(environment);
  }

  /**
   * Writes every file, each atomically: B's own manifest first (refused, as export refuses, when it
   * appeared meanwhile and `force` is not set), then the shared files and A's own, the removals,
   * and the environments file last, so that an interrupted run leaves values no manifest uses yet
   * rather than manifests with values missing. Returns the other manifest files B's own directory
   * holds (with `force`), which B's manifests read too.
   */
  async write(): Promise<{ readonly otherFiles: readonly string[] }> {
    const { input, layout, files } = this.context;
    const texts = this.texts();
    if (input.token !== undefined) for (const [path, text] of texts) refuseTokenInText(text, path, input.token);
    const target = layout.toOwn;
    let otherFiles: string[] = [];
    if (target.kind === 'file') await writeFileAtomically(target.path, this.ownFiles[0]!.text, { replace: input.force === true });
    else otherFiles = await writeFileSet(target.path, this.ownFiles.map((file) => ({ path: file.relative, text: file.text })), input.force === true);
    const own = new Set(this.ownFiles.map((file) => file.path));
    const environments = input.to.file.path;
    for (const [path, text] of texts) {
      if (own.has(path) || path === environments) continue;
      await mkdir(dirname(path), { recursive: true });
      await writeFileAtomically(path, text);
    }
    for (const path of files.removed()) if (!texts.has(path)) await unlink(path);
    const environmentsText = texts.get(environments);
    if (environmentsText !== undefined) await writeFileAtomically(environments, environmentsText);
    return { otherFiles };
  }
}
