import path from 'node:path';
import { ExitCode, UsageError } from '../../errors.js';
import { readJournal } from '../../journal/reader.js';
import { renderJournalJson, renderJournalMarkdown, renderJournalText } from '../../journal/render.js';
import type { Command } from '../command.js';
import type { IoStreams } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { environmentFlags, environmentVariables, selectedEnvironment } from '../environment-options.js';
import { noColorAccepted, type CommandSyntax } from '../syntax.js';

const syntax = {
  usage: ['FILE [--json | --markdown]', '--env NAME [--json | --markdown]'],
  description: `Summarises a journal written by \`paycfg apply --journal FILE\`: each run (its id, when it
started and ended, who ran it, the group, the plan's hash, the manifest files or saved plan with
their SHA-256, the git commit), how it ended, what each change did and why each failure failed.
Reads the file alone: no request is sent, no token is needed. A record cut short by a crash is
skipped and reported; a file that is not a journal is refused, naming the line. With --env and no
FILE, the environment's journal (its journal: in the environments file).`,
  maxArgs: 1,
  flags: {
    json: { type: 'boolean', help: 'Print the runs as JSON ({formatVersion, file, runs[], torn[]}); errors as JSON too' },
    markdown: { type: 'boolean', help: 'Print a summary for a change record or a pull-request comment' },
    color: noColorAccepted,
    ...environmentFlags,
  },
  environment: environmentVariables,
  exitCodes: [
    [0, 'the journal was summarised (whatever its runs did)'],
    [1, 'an error: the file is missing, or is not a journal (the message names the line)'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values, args } = parseFlags('journal', syntax, argv);
  const selected = await selectedEnvironment('journal', values, io);
  const ownJournal = selected?.definition.journal;
  if (args[0] === undefined && selected !== undefined && ownJournal === undefined) {
    throw new UsageError(`paycfg journal: environment ${selected.definition.name} names no journal: in ${selected.file.name}; give the journal FILE`);
  }
  // The environment's journal is absolute: named in messages relative to the working directory when inside it.
  const file = args[0] ?? (ownJournal !== undefined ? shownPath(ownJournal, io.cwd) : undefined);
  if (file === undefined) throw new UsageError('paycfg journal: give the journal file, written with `paycfg apply --journal FILE`');
  if (values.json && values.markdown) throw new UsageError('paycfg journal: choose one of --json and --markdown');
  const journal = await readJournal(file, io.cwd);
  io.stdout.write(values.json ? renderJournalJson(file, journal) : values.markdown ? renderJournalMarkdown(file, journal) : renderJournalText(file, journal));
  return ExitCode.Success;
}

function shownPath(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/');
}

export const journalCommand: Command = { name: 'journal', syntax, run };
