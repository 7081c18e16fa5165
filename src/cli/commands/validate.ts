import { ExitCode, UsageError } from '../../errors.js';
import { ManifestError, checkLegacyLimits, formatDiagnostic, loadManifest, type ApiFlag, type ApiName, type ManifestCounts } from '../../manifest/index.js';
import { secretDefaultWarnings } from '../../manifest/secret-default-warnings.js';
import { plural } from '../../util/text.js';
import type { Command } from '../command.js';
import type { IoStreams } from '../io.js';
import { apiFlag, checkStdinOnce, parseFlags, stdinOf } from '../parse-flags.js';
import { noColorAccepted, type CommandSyntax } from '../syntax.js';

const syntax = {
  usage: ['-f PATH... [--api current|legacy|auto] [--json] [--allow-missing-env]'],
  description: `Checks manifest files offline: YAML syntax, the manifest format, references between entries and
the service's rules that can be known without asking it. No request is sent. Every error is
printed as file:line:col: message. For a group on the legacy API (--api legacy, or api: legacy in
the manifest) it also refuses what the legacy API cannot express. A secret written with a
\${VAR:-default} gets a warning, as plan --out refuses to save it; the exit code stays 0.`,
  flags: {
    file: {
      type: 'string',
      short: 'f',
      multiple: true,
      value: 'PATH',
      help: 'A manifest file, or a directory read recursively for *.yaml and *.yml (entries whose name starts with a dot are skipped); - reads it from standard input. Repeatable; the files form one manifest.',
    },
    api: {
      type: 'string',
      value: 'API',
      help: 'The API the group is served through: current, legacy (also refuses what the legacy API cannot express, at file:line:col) or auto (the default: the manifest\'s api:, else current, since validate asks no service). current and legacy override the manifest\'s api:',
    },
    json: { type: 'boolean', help: 'Print {valid, files, counts, errors, warnings, missingVariables} as JSON on stdout; other errors as JSON too' },
    'allow-missing-env': {
      type: 'boolean',
      help: 'Treat an unset ${VAR} (one without a :-default) as a placeholder instead of an error, for CI jobs that validate without secrets. A value that waits for a missing variable is not checked for shape.',
    },
    color: noColorAccepted,
  },
  environment: [['(any)', 'The variables the manifest names as ${VAR}']],
  exitCodes: [
    [0, 'the manifest is valid'],
    [1, 'it is not, or an error'],
  ],
} as const satisfies CommandSyntax;

export const validateCommand: Command = {
  name: 'validate',
  syntax,
  async run(argv, io) {
    const { values } = parseFlags('validate', syntax, argv);
    const paths = checkStdinOnce('validate', values.file ?? []);
    if (paths.length === 0) throw new UsageError('paycfg validate: no manifest given; pass -f PATH (a file or a directory)');
    const json = values.json;
    const api = apiFlag('validate', values.api);
    try {
      const loaded = await loadManifest(paths, {
        env: io.env,
        cwd: io.cwd,
        allowMissingEnv: values['allow-missing-env'],
        ...stdinOf(io),
      });
      if (validatedApi(api, loaded.manifest) === 'legacy') checkLegacyLimits(loaded);
      const warnings = secretDefaultWarnings(loaded.secrets, loaded.locate);
      if (json) {
        writeJson(io, { valid: true, files: loaded.files, counts: loaded.counts, errors: [], warnings, missingVariables: loaded.missingVariables });
      } else {
        for (const w of warnings) io.stderr.write(`warning: ${formatDiagnostic(w)}\n`);
        io.stdout.write(`${summaryLine(loaded.files.length, loaded.counts, loaded.missingVariables)}\n`);
      }
      return ExitCode.Success;
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      if (json) {
        const errors = error.diagnostics.map(({ file, line, col, path, message }) => ({ file, line, col, path, message }));
        writeJson(io, { valid: false, files: error.files, counts: null, errors, warnings: [], missingVariables: [] });
      } else {
        for (const d of error.diagnostics) io.stderr.write(`${formatDiagnostic(d)}\n`);
        const files = new Set(error.diagnostics.map((d) => d.file)).size;
        io.stderr.write(`manifest invalid: ${plural(error.diagnostics.length, 'error')} in ${plural(files, 'file')}\n`);
      }
      return ExitCode.Error;
    }
  },
};

/**
 * The API validate checks the manifest for. Offline there is no service to ask: `auto`, like no
 * flag, takes the manifest's api:, and a manifest that pins none is checked as for the current API
 * (plan, which asks, refuses then what a legacy group cannot be given).
 */
function validatedApi(flag: ApiFlag | undefined, manifest: { readonly api?: ApiName | undefined }): ApiName {
  if (flag === 'current' || flag === 'legacy') return flag;
  return manifest.api ?? 'current';
}

/** `manifest valid: 3 files, 2 EMV configs, 1 acquirer profile, 1 merchant (1 binding, 1 device)`. */
export function summaryLine(files: number, counts: ManifestCounts, missingVariables: readonly string[]): string {
  const line =
    `manifest valid: ${plural(files, 'file')}, ${plural(counts.emvConfigs, 'EMV config')}, ` +
    `${plural(counts.acquirerProfiles, 'acquirer profile')}, ${plural(counts.merchants, 'merchant')} ` +
    `(${plural(counts.bindings, 'binding')}, ${plural(counts.devices, 'device')})`;
  if (missingVariables.length === 0) return line;
  const names = missingVariables.join(', ');
  return `${line}; ${plural(missingVariables.length, 'environment variable')} not set, checked as placeholders: ${names}`;
}

function writeJson(io: IoStreams, value: unknown): void {
  io.stdout.write(`${JSON.stringify({ formatVersion: 1, ...(value as object) }, null, 2)}\n`);
}
