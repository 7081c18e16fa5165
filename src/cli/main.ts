import { ExitCode, PaycfgError, UsageError } from '../errors.js';
import { commands } from './commands/registry.js';
import { processIo, type IoStreams } from './io.js';

const VERSION = '0.1.0';

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    'paycfg: configuration as code for payment acceptance',
    '',
    'Usage: paycfg <command> [flags]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `paycfg <command> --help` for the flags of a command.',
    '',
  ].join('\n');
}

/** Prints an error the way every command should: one clear message, details only when useful. */
export function reportError(error: unknown, io: IoStreams): ExitCode {
  if (error instanceof PaycfgError) {
    io.stderr.write(`Error: ${error.message}\n`);
    return error.exitCode;
  }
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(`Error: unexpected failure (this is a bug in paycfg; please report it)\n${text}\n`);
  return ExitCode.Error;
}

export async function main(argv: readonly string[], io: IoStreams = processIo()): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage());
    return name === undefined ? ExitCode.Error : ExitCode.Success;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`paycfg ${VERSION}\n`);
    return ExitCode.Success;
  }
  const entry = commands[name];
  try {
    if (entry === undefined) {
      throw new UsageError(`unknown command "${name}"; run \`paycfg --help\` for the list`);
    }
    const command = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
      return ExitCode.Success;
    }
    return await command.run(rest, io);
  } catch (error) {
    return reportError(error, io);
  }
}
