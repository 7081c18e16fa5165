import { ExitCode, UsageError } from '../../errors.js';
import { renderPlanJson } from '../../render/render-json.js';
import { renderPlanMarkdown } from '../../render/render-markdown.js';
import { renderPlanText } from '../../render/render-text.js';
import { createStyle } from '../../render/style.js';
import { showControls } from '../../util/visible-text.js';
import { readSavedPlan, shownSavedPlan } from '../../workflow/saved-plan-file.js';
import type { Command } from '../command.js';
import { colorEnabled, type IoStreams } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { environmentFlags, environmentVariables, selectedEnvironment } from '../environment-options.js';
import { identityOf } from '../../environments/types.js';
import { refuseOtherEnvironment } from '../../workflow/prepare-saved-plan.js';
import { colorFlag, type CommandSyntax } from '../syntax.js';

const syntax = {
  usage: ['PLANFILE [--env NAME] [--json | --markdown] [--no-color]'],
  description: `Prints a plan saved by \`paycfg plan --out\`, as plan printed it: for a reviewer, or to check what
\`paycfg apply PLANFILE\` would carry out. Reads the file alone: no request is sent, no token is
needed. With --env, a plan saved for another environment (or for none) is refused, as apply refuses it.`,
  maxArgs: 1,
  flags: {
    json: { type: 'boolean', help: 'Print the plan as JSON (schemas/plan.schema.json); errors as JSON too' },
    markdown: { type: 'boolean', help: 'Print a summary for a pull-request comment' },
    color: colorFlag,
    ...environmentFlags,
  },
  environment: [...environmentVariables, ['NO_COLOR', 'When set: no colour']],
  exitCodes: [
    [0, 'the plan was printed'],
    [1, 'an error: the file is missing or is not a saved plan'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values, args } = parseFlags('show', syntax, argv);
  const file = args[0];
  if (file === undefined) throw new UsageError('paycfg show: give the plan file, saved with `paycfg plan --out PLANFILE`');
  if (values.json && values.markdown) throw new UsageError('paycfg show: choose one of --json and --markdown');
  const selected = await selectedEnvironment('show', values, io);
  const saved = await readSavedPlan(file, io.cwd, 'show');
  if (selected !== undefined) refuseOtherEnvironment(saved, undefined, identityOf(selected.definition));
  const plan = shownSavedPlan(saved);
  if (values.json) io.stdout.write(renderPlanJson(plan));
  else if (values.markdown) io.stdout.write(renderPlanMarkdown(plan));
  else {
    const from = saved.manifestFiles.length > 0 ? ` from ${saved.manifestFiles.map((f) => showControls(f)).join(', ')}` : '';
    io.stdout.write(`Saved plan ${showControls(file)}, made ${saved.createdAt}${from}; \`paycfg apply ${showControls(file)}\` carries it out.\n\n`);
    io.stdout.write(renderPlanText(plan, createStyle(colorEnabled(io) && values.color)));
  }
  return ExitCode.Success;
}

export const showCommand: Command = { name: 'show', syntax, run };
