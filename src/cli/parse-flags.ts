import { CommanderError } from 'commander';
import { UsageError } from '../errors.js';
import { isApiFlag, type ApiFlag } from '../manifest/api-choice.js';
import { closestMatch } from '../manifest/did-you-mean.js';
import { parseImpactWindow } from '../payments/impact-window.js';
import type { IoStreams } from './io.js';
import { buildCommander, type CommandSyntax, type FlagSpec, type FlagSpecs, type FlagValues } from './syntax.js';

export interface ParsedFlags<F extends FlagSpecs> {
  readonly values: FlagValues<F>;
  /** Positional arguments, at most the syntax's maxArgs. */
  readonly args: string[];
}

/**
 * Parses a command's arguments with commander, with every error a UsageError that names only what
 * the user typed. Flags are checked against the syntax before commander sees them (checkFlagWords),
 * so what a mistyped flag gets ("did you mean") never depends on the wording of commander's errors.
 * `path` is the command as typed after `paycfg` (`plan`, `sim token`).
 */
export function parseFlags<F extends FlagSpecs>(path: string, syntax: CommandSyntax<F>, argv: readonly string[]): ParsedFlags<F> {
  const words = checkFlagWords(path, syntax.flags, argv);
  const cli = buildCommander(path, syntax);
  try {
    cli.parse(words, { from: 'user' });
  } catch (error) {
    // checkFlagWords refuses what commander would: this is only a safety net, in commander's words.
    if (error instanceof CommanderError) throw new UsageError(`paycfg ${path}: ${error.message.replace(/^error: /, '')}`);
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
 * Checks every flag word against the syntax and returns the words for commander. commander alone
 * reads `-auto-approve` as the short flags -a -u -t…, and `-out=plan.json` or `-o=plan.json` as -o
 * with the value "ut=plan.json" or "=plan.json". Here `-o=V` is `-o V`; a single-dash word whose
 * name is (close to) a long flag is refused with the flag it meant; an unknown flag gets the
 * closest known one; a boolean flag given a value and a flag missing its value are refused.
 * Values of flags that take one are skipped; everything after `--` is an argument.
 */
function checkFlagWords(path: string, flags: FlagSpecs, argv: readonly string[]): string[] {
  const longs = new Map<string, FlagSpec>();
  const shorts = new Map<string, { name: string; spec: FlagSpec }>();
  for (const [name, spec] of Object.entries(flags)) {
    longs.set(`${spec.negated === true ? 'no-' : ''}${name}`, spec);
    if (spec.short !== undefined) shorts.set(spec.short, { name, spec });
  }
  longs.set('help', { type: 'boolean', help: '' });
  shorts.set('h', { name: 'help', spec: { type: 'boolean', help: '' } });
  const unknown = (word: string, name: string): UsageError => {
    const meant = closestMatch(name, longs.keys());
    return new UsageError(`paycfg ${path}: unknown flag "${word}"${meant !== undefined ? `; did you mean --${meant}?` : ''}`);
  };
  const needsValue = (name: string, spec: FlagSpec): UsageError =>
    new UsageError(`paycfg ${path}: ${spec.short !== undefined ? `-${spec.short}/` : ''}--${name} needs a value (${spec.value ?? 'VALUE'})`);
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--') {
      words.push(...argv.slice(i));
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      words.push(word);
      continue;
    }
    // The value of a flag that takes one is the next word, whatever it looks like.
    const takeValue = (name: string, spec: FlagSpec): void => {
      if (i + 1 >= argv.length) throw needsValue(name, spec);
      words.push(word, argv[i + 1] as string);
      i += 1;
    };
    if (word.startsWith('--')) {
      const [name = '', ...value] = word.slice(2).split('=');
      const spec = longs.get(name);
      if (spec === undefined) throw unknown(word, name);
      if (value.length > 0 && spec.type === 'boolean') throw new UsageError(`paycfg ${path}: --${name} takes no value (got "${word}")`);
      if (value.length === 0 && spec.type === 'string') takeValue(name, spec);
      else words.push(word);
      continue;
    }
    const short = shorts.get(word.charAt(1));
    if (word.length === 2) {
      if (short === undefined) throw unknown(word, word.slice(1));
      if (short.spec.type === 'string') takeValue(short.name, short.spec);
      else words.push(word);
      continue;
    }
    // `-o=plan.json` is `-o plan.json`: nothing else can be meant.
    if (word.charAt(2) === '=' && short?.spec.type === 'string') {
      words.push(word.slice(0, 2), word.slice(3));
      continue;
    }
    const [name = '', ...rest] = word.slice(1).split('=');
    const meant = longs.has(name) ? name : closestMatch(name, longs.keys());
    if (meant !== undefined) {
      const value = rest.length > 0 ? `=${rest.join('=')}` : '';
      throw new UsageError(`paycfg ${path}: unknown flag "${word}"; did you mean --${meant}${value}? (long flags take two dashes)`);
    }
    // `-fpaycfg.yaml`: a short flag with its value attached, which commander reads as such.
    if (short?.spec.type === 'string') {
      words.push(word);
      continue;
    }
    throw new UsageError(`paycfg ${path}: unknown flag "${word}"`);
  }
  return words;
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

/** intFlag and rateFlag for `paycfg <command>`: their errors name the command, as every usage error of a command does. */
export function numberFlagsOf(command: string): {
  int(name: string, value: string | undefined, min: number, max?: number): number | undefined;
  rate(name: string, value: string | undefined): number | undefined;
} {
  const named = <T>(parse: () => T): T => {
    try {
      return parse();
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`paycfg ${command}: ${error.message}`);
      throw error;
    }
  };
  return {
    int: (name, value, min, max) => named(() => intFlag(name, value, min, max)),
    rate: (name, value) => named(() => rateFlag(name, value)),
  };
}

/** Requests (and, for apply, changes) in flight at once, unless --parallelism says otherwise. */
export const DEFAULT_PARALLELISM = 8;

/** The value of --parallelism, shared by every command that talks to the service. */
export function parallelismFlag(command: string, value: string | undefined): number {
  return numberFlagsOf(command).int('parallelism', value, 1, 64) ?? DEFAULT_PARALLELISM;
}

/** --max-deletes N of plan and apply: a whole number, 0 or more; undefined when not given. */
export function maxDeletesFlag(command: string, value: string | undefined): number | undefined {
  return numberFlagsOf(command).int('max-deletes', value, 0);
}

/** --max-affected-terminals N of plan and apply: a whole number, 0 or more; undefined when not given. */
export function maxAffectedTerminalsFlag(command: string, value: string | undefined): number | undefined {
  return numberFlagsOf(command).int('max-affected-terminals', value, 0);
}

/** --impact-window of plan, apply and drift, checked here so that its error names the command and the flag; passed on as written. */
export function impactWindowFlag(command: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    parseImpactWindow(value, '--impact-window');
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`paycfg ${command}: ${error.message}`);
    throw error;
  }
  return value;
}

/** --api of validate, plan, apply, export and drift: current, legacy or auto; undefined when not given. */
export function apiFlag(command: string, value: string | undefined): ApiFlag | undefined {
  if (value === undefined || isApiFlag(value)) return value;
  throw new UsageError(`paycfg ${command}: --api must be current, legacy or auto, got "${value}"`);
}

/** The -f paths of a command that needs a manifest. */
export function requireFiles(command: string, files: readonly string[] | undefined): string[] {
  if (files === undefined || files.length === 0) throw new UsageError(`paycfg ${command}: give the manifest with -f PATH (a file or a directory)`);
  return checkStdinOnce(command, files);
}

/**
 * What the manifest loader needs to read `-f -`: the command's standard input. On a terminal it
 * says so first on stderr: otherwise the command would wait for typing without a word.
 */
export function stdinOf(io: Pick<IoStreams, 'readStdin' | 'stdinIsTTY' | 'stderr'>): { readStdin: () => Promise<string> } {
  return {
    readStdin: () => {
      if (io.stdinIsTTY) io.stderr.write('reading the manifest from standard input; end it with Ctrl-D\n');
      return io.readStdin();
    },
  };
}

/** `-f -` reads standard input, which can be read once: given twice, it is a mistake of the command line. */
export function checkStdinOnce(command: string, files: readonly string[]): string[] {
  if (files.filter((file) => file === '-').length > 1) throw new UsageError(`paycfg ${command}: -f - (standard input) is given twice; standard input holds one manifest file`);
  return [...files];
}
