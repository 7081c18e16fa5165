import { EnvironmentsError } from '../../environments/errors.js';
import { loadEnvironmentManifest } from '../../environments/manifests.js';
import { resolveEnvironment } from '../../environments/resolve.js';
import { selectEnvironment } from '../../environments/select.js';
import type { EnvironmentDefinition, EnvironmentsFile } from '../../environments/types.js';
import { ExitCode, UsageError } from '../../errors.js';
import {
  ManifestError,
  checkLegacyLimits,
  formatDiagnostic,
  loadManifest,
  type ApiFlag,
  type ApiName,
  type Diagnostic,
  type LoadedManifest,
  type ManifestCounts,
} from '../../manifest/index.js';
import { secretDefaultWarnings } from '../../manifest/secret-default-warnings.js';
import { findingsOfManifestDiagnostics, findingsOfRulesReport } from '../../findings/run-findings.js';
import type { FindingsReport } from '../../findings/types.js';
import { assertPaymentRules, PAYMENT_RULE_DESCRIPTORS, type RulesReport } from '../../rules/index.js';
import { checkReportDestinations, reportFlags, writeFindingsReports, type ReportFlagValues } from '../report-options.js';
import { plural } from '../../util/text.js';
import type { Command } from '../command.js';
import type { IoStreams } from '../io.js';
import { apiFlag, checkStdinOnce, parseFlags, stdinOf } from '../parse-flags.js';
import { noColorAccepted, type CommandSyntax } from '../syntax.js';
import { environmentFlags, environmentNamed, environmentsFileOfRun, environmentVariables } from '../environment-options.js';

const syntax = {
  usage: [
    '-f PATH... [--api current|legacy|auto] [--json] [--allow-missing-env] [--sarif FILE] [--junit FILE]',
    '[--env NAME] [--environments FILE] [--api API] [--json] [--allow-missing-env] [--sarif FILE] [--junit FILE]',
  ],
  description: `Checks manifest files offline: YAML syntax, the manifest format, references between entries and
the service's rules that can be known without asking it. No request is sent. Every error is
printed as file:line:col: message. For a group on the legacy API (--api legacy, or api: legacy in
the manifest) it also refuses what the legacy API cannot express. A secret written with a
\${VAR:-default} gets a warning, as plan --out refuses to save it; the exit code stays 0.
With an environments file (docs/environments.md) it checks every environment, each environment's
manifests with its own values (only --env NAME: that one), and says how each fared.`,
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
      help: 'Treat an unset ${VAR} (one without a :-default) as a placeholder instead of an error, for CI jobs that validate without secrets; with environments, a value whose { env } is unset or whose { file } cannot be read. A value that waits for a missing variable is not checked for shape.',
    },
    ...reportFlags,
    color: noColorAccepted,
    ...environmentFlags,
  },
  environment: [['(any)', 'The variables the manifest names as ${VAR} (with environments: those its values read as { env: NAME })'], ...environmentVariables],
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
    const json = values.json;
    const api = apiFlag('validate', values.api);
    await checkReportDestinations(values, io);
    let environments: EnvironmentsFile | undefined;
    try {
      environments = await environmentsFileOfRun('validate', values, io);
    } catch (error) {
      if (!(error instanceof EnvironmentsError)) throw error;
      return reportInvalidEnvironmentsFile(io, json, error);
    }
    if (environments !== undefined) {
      if ((values.file ?? []).length > 0) {
        throw new UsageError(
          `paycfg validate: -f cannot go with an environments file: ${environments.name} names each environment's manifests; run \`paycfg validate\` to check them all, or --env NAME for one`,
        );
      }
      const named = environmentNamed(values, io);
      const chosen = named === undefined ? [...environments.environments.values()] : [selectNamed(environments, named.name)];
      return validateEnvironments(io, environments, chosen, { json, api, allowMissing: values['allow-missing-env'], reports: values });
    }
    const paths = checkStdinOnce('validate', values.file ?? []);
    if (paths.length === 0) throw new UsageError('paycfg validate: no manifest given; pass -f PATH (a file or a directory)');
    try {
      const loaded = await loadManifest(paths, {
        env: io.env,
        cwd: io.cwd,
        allowMissingEnv: values['allow-missing-env'],
        ...stdinOf(io),
      });
      if (validatedApi(api, loaded.manifest) === 'legacy') checkLegacyLimits(loaded);
      const { warnings, rules } = manifestWarnings(loaded);
      await writeFindingsReports(values, findingsOfRulesReport(rules), io, { manifestFiles: loaded.files });
      if (json) {
        writeJson(io, { valid: true, files: loaded.files, counts: loaded.counts, errors: [], warnings: warnings.map(jsonDiagnostic), missingVariables: loaded.missingVariables });
      } else {
        for (const w of warnings) io.stderr.write(`warning: ${formatDiagnostic(w)}\n`);
        io.stdout.write(`${summaryLine(loaded.files.length, loaded.counts, loaded.missingVariables)}\n`);
      }
      return ExitCode.Success;
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      await writeFindingsReports(values, findingsOfManifestDiagnostics(error.diagnostics, PAYMENT_RULE_DESCRIPTORS), io, { manifestFiles: error.files });
      if (json) {
        writeJson(io, { valid: false, files: error.files, counts: null, errors: error.diagnostics.map(jsonDiagnostic), warnings: [], missingVariables: [] });
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

/** An environment's check: its manifests loaded with its values, or every problem found. */
type EnvironmentCheck =
  | { readonly definition: EnvironmentDefinition; readonly valid: true; readonly loaded: LoadedManifest; readonly warnings: readonly Diagnostic[]; readonly rules: RulesReport }
  | { readonly definition: EnvironmentDefinition; readonly valid: false; readonly files: readonly string[]; readonly errors: readonly Diagnostic[]; readonly what: 'values' | 'manifest' };

/**
 * Checks each chosen environment offline: its values read (with allowMissing, one whose source
 * gives nothing is a placeholder), then its manifests loaded with them alone. One environment's
 * problems do not stop the check of the next: the output says how each fared.
 */
async function validateEnvironments(
  io: IoStreams,
  file: EnvironmentsFile,
  chosen: readonly EnvironmentDefinition[],
  options: { readonly json: boolean; readonly api: ApiFlag | undefined; readonly allowMissing: boolean; readonly reports: ReportFlagValues },
): Promise<ExitCode> {
  const checks: EnvironmentCheck[] = [];
  for (const definition of chosen) checks.push(await checkEnvironment(io, file, definition, options));
  const valid = checks.every((check) => check.valid);
  await writeFindingsReports(options.reports, environmentsFindings(checks), io, { manifestFiles: [...new Set(checks.flatMap((check) => (check.valid ? check.loaded.files : check.files)))] });
  if (options.json) {
    writeJson(io, {
      valid,
      environmentsFile: file.name,
      errors: [],
      environments: checks.map((check) =>
        check.valid
          ? { environment: check.definition.name, valid: true, files: check.loaded.files, counts: check.loaded.counts, errors: [], warnings: check.warnings.map(jsonDiagnostic), missingVariables: check.loaded.missingVariables }
          : { environment: check.definition.name, valid: false, files: check.files, counts: null, errors: check.errors.map(jsonDiagnostic), warnings: [], missingVariables: [] },
      ),
    });
    return valid ? ExitCode.Success : ExitCode.Error;
  }
  for (const check of checks) {
    const name = check.definition.name;
    if (check.valid) {
      for (const w of check.warnings) io.stderr.write(`warning: ${formatDiagnostic(w)}\n`);
      io.stdout.write(`environment ${name}: ${environmentSummary(check.definition, check.loaded)}\n`);
      continue;
    }
    for (const d of check.errors) io.stderr.write(`${formatDiagnostic(d)}\n`);
    const files = new Set(check.errors.map((d) => d.file)).size;
    const subject = check.what === 'values' ? 'values cannot be read' : 'manifest invalid';
    io.stderr.write(`environment ${name}: ${subject}: ${plural(check.errors.length, 'error')} in ${plural(files, 'file')}\n`);
  }
  return valid ? ExitCode.Success : ExitCode.Error;
}

async function checkEnvironment(
  io: IoStreams,
  file: EnvironmentsFile,
  definition: EnvironmentDefinition,
  options: { readonly api: ApiFlag | undefined; readonly allowMissing: boolean },
): Promise<EnvironmentCheck> {
  let resolved;
  try {
    resolved = await resolveEnvironment(file, definition.name, { env: io.env, allowMissing: options.allowMissing });
  } catch (error) {
    if (!(error instanceof EnvironmentsError)) throw error;
    return { definition, valid: false, files: [file.name], errors: error.diagnostics, what: 'values' };
  }
  try {
    const loaded = await loadEnvironmentManifest(resolved, { cwd: io.cwd, allowMissingEnv: options.allowMissing });
    if (validatedApi(options.api, loaded.manifest) === 'legacy') checkLegacyLimits(loaded);
    return { definition, valid: true, loaded, ...manifestWarnings(loaded) };
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    return { definition, valid: false, files: error.files, errors: error.diagnostics, what: 'manifest' };
  }
}

/** `manifest valid: …`, the values a placeholder stood in for named with where each is read. */
function environmentSummary(definition: EnvironmentDefinition, loaded: LoadedManifest): string {
  const line = summaryLine(loaded.files.length, loaded.counts, []);
  if (loaded.missingVariables.length === 0) return line;
  const names = loaded.missingVariables.map((name) => {
    const source = definition.values.get(name);
    const from = source === undefined || typeof source === 'string' ? '' : 'env' in source ? ` ($${source.env})` : ` (${source.file})`;
    return `${name}${from}`;
  });
  return `${line}; ${plural(names.length, 'value')} not set, checked as placeholders: ${names.join(', ')}`;
}

function selectNamed(file: EnvironmentsFile, name: string): EnvironmentDefinition {
  try {
    return selectEnvironment(file, name);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`paycfg validate: ${error.message}`, { ...error.details });
    throw error;
  }
}

/** The environments file itself is invalid: its problems, as a manifest's are printed. */
function reportInvalidEnvironmentsFile(io: IoStreams, json: boolean, error: EnvironmentsError): ExitCode {
  if (json) {
    writeJson(io, { valid: false, environmentsFile: error.file, errors: error.diagnostics.map(jsonDiagnostic), environments: [] });
    return ExitCode.Error;
  }
  for (const d of error.diagnostics) io.stderr.write(`${formatDiagnostic(d)}\n`);
  io.stderr.write(`environments file invalid: ${plural(error.diagnostics.length, 'error')} in ${error.file}\n`);
  return ExitCode.Error;
}

/**
 * What validate warns about in a valid manifest: each secret written with a default (see
 * secretDefaultWarnings), then each payment rule of severity warning. The payment rules' errors
 * throw, as the manifest's own do (assertPaymentRules).
 */
function manifestWarnings(loaded: LoadedManifest): { readonly warnings: Diagnostic[]; readonly rules: RulesReport } {
  const rules = assertPaymentRules(loaded);
  return { warnings: [...secretDefaultWarnings(loaded.secrets, loaded.locate), ...rules.warnings], rules };
}

/**
 * One report of every environment checked, for --sarif and --junit, the rules listed once. A file
 * the environments share is checked once per environment: a finding the same there for each (same
 * rule, place and words) is reported once.
 */
function environmentsFindings(checks: readonly EnvironmentCheck[]): FindingsReport {
  const reports = checks.map((check) =>
    check.valid ? findingsOfRulesReport(check.rules) : check.what === 'manifest' ? findingsOfManifestDiagnostics(check.errors, PAYMENT_RULE_DESCRIPTORS) : undefined,
  );
  const ran = reports.filter((report): report is FindingsReport => report !== undefined);
  return {
    rules: ran.some((report) => report.rules.length > 0) ? PAYMENT_RULE_DESCRIPTORS : [],
    findings: once(ran.flatMap((report) => report.findings), (f) => [f.rule, f.location?.file, f.location?.line, f.location?.col, f.message]),
    skipped: once(ran.flatMap((report) => report.skipped), (s) => [s.rule, s.address, s.location?.file, s.location?.line, s.reason]),
  };
}

function once<T>(items: readonly T[], identity: (item: T) => readonly unknown[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(identity(item));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A diagnostic in validate's JSON: a payment rule's names its rule. */
function jsonDiagnostic(d: Diagnostic & { readonly rule?: string }): Pick<Diagnostic, 'file' | 'line' | 'col' | 'path' | 'message'> & { readonly rule?: string } {
  const { file, line, col, path, message } = d;
  return d.rule === undefined ? { file, line, col, path, message } : { file, line, col, path, message, rule: d.rule };
}
