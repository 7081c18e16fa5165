import type { ApiClient, RequestLogEvent } from '../../api/index.js';
import { environmentClient, findEnvironmentsFile, loadEnvironmentsFile, resolveEnvironment, selectEnvironment } from '../../environments/index.js';
import { ExitCode, UsageError } from '../../errors.js';
import { tokenOf } from '../../library/client.js';
import { hasChanges } from '../../plan/plan.js';
import { parseTargets } from '../../plan/targets.js';
import { publishPromotion } from '../../promote/index.js';
import { renderPlanJson } from '../../render/render-json.js';
import { renderPlanMarkdown } from '../../render/render-markdown.js';
import { renderPlanText } from '../../render/render-text.js';
import { createStyle } from '../../render/style.js';
import { clientFlags, formatRequestLog } from '../client-options.js';
import type { Command } from '../command.js';
import { colorEnabled, type IoStreams } from '../io.js';
import { shellWord } from '../next-steps.js';
import { parallelismFlag, parseFlags } from '../parse-flags.js';
import { colorFlag, type CommandSyntax } from '../syntax.js';
import { serviceRecordEnvironment, serviceRecordFlags, serviceRecordOf } from '../service-record-options.js';

const syntax = {
  usage: ['--from ENV --to ENV [-o FILE] [--allow-unproven] [--json | --markdown] [flags]'],
  description: `Plans environment --to (its manifests, its values, its group) and labels each change with its
evidence from environment --from: the same change is live there (its group's record matches the
manifest in every field the change writes, each environment's values aside), and since when, from
its journal when it has one. A change without evidence (never applied to --from, or changed there
since) is blocked unless --allow-unproven. Reads each group once; sends no write. The environments
come from the environments file (paycfg.environments.yaml); see docs/promotion.md.`,
  flags: {
    from: { type: 'string', value: 'ENV', help: 'The environment the changes were tried in (e.g. test): read for evidence, never written' },
    to: { type: 'string', value: 'ENV', help: 'The environment to plan (e.g. production)' },
    out: { type: 'string', short: 'o', value: 'FILE', help: 'Save the promotion plan, with its evidence, for `paycfg apply FILE --env ENV` (holds no secret value); an existing file must be a saved plan' },
    force: { type: 'boolean', help: 'With -o: replace FILE even when it is not a saved plan' },
    'allow-unproven': { type: 'boolean', help: 'Let changes without evidence go ahead, each labelled so; the saved plan and the journal of its apply record it' },
    json: { type: 'boolean', help: 'Print the plan as JSON (schemas/plan.schema.json: `promotion`, each change\'s `evidence`); errors as JSON too' },
    markdown: { type: 'boolean', help: 'Print a summary for a pull-request comment or a CI job summary' },
    target: { type: 'string', multiple: true, value: 'ADDRESS', help: 'Only this resource of --to and what it depends on (repeatable), e.g. merchant/coffee-001' },
    parallelism: { type: 'string', value: 'N', help: 'Reads in flight at once in each environment (default 8)' },
    environments: { type: 'string', value: 'FILE', help: 'The environments file (default: $PAYCFG_ENVIRONMENTS, else paycfg.environments.yaml in the working directory)' },
    ...serviceRecordFlags,
    verbose: clientFlags.verbose,
    color: colorFlag,
  },
  environment: [
    ['PAYCFG_ENVIRONMENTS', 'The environments file, unless --environments is given'],
    ...serviceRecordEnvironment,
    ['NO_COLOR', 'When set: no colour'],
  ],
  exitCodes: [
    [0, 'the promotion has no change to make'],
    [1, 'an error (a token of another group than its environment\'s, an unreadable journal, a manifest that does not load): nothing is printed or saved'],
    [2, 'the promotion has changes, or blocked changes (without evidence, or held back as a plan holds them back)'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values } = parseFlags('promote', syntax, argv);
  if (values.from === undefined || values.to === undefined) throw new UsageError('paycfg promote: give the environments with --from ENV (where the changes were tried) and --to ENV (where they go)');
  if (values.from === values.to) throw new UsageError(`paycfg promote: --from and --to are both ${values.from}; a promotion goes from one environment to another`);
  if (values.json && values.markdown) throw new UsageError('paycfg promote: choose one of --json and --markdown');
  if (values.force && values.out === undefined) throw new UsageError('paycfg promote: --force goes with -o FILE');
  const parallelism = parallelismFlag('promote', values.parallelism);
  const targets = parseTargets(values.target);
  const file = await findEnvironmentsFile({ cwd: io.cwd, env: io.env, ...(values.environments !== undefined ? { flag: values.environments } : {}) });
  if (file === undefined) {
    throw new UsageError('paycfg promote: no environments file: write paycfg.environments.yaml beside the manifests, or give one with --environments FILE (see docs/promotion.md)');
  }
  const environments = await loadEnvironmentsFile(file, { cwd: io.cwd });
  selectEnvironment(environments, values.from);
  selectEnvironment(environments, values.to);
  // The source is read for evidence only: a value it does not declare leaves an entry unproven, not the run refused.
  const source = await resolveEnvironment(environments, values.from, { env: io.env, allowMissing: true });
  const target = await resolveEnvironment(environments, values.to, { env: io.env });
  // Both groups are read at once: --verbose says which environment each request went to.
  const clientOptions = (name: string) => ({
    env: io.env,
    cwd: io.cwd,
    maxInFlight: parallelism,
    ...(values.verbose ? { onRequest: (event: RequestLogEvent) => io.stderr.write(`[${name}] ${formatRequestLog(event)}`) } : {}),
  });
  const clients: ApiClient[] = [];
  try {
    const from = await environmentClient(source, clientOptions(values.from));
    clients.push(from);
    const to = await environmentClient(target, clientOptions(values.to));
    clients.push(to);
    for (const client of clients) io.hideInOutput?.(tokenOf(client));
    const shown = await publishPromotion({
      from: { environment: source, client: from },
      to: { environment: target, client: to },
      allowUnproven: values['allow-unproven'],
      targets,
      parallelism,
      cwd: io.cwd,
      ...serviceRecordOf(values, io),
      ...(values.out !== undefined ? { out: values.out, force: values.force } : {}),
    });
    if (values.json) io.stdout.write(renderPlanJson(shown));
    else if (values.markdown) io.stdout.write(renderPlanMarkdown(shown));
    else io.stdout.write(renderPlanText(shown, createStyle(colorEnabled(io) && values.color)));
    if (values.out !== undefined && !values.json) {
      const next = shown.changes.length > 0 ? `run \`paycfg apply ${shellWord(values.out)} --env ${shellWord(values.to)}\` to carry it out` : 'it has no changes to carry out';
      io.stderr.write(`Saved the promotion plan to ${values.out}; ${next}.\n`);
    }
    return hasChanges(shown) ? ExitCode.Changes : ExitCode.Success;
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

export const promoteCommand: Command = { name: 'promote', syntax, run };
