import { showControls } from '../../util/visible-text.js';
import { relative } from 'node:path';
import { findEnvironmentsFile, loadEnvironmentsFile, resolveEnvironment, selectEnvironment, environmentClient } from '../../environments/index.js';
import { ExitCode, UsageError } from '../../errors.js';
import { exportAgainst, type AgainstExportRun } from '../../export/index.js';
import { tokenOf } from '../../library/client.js';
import type { ApiFlag } from '../../manifest/api-choice.js';
import { formatDiagnostic } from '../../manifest/index.js';
import { plural } from '../../util/text.js';
import { formatRequestLog } from '../client-options.js';
import type { IoStreams } from '../io.js';
import { serviceRecordOf } from '../service-record-options.js';
import { loadRunRecord, sourceOfEnvironment } from '../../service-record/resolve.js';

/**
 * `paycfg export --env B --against A`: the two-environment export (src/export/export-against.ts).
 * The flags are export's; `env` and `environments` are the environment selection every command
 * shares, read here by name so that this stays apart from how they are declared.
 */
export interface ExportAgainstFlags {
  readonly against: string;
  readonly env?: string | undefined;
  readonly environments?: string | undefined;
  readonly 'dry-run'?: boolean | undefined;
  readonly force?: boolean | undefined;
  readonly 'manage-secrets'?: boolean | undefined;
  readonly 'assign-references'?: boolean | undefined;
  readonly out?: string | undefined;
  readonly 'out-dir'?: string | undefined;
  readonly 'base-url'?: string | undefined;
  readonly 'token-file'?: string | undefined;
  readonly 'insecure-http'?: boolean | undefined;
  readonly 'strict-api'?: boolean | undefined;
  readonly verbose?: boolean | undefined;
  readonly 'service-record'?: string | undefined;
}

export async function runExportAgainst(values: ExportAgainstFlags, io: IoStreams, options: { readonly parallelism: number; readonly api: ApiFlag | undefined }): Promise<ExitCode> {
  for (const flag of ['out', 'out-dir', 'base-url', 'token-file'] as const) {
    if (values[flag] !== undefined) {
      throw new UsageError(
        `paycfg export: --against takes where to write and what to connect to from the environments file; --${flag} cannot go with it`,
      );
    }
  }
  const name = values.env ?? io.env['PAYCFG_ENV'];
  if (name === undefined || name === '') {
    throw new UsageError(`paycfg export: --against ${values.against} needs --env NAME (or PAYCFG_ENV): the environment to export against ${values.against}'s manifests`);
  }
  const path = await findEnvironmentsFile({ cwd: io.cwd, env: io.env, ...(values.environments !== undefined ? { flag: values.environments } : {}) });
  if (path === undefined) {
    throw new UsageError('paycfg export: --against needs an environments file (paycfg.environments.yaml, --environments FILE or PAYCFG_ENVIRONMENTS) naming both environments');
  }
  const file = await loadEnvironmentsFile(path, { cwd: io.cwd });
  selectEnvironment(file, name);
  selectEnvironment(file, values.against);
  // Neither environment's secrets are read: the export writes where they come from, never them.
  const to = await resolveEnvironment(file, name, { env: io.env, allowMissing: true });
  const from = await resolveEnvironment(file, values.against, { env: io.env, allowMissing: true });
  // Offline, before the token is read: the record B's group is read with, the command line's or B's own.
  const serviceRecord = await loadRunRecord([serviceRecordOf(values, io).serviceRecord, sourceOfEnvironment(to.definition)], io.cwd);
  const client = await environmentClient(to, {
    env: io.env,
    cwd: io.cwd,
    maxInFlight: options.parallelism,
    insecureHttp: values['insecure-http'] === true,
    strictApi: values['strict-api'] === true,
    ...(values.verbose === true ? { onRequest: (event) => io.stderr.write(formatRequestLog(event)) } : {}),
  });
  const token = tokenOf(client);
  io.hideInOutput?.(token);
  let run: AgainstExportRun;
  try {
    run = await exportAgainst({
      to,
      from,
      client,
      concurrency: options.parallelism,
      cwd: io.cwd,
      manageSecrets: values['manage-secrets'] === true,
      assignReferences: values['assign-references'] === true,
      dryRun: values['dry-run'] === true,
      force: values.force === true,
      ...(token !== '' ? { token } : {}),
      ...(options.api === 'current' || options.api === 'legacy' ? { api: options.api } : {}),
      ...(serviceRecord !== undefined ? { serviceRecord } : {}),
    });
  } finally {
    await client.close();
  }
  report(run, io);
  return run.diagnostics.length > 0 ? ExitCode.Error : ExitCode.Success;
}

/** The run on stdout (it is the command's result); warnings and problems on stderr. */
function report(run: AgainstExportRun, io: IoStreams): void {
  const shown = (path: string) => {
    const rel = relative(io.cwd, path);
    return rel.startsWith('..') ? path : rel;
  };
  // Addresses, reasons and paths come from the live group and the file system: their control characters are shown as escapes.
  const out = (line = '') => io.stdout.write(`${showControls(line)}\n`);
  for (const notice of run.notices) io.stderr.write(`warning: ${showControls(notice)}\n`);
  const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);
  out(
    `${run.dryRun ? 'Would export' : 'Exported'} ${run.to} (group ${run.exported.groupId}) against ${run.from}'s manifests: ` +
      `${entries(run.shared.length)} shared` +
      (run.templated.length > 0 ? ` (${plural(run.templated.length, 'field')} now a value of each environment)` : '') +
      `, ${entries(run.own.length)} in ${run.to}'s own manifest, ${entries(run.moved.length)} moved into ${run.from}'s own.`,
  );
  if (run.templated.length > 0) {
    out();
    out(`Fields of shared entries that differ, now \${NAME} with a value per environment:`);
    for (const field of run.templated) out(`  ${field.address} ${field.field}: \${${field.name}}`);
  }
  if (run.own.length > 0) {
    out();
    out(`In ${run.to}'s own manifest:`);
    for (const record of run.own) out(`  ${record.address}: ${record.reason}`);
  }
  if (run.moved.length > 0) {
    out();
    out(`Moved from the shared manifests into ${run.from}'s own:`);
    for (const record of run.moved) out(`  ${record.address}: ${record.reason} (${shown(record.from)} -> ${shown(record.to)})`);
  }
  const sources = run.values.filter((value) => typeof value.value !== 'string');
  if (sources.length > 0) {
    out();
    out(`Secrets each environment reads from its own process variables (set them before plan; their values are never written):`);
    for (const { environment, name, value } of sources) {
      if (typeof value !== 'string') out(`  ${environment}: ${name} from ${'env' in value ? `$${value.env}` : value.file}`);
    }
  }
  out();
  const written = run.written.map(shown);
  const removed = run.removed.map(shown);
  out(`${run.dryRun ? 'Would write' : 'Wrote'} ${plural(written.length, 'file')}: ${written.join(', ')}` + (removed.length > 0 ? `; ${run.dryRun ? 'would remove' : 'removed'} ${removed.join(', ')}` : '') + '.');
  if (run.dryRun) out('Nothing was written (--dry-run).');
  if (run.diagnostics.length > 0) {
    for (const d of run.diagnostics) io.stderr.write(`${formatDiagnostic(d)}\n`);
    io.stderr.write(`the manifests do not validate (${plural(run.diagnostics.length, 'error')}): fix them, then run paycfg validate.\n`);
  }
}
