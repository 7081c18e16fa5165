import { ExitCode, UsageError } from '../../errors.js';
import type { Finding, FindingsReport } from '../../findings/types.js';
import { loadEnvironmentManifest } from '../../environments/manifests.js';
import { resolveEnvironment } from '../../environments/resolve.js';
import { identityOf } from '../../environments/types.js';
import { formatPosition } from '../../manifest/diagnostics.js';
import { loadManifest } from '../../manifest/load-manifest.js';
import { packSourcesOfFlags, packSourcesOfPlan, policyEnvironmentOf } from '../../policy/index.js';
import { showControls, stringifyJson } from '../../util/visible-text.js';
import { checkPlan, findingLocator, savedChecks, type FindingLocator } from '../../workflow/plan-checks.js';
import { refuseOtherEnvironment } from '../../workflow/prepare-saved-plan.js';
import { readSavedPlan, shownSavedPlan } from '../../workflow/saved-plan-file.js';
import type { Command } from '../command.js';
import { environmentFlags, environmentVariables, selectedEnvironment, type SelectedEnvironment } from '../environment-options.js';
import type { IoStreams } from '../io.js';
import { shellWord } from '../next-steps.js';
import { checkStdinOnce, parseFlags, stdinOf } from '../parse-flags.js';
import { policyFlagSpec } from '../policy-flags.js';
import { checkReportDestinations, reportFlags, writeFindingsReports } from '../report-options.js';
import { colorFlag, type CommandSyntax } from '../syntax.js';

const syntax = {
  usage: ['PLANFILE [--policy PATH]... [-f PATH... | --env NAME] [--json] [--sarif FILE] [--junit FILE]'],
  description: `Evaluates the policy packs over a plan saved by \`paycfg plan --out\`: the packs the plan was made
with (its policyPacks) and those --policy names. Offline: no request is sent, no token is needed.
With -f (or --env, its manifests), each finding is shown at its record's entry in the manifest
(file:line:col). Exit 1 when a finding would block \`paycfg apply PLANFILE\` (see docs/policy.md).`,
  maxArgs: 1,
  flags: {
    policy: policyFlagSpec,
    file: { type: 'string', short: 'f', multiple: true, value: 'PATH', help: 'The manifest the plan was made from (repeatable): findings are located on its entries' },
    json: { type: 'boolean', help: 'Print the findings as JSON; errors as JSON too' },
    ...reportFlags,
    color: colorFlag,
    ...environmentFlags,
  },
  environment: [...environmentVariables, ['NO_COLOR', 'When set: no colour']],
  exitCodes: [
    [0, 'nothing blocks the apply (advisory findings, overridden ones, or none)'],
    [1, 'a finding blocks the apply (a mandatory rule, or an overridable one not overridden), or an error: the file is not a saved plan, a policy pack cannot be evaluated'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values, args } = parseFlags('check', syntax, argv);
  const file = args[0];
  if (file === undefined) throw new UsageError('paycfg check: give the plan file, saved with `paycfg plan --out PLANFILE`');
  const selected = await selectedEnvironment('check', values, io);
  const paths = selected === undefined ? checkStdinOnce('check', values.file ?? []) : [];
  await checkReportDestinations(values, io);
  const saved = await readSavedPlan(file, io.cwd, 'check');
  if (selected !== undefined) refuseOtherEnvironment(saved, undefined, identityOf(selected.definition));
  // A plan made for an environment is judged with it, as its apply judges it (another environment's values, for one).
  if (selected === undefined && saved.plan.environment !== undefined) {
    throw new UsageError(
      `paycfg check: ${file} was made for environment ${saved.plan.environment}: check it with --env ${shellWord(saved.plan.environment)}, as its apply runs, so that rules that read the environment judge it too`,
    );
  }
  const packs = [...packSourcesOfPlan(saved.plan.policyPacks, io.cwd), ...packSourcesOfFlags(values.policy, io.cwd)];
  const locate = await manifestLocator(selected, paths, io);
  const { plan, policy } = await checkPlan(shownSavedPlan(saved), { ...savedChecks(saved.plan), packs, ...(locate !== undefined ? { locate } : {}) }, {
    cwd: io.cwd,
    ...(selected !== undefined ? { environment: policyEnvironmentOf(selected) } : {}),
  });
  // What the run checked and found, as the reports (SARIF, JUnit) take it.
  const report: FindingsReport = { rules: policy.packs.flatMap((pack) => pack.rules), findings: plan.findings ?? [], skipped: plan.skippedRules ?? [] };
  const blocking = report.findings.filter((finding) => finding.blocking);
  await writeFindingsReports(values, report, io, { manifestFiles: saved.manifestFiles });
  if (values.json) {
    io.stdout.write(
      `${stringifyJson(
        { formatVersion: 1, plan: file, packs: policy.packs.map(({ name, source }) => ({ name, source })), rules: report.rules, findings: report.findings, skippedRules: report.skipped, blocksApply: blocking.length > 0 },
        2,
      )}\n`,
    );
  } else io.stdout.write(checkText(file, report, policy.packs.length));
  return blocking.length > 0 ? ExitCode.Error : ExitCode.Success;
}

/** The manifest's entries, when the run names it: -f, or the environment's manifests (read offline; a missing variable is a placeholder). */
async function manifestLocator(selected: SelectedEnvironment | undefined, paths: readonly string[], io: IoStreams): Promise<FindingLocator | undefined> {
  if (selected !== undefined) {
    const resolved = await resolveEnvironment(selected.file, selected.definition.name, { env: io.env, allowMissing: true });
    return findingLocator(await loadEnvironmentManifest(resolved, { cwd: io.cwd, allowMissingEnv: true }));
  }
  if (paths.length === 0) return undefined;
  return findingLocator(await loadManifest(paths, { env: io.env, cwd: io.cwd, allowMissingEnv: true, ...stdinOf(io) }));
}

function checkText(file: string, report: FindingsReport, packs: number): string {
  const t = (text: string): string => showControls(text);
  const lines = report.findings.map((finding) => {
    const at = finding.location !== undefined ? `${formatPosition(finding.location)}: ` : '';
    const about = finding.address !== undefined ? `${t(finding.address)}: ` : '';
    return `${at}${about}${t(finding.message)} [${t(finding.rule)}] (${weight(finding)})`;
  });
  for (const skipped of report.skipped) lines.push(`${skipped.location !== undefined ? `${formatPosition(skipped.location)}: ` : ''}${t(skipped.address)}: rule ${t(skipped.rule)} skipped: ${t(skipped.reason)}`);
  const blocking = report.findings.filter((finding) => finding.blocking).length;
  const checked = `Checked ${t(file)} with ${packs} polic${packs === 1 ? 'y pack' : 'y packs'}: ${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}`;
  lines.push(blocking === 0 ? `${checked}; nothing blocks the apply.` : `${checked}; ${blocking} block${blocking === 1 ? 's' : ''} the apply.`);
  return `${lines.join('\n')}\n`;
}

/** A finding's level, and what it does to the apply. */
function weight(finding: Finding): string {
  if (finding.override !== undefined) return `${finding.level}, overridden by ${showControls(finding.override.by)}: ${showControls(finding.override.reason)}`;
  if (finding.blocking) return `${finding.level}: blocks the apply${finding.level === 'overridable' ? ` unless overridden (--override ${finding.rule}=REASON)` : ''}`;
  return finding.level;
}

export const checkCommand: Command = { name: 'check', syntax, run };
