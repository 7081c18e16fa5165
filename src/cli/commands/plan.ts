import { ExitCode, UsageError } from '../../errors.js';
import { publishCheckedPlan } from '../../library/plan.js';
import { findingsOfManifestDiagnostics, findingsOfPlan } from '../../findings/run-findings.js';
import { ManifestError } from '../../manifest/diagnostics.js';
import { hasChanges } from '../../plan/plan.js';
import { PAYMENT_RULE_DESCRIPTORS } from '../../rules/index.js';
import { parseTargets } from '../../plan/targets.js';
import { renderPlanJson } from '../../render/render-json.js';
import { renderPlanMarkdown } from '../../render/render-markdown.js';
import { renderPlanText } from '../../render/render-text.js';
import { createStyle } from '../../render/style.js';
import { clientEnvironment, clientFlags } from '../client-options.js';
import { connectRun, environmentFlags, environmentVariables, runTarget, selectedEnvironment } from '../environment-options.js';
import type { Command } from '../command.js';
import { policyFlagSpec } from '../policy-flags.js';
import { serviceRecordEnvironment, serviceRecordFlags, serviceRecordOf } from '../service-record-options.js';
import { checkReportDestinations, reportFlags, writeFindingsReports, type ReportFlagValues } from '../report-options.js';
import { shellWord } from '../next-steps.js';
import { colorEnabled, type IoStreams } from '../io.js';
import { apiFlag, impactWindowFlag, maxAffectedTerminalsFlag, maxDeletesFlag, parallelismFlag, parseFlags, requireFiles, stdinOf } from '../parse-flags.js';
import { allowUnsettledFlagSpec, colorFlag, impactWindowFlagSpec, maxAffectedTerminalsFlagSpec, type CommandSyntax } from '../syntax.js';

export const planSyntax = {
  usage: ['-f PATH... [flags]', '--env NAME [flags]'],
  description: `Reads the live group, compares it with the manifest and prints the ordered changes that
\`paycfg apply\` would make. Sends no write. With --env, the environment's manifests, values, service
and group (see docs/environments.md).`,
  flags: {
    file: { type: 'string', short: 'f', multiple: true, value: 'PATH', help: 'Manifest file or directory (repeatable; directories are read recursively); - reads it from standard input' },
    json: { type: 'boolean', help: 'Print the plan as JSON (schemas/plan.schema.json); errors as JSON too' },
    markdown: { type: 'boolean', help: 'Print a summary for a pull-request comment' },
    out: { type: 'string', short: 'o', value: 'FILE', help: 'Save the plan for `paycfg apply FILE` (holds no secret value); an existing file must be a saved plan' },
    force: { type: 'boolean', help: 'With --out: replace FILE even when it is not a saved plan' },
    'detailed-exitcode': { type: 'boolean', help: 'Exit 2 when there are changes or blocked changes (0: none, 1: error)' },
    parallelism: { type: 'string', value: 'N', help: 'Reads in flight at once (default 8)' },
    target: { type: 'string', multiple: true, value: 'ADDRESS', help: 'Only this resource and what it depends on (repeatable), e.g. merchant/coffee-001' },
    base: {
      type: 'string',
      multiple: true,
      value: 'PATH',
      help: 'The manifest before the change under review, as -f takes it (repeatable): each change is labelled intended, revert (undoes a change made outside paycfg) or both',
    },
    'base-ref': { type: 'string', value: 'REV', help: 'As --base, with each -f path as it is at the git revision REV (e.g. origin/main)' },
    'max-deletes': { type: 'string', value: 'N', help: 'Refuse the run, before any write, when the plan deletes more than N live records (a replacement, a logout and a decommission count); 0: no delete. Overrides safety.maxDeletes of the manifest' },
    'max-affected-terminals': maxAffectedTerminalsFlagSpec,
    'allow-unsettled': allowUnsettledFlagSpec,
    'impact-window': impactWindowFlagSpec,
    policy: policyFlagSpec,
    ...serviceRecordFlags,
    ...reportFlags,
    color: colorFlag,
    ...environmentFlags,
    ...clientFlags,
  },
  environment: [...clientEnvironment, ...environmentVariables, ...serviceRecordEnvironment, ['NO_COLOR', 'When set: no colour']],
  exitCodes: [
    [0, 'the plan was made (with --detailed-exitcode: and it has no changes)'],
    [1, 'an error, more deletes than --max-deletes (or safety.maxDeletes) allows, a change reaching more terminals than --max-affected-terminals (or safety.maxAffectedTerminals) allows, or a policy pack that cannot be evaluated: the plan is neither printed nor saved'],
    [2, 'with --detailed-exitcode: the plan has changes, or blocked changes (that the service would refuse, that protect: keeps, or that unsettled batches hold back)'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values } = parseFlags('plan', planSyntax, argv);
  const selected = await selectedEnvironment('plan', values, io);
  if (selected === undefined && values.file === undefined && (values.base !== undefined || values['base-ref'] !== undefined)) {
    const flag = values.base !== undefined ? '--base' : '--base-ref';
    throw new UsageError(`paycfg plan: ${flag} gives the manifest before the change; give the manifest to plan with -f PATH as well`);
  }
  // An environment names its manifests; -f beside it was refused.
  const paths = selected === undefined ? requireFiles('plan', values.file) : [...selected.definition.manifests];
  if (values.json && values.markdown) throw new UsageError('paycfg plan: choose one of --json and --markdown');
  if (values.force && values.out === undefined) throw new UsageError('paycfg plan: --force goes with --out FILE');
  const base = baseFlags(values.base, values['base-ref'], paths);
  const parallelism = parallelismFlag('plan', values.parallelism);
  const targets = parseTargets(values.target);
  const maxDeletes = maxDeletesFlag('plan', values['max-deletes']);
  const maxAffectedTerminals = maxAffectedTerminalsFlag('plan', values['max-affected-terminals']);
  const impactWindow = impactWindowFlag('plan', values['impact-window']);
  const api = apiFlag('plan', values.api);
  await checkReportDestinations(values, io);
  const connected = await connectRun(selected, values, io, { maxInFlight: parallelism });
  const { client } = connected;
  try {
    // The library refuses a destination it would not replace before any read, and keeps the token
    // out of the plan it returns and saves, as the CLI's own output filter keeps it off the screen.
    const { plan: shown, policy } = await reportingRefusal(values, io, () => publishCheckedPlan({
      ...runTarget(connected, paths, io),
      cwd: io.cwd,
      parallelism,
      targets,
      ...(maxDeletes !== undefined ? { maxDeletes } : {}),
      ...(maxAffectedTerminals !== undefined ? { maxAffectedTerminals } : {}),
      ...(impactWindow !== undefined ? { impactWindow } : {}),
      ...(values['allow-unsettled'] ? { allowUnsettled: true } : {}),
      ...(api !== undefined ? { api } : {}),
      ...(values.policy !== undefined ? { policy: values.policy } : {}),
      ...serviceRecordOf(values, io),
      ...stdinOf(io),
      ...base,
      ...(values.out !== undefined ? { out: values.out, force: values.force } : {}),
    }));
    await writeFindingsReports(values, findingsOfPlan(shown, [...PAYMENT_RULE_DESCRIPTORS, ...policy.packs.flatMap((pack) => pack.rules)]), io);
    if (values.json) io.stdout.write(renderPlanJson(shown));
    else if (values.markdown) io.stdout.write(renderPlanMarkdown(shown));
    else io.stdout.write(renderPlanText(shown, createStyle(colorEnabled(io) && values.color)));
    if (values.out !== undefined && !values.json) {
      // A plan with nothing to do is saved all the same (CI may apply whatever it saved), but says so.
      const env = selected === undefined ? '' : ` --env ${shellWord(selected.definition.name)}`;
      const next = shown.changes.length > 0 ? `run \`paycfg apply ${shellWord(values.out)}${env}\` to carry it out` : 'it has no changes to carry out';
      io.stderr.write(`Saved the plan to ${values.out}; ${next}.\n`);
    }
    return values['detailed-exitcode'] && hasChanges(shown) ? ExitCode.Changes : ExitCode.Success;
  } finally {
    await client.close();
  }
}

/** --base and --base-ref as the library takes them: one of the two, standard input read once. */
function baseFlags(base: string[] | undefined, baseRef: string | undefined, files: readonly string[]): { base?: string[]; baseRef?: string } {
  if (base !== undefined && baseRef !== undefined) throw new UsageError('paycfg plan: choose one of --base and --base-ref');
  if (baseRef !== undefined) return { baseRef };
  if (base === undefined) return {};
  if (base.filter((p) => p === '-').length + files.filter((p) => p === '-').length > 1) {
    throw new UsageError('paycfg plan: standard input (-) can be read once; give the manifest or its base (--base) as a file');
  }
  return { base };
}

/** A manifest a payment rule refused is reported as validate reports it (--sarif, --junit), then refused as before. */
async function reportingRefusal<T>(values: ReportFlagValues, io: IoStreams, make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof ManifestError) await writeFindingsReports(values, findingsOfManifestDiagnostics(error.diagnostics, PAYMENT_RULE_DESCRIPTORS), io, { manifestFiles: error.files });
    throw error;
  }
}

export const planCommand: Command = { name: 'plan', syntax: planSyntax, run };
