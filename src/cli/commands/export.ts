import { ExitCode, UsageError } from '../../errors.js';
import type { ExportRun, ExportTarget } from '../../export/index.js';
import { exportGroup } from '../../library/export.js';
import { formatDiagnostic } from '../../manifest/index.js';
import { plural } from '../../util/text.js';
import { clientEnvironment, clientFlags } from '../client-options.js';
import { connectRun, environmentFlags, environmentVariables, selectedEnvironment } from '../environment-options.js';
import { identityOf } from '../../environments/types.js';
import type { Command } from '../command.js';
import { serviceRecordEnvironment, serviceRecordFlags, serviceRecordOf } from '../service-record-options.js';
import { chooseSource, sourceOfEnvironment } from '../../service-record/resolve.js';
import type { IoStreams } from '../io.js';
import { runExportAgainst } from './export-against.js';
import { apiFlag, parallelismFlag, parseFlags } from '../parse-flags.js';
import { noColorAccepted, type CommandSyntax } from '../syntax.js';
import { unmanagedSecretsLine, variableRows, variablesHeading } from '../../export/secret-wording.js';

export const exportSyntax = {
  usage: ['[-o FILE | --out-dir DIR] [flags]', '--env B --against A [--dry-run] [--force] [flags]'],
  description: `Writes a manifest of the live group: EMV configs, acquirer profiles, merchants with their
bindings and devices, by name, in a stable order. \`paycfg plan\` on it shows no changes.
Sends GET requests only: the service is never written to.

Secrets are never exported. The devices' admin passwords (deviceAdmin) are left out, so not
managed: plan and apply leave them as they are. With --manage-secrets each becomes a
\${PAYCFG_DEVICE_ADMIN_<REF>_<ALIAS>} reference, listed at the end and on stderr, and the first
apply sets each device's password to what its variable holds. A live group that holds the access token in any value is not
exported at all: the error names each record and field. Merchants without providerReference and
devices without deviceAlias cannot be keyed: they are written commented out, with what to do.

With --against A, environment B is exported against A's manifests, already written (the
shared ones and A's own): B's live group is read once, and only what differs is written. A
text field of a shared entry that differs becomes \${NAME}, with each environment's value in
the environments file (a secret: a {env: B_NAME} source, never a value); what B has alone goes
to B's own manifest, what A has alone moves from the shared manifests into A's own. Afterwards
both environments plan with no change. See docs/export.md, "Two environments".`,
  flags: {
    out: { type: 'string', short: 'o', value: 'FILE', help: 'Write one manifest file (atomically); default: stdout. An existing FILE needs --force' },
    'out-dir': { type: 'string', value: 'DIR', help: 'Write a folder: paycfg.yaml, emv-configs.yaml, acquirer-profiles.yaml and merchants/<providerReference>.yaml' },
    force: { type: 'boolean', help: 'Replace an existing -o FILE; with --out-dir, write into a directory that is not empty (overwrites the files export writes, leaves other files alone)' },
    'manage-secrets': {
      type: 'boolean',
      help: "Manage the devices' admin passwords: write each deviceAdmin as a ${VARIABLE} reference (named on stderr) for you to set; the first apply sets each password to what its variable holds",
    },
    'assign-references': { type: 'boolean', help: 'Propose a providerReference for each merchant without one (written commented out: set it on the live merchant first)' },
    against: {
      type: 'string',
      value: 'ENV',
      help: "With --env: export that environment against ENV's manifests (already written): write only what differs, its values into the environments file, its own records into its own manifest",
    },
    'dry-run': { type: 'boolean', help: 'With --against: say what would be written, and write nothing' },
    parallelism: { type: 'string', value: 'N', help: 'Reads in flight at once (default 8)' },
    json: { type: 'boolean', help: 'Print errors as JSON on stdout' },
    ...serviceRecordFlags,
    color: noColorAccepted,
    ...environmentFlags,
    ...clientFlags,
  },
  environment: [...clientEnvironment, ...environmentVariables, ...serviceRecordEnvironment],
  exitCodes: [
    [0, 'the manifest was written'],
    [1, 'an error, or the exported manifest does not validate'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values } = parseFlags('export', exportSyntax, argv);
  if (values.out !== undefined && values['out-dir'] !== undefined) throw new UsageError('paycfg export: choose one of -o and --out-dir');
  const parallelism = parallelismFlag('export', values.parallelism);
  const api = apiFlag('export', values.api);
  if (values.against !== undefined) return runExportAgainst({ ...values, against: values.against }, io, { parallelism, api });
  if (values['dry-run'] === true) throw new UsageError('paycfg export: --dry-run goes with --against (a plain export writes nothing without -o or --out-dir)');
  const target: ExportTarget =
    values['out-dir'] !== undefined
      ? { kind: 'directory', path: values['out-dir'], force: values.force }
      : values.out !== undefined
        ? { kind: 'file', path: values.out, force: values.force }
        : { kind: 'stdout' };

  const selected = await selectedEnvironment('export', values, io);
  // The command line's record and the environment's are one, or the run is refused before it connects.
  const serviceRecord = chooseSource([serviceRecordOf(values, io).serviceRecord, selected === undefined ? undefined : sourceOfEnvironment(selected.definition)], io.cwd);
  const { client, environment } = await connectRun(selected, values, io, { maxInFlight: parallelism, valuesUnused: true });
  let result: ExportRun;
  try {
    result = await exportGroup({
      client,
      parallelism,
      assignReferences: values['assign-references'],
      manageSecrets: values['manage-secrets'],
      target,
      cwd: io.cwd,
      ...(api !== undefined ? { api } : {}),
      ...(environment !== undefined ? { environment: identityOf(environment.definition) } : {}),
      ...(serviceRecord !== undefined ? { serviceRecord } : {}),
    });
  } finally {
    await client.close();
  }

  if (result.text !== undefined) io.stdout.write(result.text);
  report(result, target, io);
  return result.diagnostics.length > 0 ? ExitCode.Error : ExitCode.Success;
}

/** Everything but the manifest goes to stderr, so that stdout stays pure YAML. */
function report(result: ExportRun, target: ExportTarget, io: IoStreams): void {
  const { exported, diagnostics } = result;
  for (const notice of exported.notices) io.stderr.write(`warning: ${notice}\n`);
  const c = exported.counts;
  const where = target.kind === 'stdout' ? 'stdout' : target.path;
  const commented = [
    c.commentedOutMerchants > 0 ? plural(c.commentedOutMerchants, 'merchant') : undefined,
    c.commentedOutDevices > 0 ? plural(c.commentedOutDevices, 'device') : undefined,
  ].filter((part) => part !== undefined);
  io.stderr.write(
    `Exported group ${exported.groupId} (${JSON.stringify(exported.groupName)}) to ${where}: ` +
      `${plural(c.emvConfigs, 'EMV config')}, ${plural(c.acquirerProfiles, 'acquirer profile')}, ${plural(c.merchants, 'merchant')} ` +
      `(${plural(c.bindings, 'binding')}, ${plural(c.devices, 'device')})` +
      (commented.length > 0 ? `; ${commented.join(' and ')} written commented out` : '') +
      '.\n',
  );
  if (exported.variables.length > 0) {
    if (exported.secretsManaged) {
      io.stderr.write(`${variablesHeading(exported.variables, true)}\n`);
      for (const row of variableRows(exported.variables)) io.stderr.write(`${row}\n`);
    } else io.stderr.write(`${unmanagedSecretsLine(exported.variables)}\n`);
  }
  if (target.kind === 'directory' && result.otherFiles.length > 0) {
    io.stderr.write(
      `warning: ${target.path} also holds ${plural(result.otherFiles.length, 'other manifest file')} that \`paycfg plan -f ${target.path}\` reads too: ` +
        `${result.otherFiles.join(', ')}\n`,
    );
  }
  if (diagnostics.length > 0) {
    for (const d of diagnostics) io.stderr.write(`${formatDiagnostic(target.kind === 'stdout' ? { ...d, file: '<stdout>' } : d)}\n`);
    io.stderr.write(
      `the exported manifest does not validate (${plural(diagnostics.length, 'error')}): the live group holds values the manifest format cannot express; ` +
        'fix them in the service and export again, or edit the output.\n',
    );
  }
}

export const exportCommand: Command = { name: 'export', syntax: exportSyntax, run };
