import { ExitCode, PaycfgError, UsageError } from '../errors.js';
import { closestMatch } from '../manifest/did-you-mean.js';
import { PACKAGE_VERSION } from '../package-files.js';
import { stringifyJson } from '../util/visible-text.js';
import type { Command } from './command.js';
import { commands } from './commands/registry.js';
import { processIo, type IoStreams } from './io.js';
import { jsonError, wantsJson } from './json-error.js';
import { helpText, usageText } from './syntax.js';

const TOP_USAGE = 'Usage: paycfg <command> [flags]';

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    'paycfg: configuration as code for payment acceptance',
    '',
    TOP_USAGE,
    '',
    'Commands:',
    ...lines,
    '',
    'Flags:',
    '  -h, --help     Show this help (`paycfg <command> --help`: the flags, environment variables and exit codes of a command)',
    '  -V, --version  Print the version',
    '',
  ].join('\n');
}

/** How to use what was typed, printed under a usage error: the command's usage line, or paycfg's. */
interface UsageHint {
  readonly lines: string;
  readonly help: string;
}

const TOP_HINT: UsageHint = { lines: TOP_USAGE, help: 'paycfg --help' };

/**
 * Prints an error the way every command should: one clear message, details only when useful; a
 * usage error with the usage line; with --json, the error as JSON on stdout instead.
 */
export function reportError(error: unknown, io: IoStreams, options: { json?: boolean; usage?: UsageHint } = {}): ExitCode {
  const exitCode = error instanceof PaycfgError ? error.exitCode : ExitCode.Error;
  if (options.json === true) {
    io.stdout.write(`${stringifyJson(jsonError(error), 2)}\n`);
    // A bug's stack is for its report; stdout stays one JSON document.
    if (!(error instanceof PaycfgError) && error instanceof Error && error.stack !== undefined) io.stderr.write(`${error.stack}\n`);
    return exitCode;
  }
  if (error instanceof PaycfgError) {
    io.stderr.write(`Error: ${error.message}\n`);
    if (error instanceof UsageError && options.usage !== undefined) {
      io.stderr.write(`${options.usage.lines}\nRun \`${options.usage.help}\` for more.\n`);
    }
    return exitCode;
  }
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(`Error: unexpected failure (this is a bug in paycfg; please report it)\n${text}\n`);
  return exitCode;
}

const HELP_FLAGS = new Set(['--help', '-h']);

/** `--help` or `-h` among the flags (before any `--`). */
function asksHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => HELP_FLAGS.has(arg));
}

/** The command named by argv[0], or a usage error that says which one was probably meant. */
async function resolveCommand(name: string): Promise<Command> {
  const entry = commands[name];
  if (entry !== undefined) return entry.load();
  if (name.startsWith('-')) {
    const meant = closestMatch(name, ['--help', '--version']);
    const hint = meant !== undefined ? `did you mean ${meant}?` : 'flags go after the command: paycfg <command> [flags]';
    throw new UsageError(`unknown flag "${name}"; ${hint}`);
  }
  const meant = closestMatch(name, Object.keys(commands));
  throw new UsageError(`unknown command "${name}"${meant !== undefined ? `; did you mean ${meant}?` : `; the commands are ${Object.keys(commands).join(', ')}`}`);
}

/**
 * Runs the command line `argv` (without node and the script) and returns the exit code. Usable
 * in-process: everything goes through `io`, nothing calls process.exit.
 */
export async function main(argv: readonly string[], io: IoStreams = processIo()): Promise<ExitCode> {
  const json = wantsJson(argv);
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(usage());
    return ExitCode.Error;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    io.stdout.write(usage());
    return ExitCode.Success;
  }
  if (name === '--version' || name === '-V' || name === '-v') {
    io.stdout.write(`paycfg ${PACKAGE_VERSION}\n`);
    return ExitCode.Success;
  }
  let hint = TOP_HINT;
  try {
    // `paycfg help plan` is `paycfg plan --help`.
    const words = name === 'help' ? rest : argv;
    const top = await resolveCommand(words[0] as string);
    const sub = top.subcommands?.[words[1] ?? ''];
    const command = sub ?? top;
    const path = sub !== undefined ? `${top.name} ${sub.name}` : top.name;
    if (name === 'help' || asksHelp(words.slice(1))) {
      io.stdout.write(helpText(path, command.syntax));
      return ExitCode.Success;
    }
    hint = { lines: usageText(path, command.syntax), help: `paycfg ${path} --help` };
    return await top.run(rest, io);
  } catch (error) {
    return reportError(error, io, { json, usage: hint });
  }
}
