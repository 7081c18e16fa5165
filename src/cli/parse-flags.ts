import { CommanderError } from 'commander';
import { UsageError } from '../errors.js';
import { closestMatch } from '../manifest/did-you-mean.js';
import type { IoStreams } from './io.js';
import { buildCommander, type CommandSyntax, type FlagSpec, type FlagSpecs, type FlagValues } from './syntax.js';

export interface ParsedFlags<F extends FlagSpecs> {
  readonly values: FlagValues<F>;
  /** Positional arguments, at most the syntax's maxArgs. */
  readonly args: string[];
}

/**
 * Parses a command's arguments with commander (unknown flags get "did you mean"), with every error
 * a UsageError that names only what the user typed. `path` is the command as typed after
 * `paycfg` (`plan`, `sim token`).
 */
export function parseFlags<F extends FlagSpecs>(path: string, syntax: CommandSyntax<F>, argv: readonly string[]): ParsedFlags<F> {
  refuseSingleDashLongFlags(path, syntax.flags, argv);
  const cli = buildCommander(path, syntax);
  try {
    cli.parse([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) throw new UsageError(`paycfg ${path}: ${commanderMessage(error, syntax.flags)}`);
    throw error;
  }
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(syntax.flags)) {
    const option = cli.options.find((o) => o.long === `--${spec.negated === true ? 'no-' : ''}${name}`);
    const value: unknown = option === undefined ? undefined : cli.getOptionValue(option.attributeName());
    values[name] = spec.type === 'boolean' ? (value ?? spec.negated === true) === true : value;
  }
  const args = [...cli.args];
  const max = syntax.maxArgs ?? 0;
  if (args.length > max) {
    const stray = args[max] as string;
    throw new UsageError(`paycfg ${path}: unexpected argument "${stray}"${strayHint(path, syntax.flags, stray)}`);
  }
  return { values: values as FlagValues<F>, args };
}

/** What a stray argument probably meant: a manifest path given without -f, an output file without -o. */
function strayHint(path: string, flags: FlagSpecs, stray: string): string {
  if (flags['file'] !== undefined) return `; pass manifest paths with -f: did you mean \`paycfg ${path} -f ${stray}\`?`;
  if (flags['out']?.short === 'o') return '; write to a file with -o FILE';
  return '';
}

/**
 * commander reads `-auto-approve` as the short flags -a -u -t…, and `-out=plan.json` as -o with the
 * value "ut=plan.json": a word with one dash whose name is (close to) a long flag is refused here,
 * before commander sees it, with the flag it meant. Values of flags that take one are skipped.
 */
function refuseSingleDashLongFlags(path: string, flags: FlagSpecs, argv: readonly string[]): void {
  const longs = new Map<string, FlagSpec>();
  const shorts = new Map<string, FlagSpec>();
  for (const [name, spec] of Object.entries(flags)) {
    longs.set(`${spec.negated === true ? 'no-' : ''}${name}`, spec);
    if (spec.short !== undefined) shorts.set(spec.short, spec);
  }
  longs.set('help', { type: 'boolean', help: '' });
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--') return;
    const takesValue = (spec: FlagSpec | undefined): boolean => spec?.type === 'string';
    if (word.startsWith('--')) {
      if (!word.includes('=') && takesValue(longs.get(word.slice(2)))) i += 1;
      continue;
    }
    if (!word.startsWith('-') || word.length < 2) continue;
    if (word.length === 2) {
      if (takesValue(shorts.get(word.slice(1)))) i += 1;
      continue;
    }
    const [name = '', ...rest] = word.slice(1).split('=');
    const meant = longs.has(name) ? name : closestMatch(name, longs.keys());
    if (meant !== undefined) {
      const value = rest.length > 0 ? `=${rest.join('=')}` : '';
      throw new UsageError(`paycfg ${path}: unknown flag "${word}"; did you mean --${meant}${value}? (long flags take two dashes)`);
    }
    // `-fpaycfg.yaml`: a short flag with its value attached, which commander reads as such.
    if (takesValue(shorts.get(word.charAt(1)))) continue;
    throw new UsageError(`paycfg ${path}: unknown flag "${word}"`);
  }
}

/** commander's error, in paycfg's words: the flag as typed, the one it probably meant. */
function commanderMessage(error: CommanderError, flags: FlagSpecs): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1];
  switch (error.code) {
    case 'commander.unknownOption': {
      const typed = quoted ?? '';
      const [name = '', value] = typed.replace(/^--?/, '').split('=');
      const spec = flags[name];
      if (value !== undefined && spec?.type === 'boolean') return `--${name} takes no value (got "${typed}")`;
      const suggestion = /\(Did you mean (.*)\?\)/.exec(error.message)?.[1];
      return `unknown flag "${typed}"${suggestion !== undefined ? `; did you mean ${suggestion}?` : ''}`;
    }
    case 'commander.optionMissingArgument':
      return `${(quoted ?? 'the flag').replace(/ <([^>]+)>$/, '').replace(', ', '/')} needs a value (${/<([^>]+)>/.exec(quoted ?? '')?.[1] ?? 'VALUE'})`;
    case 'commander.helpDisplayed':
      return 'help is printed by `paycfg <command> --help`';
    default:
      return error.message.replace(/^error: /, '');
  }
}

/** Parses an integer flag value, naming the flag when it is not one. */
export function intFlag(name: string, value: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** Parses a probability flag (0..1). */
export function rateFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) {
    throw new UsageError(`--${name} must be a number from 0 to 1, got "${value}"`);
  }
  return n;
}

/** Requests (and, for apply, changes) in flight at once, unless --parallelism says otherwise. */
export const DEFAULT_PARALLELISM = 8;

/** The value of --parallelism, shared by every command that talks to the service. */
export function parallelismFlag(value: string | undefined): number {
  return intFlag('parallelism', value, 1, 64) ?? DEFAULT_PARALLELISM;
}

/** The -f paths of a command that needs a manifest. */
export function requireFiles(command: string, files: readonly string[] | undefined): string[] {
  if (files === undefined || files.length === 0) throw new UsageError(`paycfg ${command}: give the manifest with -f PATH (a file or a directory)`);
  return checkStdinOnce(command, files);
}

/** What the manifest loader needs to read `-f -`: the command's standard input. */
export function stdinOf(io: Pick<IoStreams, 'readStdin'>): { readStdin: () => Promise<string> } {
  return { readStdin: io.readStdin };
}

/** `-f -` reads standard input, which can be read once: given twice, it is a mistake of the command line. */
export function checkStdinOnce(command: string, files: readonly string[]): string[] {
  if (files.filter((file) => file === '-').length > 1) throw new UsageError(`paycfg ${command}: -f - (standard input) is given twice; standard input holds one manifest file`);
  return [...files];
}
