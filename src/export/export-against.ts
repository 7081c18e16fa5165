import { checkClientOfEnvironment } from '../environments/client.js';
import { access, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { identityOf, type ResolvedEnvironment } from '../environments/index.js';
import { InternalError } from '../errors.js';
import { SECRET_FIELDS } from '../manifest/issue-text.js';
import { ManifestError, loadManifest, type Diagnostic, type LoadedManifest, type Manifest, type ManifestPath } from '../manifest/index.js';
import { compareShared } from './against-compare.js';
import { AgainstEdits } from './against-edit.js';
import { againstLayout, ExportAgainstError, within, type AgainstLayout } from './against-layout.js';
import type { AgainstExportRun, ExportAgainstInput } from './against-run.js';
import { buildExport } from './build-manifest.js';
import { EditedFiles, type OpenedFile } from './edited-files.js';
import type { ExportedManifest } from './exported-manifest.js';
import { refuseHeldToken } from './held-token.js';
import { parseManifestDocument, scalarAt } from './manifest-edits.js';
import { readExportSource } from './read-export.js';
import { refuseExistingFile } from './write-output.js';
import { renderSingleFile } from './write-yaml.js';

export type { AgainstExportRun, ExportAgainstInput, MovedRecord, OwnRecord, TemplatedField, ValueWritten } from './against-run.js';
export { ExportAgainstError } from './against-layout.js';

/**
 * `paycfg export --env B --against A`: onboarding a second live environment into a repository
 * whose shared manifests were exported from the first. B's live group is read once (GET requests
 * only); A's manifests are read as written, with A's values, and never A's service. What B has
 * alone goes to B's own manifest, what A has alone leaves the shared manifests for A's own, and a
 * text field that differs becomes `${NAME}` in the shared manifest with a value per environment in
 * the environments file. Afterwards each environment's manifests, with its values, plan with no
 * change against its own group. See docs/export.md, "Two environments".
 */

export async function exportAgainst(input: ExportAgainstInput): Promise<AgainstExportRun> {
  const { from, to, cwd } = input;
  if (from.definition.name === to.definition.name) {
    throw new ExportAgainstError(`export --against needs two environments: ${to.definition.name} cannot be exported against itself`);
  }
  if (from.file.path !== to.file.path) throw new InternalError('the two environments of export --against come from two environments files');
  checkClientOfEnvironment(input.client, to.definition);
  const layout = await againstLayout(from.definition, to.definition);
  if (layout.toOwn.occupied && input.force !== true) {
    if (layout.toOwn.kind === 'file') await refuseExistingFile(layout.toOwn.path);
    throw new ExportAgainstError(
      `${layout.toOwn.path}, the own manifest of ${to.definition.name}, is not empty; export writes it whole. ` +
        'Pass --force to overwrite the files export writes there (other files are left alone), or empty it.',
      { path: layout.toOwn.path },
    );
  }

  // Offline first: A's manifests must load before B's service is asked anything.
  const loaded = await loadFrom(from, cwd);
  const files = await openSharedFiles(loaded, layout, cwd);

  // B's token must be B's group's: the owner is read first, and checked before anything else of B is read.
  const source = await readExportSource(input.client, {
    concurrency: input.concurrency,
    environment: identityOf(to.definition),
    ...(input.api !== undefined ? { api: input.api } : {}),
    ...(input.serviceRecord !== undefined ? { serviceRecord: input.serviceRecord } : {}),
  });
  if (input.token !== undefined) refuseHeldToken(source, input.token);
  const exported = buildExport({
    groupId: source.owner.groupId,
    groupName: source.owner.groupName ?? '',
    live: source.live,
    unkeyed: source.unkeyed,
    bindingAllowsUnknown: source.bindingAllowsUnknown,
    assignReferences: input.assignReferences === true,
    manageSecrets: input.manageSecrets === true,
  });
  const toManifest = await loadExported(exported, cwd);

  const templates = templatesOf(loaded);
  const fileOf = (path: ManifestPath) => resolve(cwd, loaded.locate.place(path).position.file);
  const comparison = compareShared({
    fromName: from.definition.name,
    toName: to.definition.name,
    from: loaded.manifest,
    to: toManifest,
    isShared: (list, index) => files.has(fileOf([list, index])),
    templateAt: (path) => templates.get(JSON.stringify(path)),
    canTemplate: (path) => {
      const placed = loaded.locate.place(path);
      const doc = files.get(resolve(cwd, placed.position.file))?.doc;
      return placed.written && doc !== undefined && scalarAt(doc, placed.localPath) !== undefined;
    },
    fromVariables: from.variables,
  });

  const edits = new AgainstEdits({ input, layout, loaded, files: new EditedFiles(files), comparison, exported, toManifest });
  await edits.plan();
  const outcome = edits.outcome();
  if (input.dryRun === true) return { ...outcome, diagnostics: [] };
  const { otherFiles } = await edits.write();
  const notices =
    otherFiles.length > 0
      ? [
          ...outcome.notices,
          `${layout.toOwn.path} also holds ${otherFiles.length === 1 ? 'another manifest file' : `${otherFiles.length} other manifest files`} that ${to.definition.name}'s manifests read too: ${otherFiles.join(', ')}`,
        ]
      : outcome.notices;
  const diagnostics = [
    ...(await validateEnvironment(from, edits.literals(from.definition.name), cwd)),
    ...(await validateEnvironment(to, edits.literals(to.definition.name), cwd)),
  ];
  return { ...outcome, notices, diagnostics };
}

/** A's manifests as written, with A's values; a secret A does not set yet is a placeholder (it is never compared). */
async function loadFrom(from: ResolvedEnvironment, cwd: string): Promise<LoadedManifest> {
  // A's own manifest may not exist yet: the first export wrote the shared part only.
  const paths: string[] = [];
  for (const path of from.definition.manifests) {
    if (await access(path).then(() => true, () => false)) paths.push(path);
  }
  // The environments file may stand in a folder of manifests: it is never read as one.
  const loaded = await loadManifest(paths, { env: from.variables, cwd, allowMissingEnv: true, exclude: [from.file.path] });
  const inValues = new Set(loaded.secrets.filter((secret) => !SECRET_FIELDS.has(String(secret.path[secret.path.length - 1]))).flatMap((secret) => secret.variables));
  const missing = loaded.missingVariables.filter((name) => inValues.has(name));
  if (missing.length > 0) {
    throw new ExportAgainstError(
      `environment ${from.definition.name} has no value for ${missing.join(', ')}, which its manifests use; ` +
        `declare ${missing.length === 1 ? 'it' : 'them'} in its values first, so that its manifests say what ${from.definition.name} has.`,
    );
  }
  return loaded;
}

/** Every shared file of A's manifest, parsed for editing. */
async function openSharedFiles(loaded: LoadedManifest, layout: AgainstLayout, cwd: string): Promise<Map<string, OpenedFile>> {
  const files = new Map<string, OpenedFile>();
  for (const name of loaded.files) {
    const path = resolve(cwd, name);
    if (!layout.shared.some((root) => within(path, root))) continue;
    const text = await readFile(path, 'utf8');
    files.set(path, { text, doc: parseManifestDocument(text, name) });
  }
  return files;
}

/** B's export loaded like any manifest, so that it compares with A's value for value (defaults, code spellings). */
async function loadExported(exported: ExportedManifest, cwd: string): Promise<Manifest> {
  const text = renderSingleFile(exported, 'manifest.schema.json');
  return (await loadManifest(['-'], { env: {}, cwd, allowMissingEnv: true, readStdin: async () => text })).manifest;
}

/** Path → the text it was written as, for values built from variables. */
function templatesOf(loaded: LoadedManifest): Map<string, string> {
  const templates = new Map<string, string>();
  for (const secret of loaded.secrets) if (secret.variables.length > 0) templates.set(JSON.stringify(secret.path), secret.template);
  return templates;
}

/** The environment's manifests, as `validate --env` reads them once the environments file holds the new values. */
async function validateEnvironment(environment: ResolvedEnvironment, added: Record<string, string>, cwd: string): Promise<readonly Diagnostic[]> {
  try {
    // Every name it uses was declared by this export, and each secret as a source: the scope's checks would find nothing more.
    await loadManifest(environment.definition.manifests, { env: { ...environment.variables, ...added }, cwd, allowMissingEnv: true, exclude: [environment.file.path] });
    return [];
  } catch (error) {
    if (error instanceof ManifestError) return error.diagnostics;
    throw error;
  }
}

