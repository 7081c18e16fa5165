import type { ApiName } from '../manifest/api-choice.js';
import { dirname, join, resolve } from 'node:path';
import type { ApiClient } from '../api/index.js';
import type { Diagnostic } from '../manifest/index.js';
import type { EnvironmentIdentity } from '../environments/types.js';
import type { LoadedServiceRecord } from '../service-record/types.js';
import { buildExport } from './build-manifest.js';
import { checkManifestText, checkWrittenManifest } from './check-output.js';
import type { ExportedManifest } from './exported-manifest.js';
import { refuseHeldToken, refuseTokenInText } from './held-token.js';
import { readExportSource } from './read-export.js';
import { schemaReference } from './schema-location.js';
import { refuseExistingFile, writeFileAtomically, writeFileSet } from './write-output.js';
import { renderFileSet, renderSingleFile } from './write-yaml.js';

export type ExportTarget =
  | { readonly kind: 'stdout' }
  /** Without `force`, an existing file is refused (ExportFileExistsError) before anything is read, and again at write time. */
  | { readonly kind: 'file'; readonly path: string; readonly force?: boolean }
  | { readonly kind: 'directory'; readonly path: string; readonly force: boolean };

export interface ExportRun {
  readonly exported: ExportedManifest;
  /** The YAML for stdout (target `stdout` only); the caller prints it. */
  readonly text?: string;
  /** Files written, absolute. */
  readonly written: readonly string[];
  /** Other manifest files in the output directory (`--force`), relative to it. */
  readonly otherFiles: readonly string[];
  /** Problems `paycfg validate` finds in the output; empty when it is valid. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Reads the live group (GET requests only), builds the manifest and writes it to the target; then
 * reads the output back through the manifest loader. The service is never written to. A file
 * target that exists is refused without `force`, before the first request. With
 * `token`, a live group that holds the access token anywhere is refused before anything is
 * written (see held-token.ts).
 */
export async function exportGroup(input: {
  readonly client: ApiClient;
  readonly concurrency: number;
  readonly assignReferences: boolean;
  /** Write each device's admin password as a `${VARIABLE}` reference; without it the field is left out (not managed). */
  readonly manageSecrets?: boolean;
  readonly target: ExportTarget;
  readonly cwd: string;
  /** The access token, never to be written. */
  readonly token?: string;
  /** The configuration API to read the group through; absent: asked of the service. */
  readonly api?: ApiName;
  /** The environment the export is of (`--env`): its group is checked before any other read. */
  readonly environment?: EnvironmentIdentity;
  /** The service record to read the group with (service-record/), loaded. */
  readonly serviceRecord?: LoadedServiceRecord;
}): Promise<ExportRun> {
  const { target, cwd } = input;
  if (target.kind === 'file' && target.force !== true) await refuseExistingFile(resolve(cwd, target.path));
  const source = await readExportSource(input.client, {
    concurrency: input.concurrency,
    ...(input.api !== undefined ? { api: input.api } : {}),
    ...(input.environment !== undefined ? { environment: input.environment } : {}),
    ...(input.serviceRecord !== undefined ? { serviceRecord: input.serviceRecord } : {}),
  });
  const { token } = input;
  if (token !== undefined) refuseHeldToken(source, token);
  const guard = (text: string, where: string): string => {
    if (token !== undefined) refuseTokenInText(text, where, token);
    return text;
  };
  const exported = buildExport({
    groupId: source.owner.groupId,
    groupName: source.owner.groupName ?? '',
    live: source.live,
    unkeyed: source.unkeyed,
    bindingAllowsUnknown: source.bindingAllowsUnknown,
    assignReferences: input.assignReferences,
    manageSecrets: input.manageSecrets === true,
  });
  if (target.kind === 'stdout') {
    // The file the user redirects stdout to is most likely in the working directory.
    const text = guard(renderSingleFile(exported, schemaReference(cwd)), 'stdout');
    const diagnostics = await checkManifestText(text, 'stdout.yaml');
    return { exported, text, written: [], otherFiles: [], diagnostics };
  }
  if (target.kind === 'file') {
    const path = resolve(cwd, target.path);
    await writeFileAtomically(path, guard(renderSingleFile(exported, schemaReference(dirname(path))), path), { replace: target.force === true });
    return { exported, written: [path], otherFiles: [], diagnostics: await checkWrittenManifest([path], cwd) };
  }
  const directory = resolve(cwd, target.path);
  const files = renderFileSet(exported, (file) => schemaReference(dirname(join(directory, ...file.split('/')))));
  for (const file of files) guard(file.text, join(directory, ...file.path.split('/')));
  const otherFiles = await writeFileSet(directory, files, target.force);
  return {
    exported,
    written: files.map((file) => join(directory, ...file.path.split('/'))),
    otherFiles,
    diagnostics: await checkWrittenManifest([directory], cwd),
  };
}
