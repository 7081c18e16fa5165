import { Command as Commander, Option } from 'commander';
import { boxWrap, layOutDescription, layOutTable } from './help-layout.js';

/**
 * The grammar of one command line: its flags, arguments and help sections. Commands declare it as
 * data; parse-flags turns it into a commander Command to parse with, and this module into the
 * command's --help text, so that what is parsed and what is documented cannot drift apart.
 */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  /** One letter, written `-x`. */
  readonly short?: string;
  /** A string flag that may be given more than once; its values are kept in order. */
  readonly multiple?: boolean;
  /** The placeholder of a string flag's value in help, e.g. PATH. */
  readonly value?: string;
  /** A boolean written `--no-NAME`: true unless given. */
  readonly negated?: boolean;
  readonly help: string;
}

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** The parsed values of a command's flags, by the names the command declared them with. */
export type FlagValues<F extends FlagSpecs> = {
  -readonly [K in keyof F]: F[K] extends { type: 'boolean' } ? boolean : F[K] extends { multiple: true } ? string[] | undefined : string | undefined;
};

export interface CommandSyntax<F extends FlagSpecs = FlagSpecs> {
  /** What follows `paycfg <command>` in the usage line; one entry per form of the command. */
  readonly usage: readonly string[];
  readonly description: string;
  readonly flags: F;
  /** Positional arguments the command takes at most: 0 (the default) refuses any. */
  readonly maxArgs?: number;
  /** [variable, what it does] for the Environment section. */
  readonly environment?: readonly (readonly [string, string])[];
  /** [code, when] for the Exit codes section. */
  readonly exitCodes: readonly (readonly [number | string, string])[];
}

/** --no-color, beside NO_COLOR, on a command that colours what it prints. */
export const colorFlag = { type: 'boolean', negated: true, help: 'No colour, as NO_COLOR does' } as const satisfies FlagSpec;

/** --no-color on a command that prints no colour: taken all the same, so that a script can pass it to every command. */
export const noColorAccepted = { type: 'boolean', negated: true, help: 'Accepted for scripts that pass it to every command; this command prints no colour' } as const satisfies FlagSpec;

/** --impact-window of plan, apply and drift. */
export const impactWindowFlagSpec = {
  type: 'string',
  value: 'SPAN',
  help: 'How far back each change\'s traffic is counted: <N>d days or <N>h hours, 1d to 366d (default 30d). Only a plan that deletes, replaces or re-routes reads settlement data',
} as const satisfies FlagSpec;

/** --allow-unsettled of plan and apply. */
export const allowUnsettledFlagSpec = {
  type: 'boolean',
  help: 'Let a delete, replacement, logout or decommission go ahead while unsettled settlement batches route through it (the plan warns, listing them); without it, such a change is blocked',
} as const satisfies FlagSpec;

/** --api of the commands that read a group: which configuration API to read and write it through. */
export const apiFlagSpec = {
  type: 'string',
  value: 'API',
  help: 'current (/api/openapi/v1), legacy (/api/v2) or auto: ask the service (the default, unless the manifest sets api:)',
} as const satisfies FlagSpec;

/** --max-affected-terminals of plan and apply. */
export const maxAffectedTerminalsFlagSpec = {
  type: 'string',
  value: 'N',
  help: 'Refuse the run, before any write, when a change reaches more than N terminals (through the EMV config → profile and binding → merchant → terminal chain), naming each. Overrides safety.maxAffectedTerminals of the manifest',
} as const satisfies FlagSpec;

/** Wide enough for the longest flag term and a sentence, whatever the terminal: help reads the same everywhere. */
const HELP_WIDTH = 100;

/** `-f, --file <PATH>`, as commander reads it. */
export function flagTerm(name: string, spec: FlagSpec): string {
  const short = spec.short !== undefined ? `-${spec.short}, ` : '';
  const long = `--${spec.negated === true ? 'no-' : ''}${name}`;
  return `${short}${long}${spec.type === 'string' ? ` <${spec.value ?? 'VALUE'}>` : ''}`;
}

/**
 * The commander Command of a syntax, for parsing and for help. Nothing it does reaches the process:
 * it writes nowhere and never exits (exitOverride throws a CommanderError instead).
 */
export function buildCommander(path: string, syntax: CommandSyntax): Commander {
  const cli = new Commander(`paycfg ${path}`)
    .usage(syntax.usage[0] ?? '[flags]')
    .description(layOutDescription(syntax.description, HELP_WIDTH))
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} })
    .configureHelp({ helpWidth: HELP_WIDTH, boxWrap, optionTerm: (option) => option.flags.replace(/<([^>]+)>/, '$1') })
    // "Flags:", as the usage line says [flags] and paycfg's own texts say flag.
    .optionsGroup('Flags:')
    .helpOption('-h, --help', 'Show this help')
    .showSuggestionAfterError(true)
    // Arguments are counted by parse-flags, which can say what a stray one probably meant.
    .allowExcessArguments(true);
  for (const [name, spec] of Object.entries(syntax.flags)) {
    const option = new Option(flagTerm(name, spec), spec.help);
    if (spec.multiple === true) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    cli.addOption(option);
  }
  return cli;
}

/**
 * `Usage: paycfg plan -f PATH... [flags]`, one line per form; a form wider than the help wraps
 * between its words, the rest indented under its first word.
 */
export function usageText(path: string, syntax: CommandSyntax): string {
  const forms = syntax.usage.length > 0 ? syntax.usage : ['[flags]'];
  return forms
    .map((form, i) => {
      const lead = `${i === 0 ? 'Usage:' : '      '} paycfg ${path} `;
      const lines: string[] = [];
      let line = lead;
      // A bracketed group ([--port N]) is one word: it is never cut.
      for (const word of form.match(/\[[^\]]*\]|\S+/g) ?? []) {
        if (line.length > lead.length && line.length + 1 + word.length > HELP_WIDTH) {
          lines.push(line);
          line = `${' '.repeat(lead.length)}${word}`;
        } else line = line.length === lead.length ? `${line}${word}` : `${line} ${word}`;
      }
      lines.push(line);
      return lines.join('\n');
    })
    .join('\n');
}

/** The full --help text: usage, description, flags, environment variables, exit codes. */
export function helpText(path: string, syntax: CommandSyntax): string {
  const commander = buildCommander(path, syntax).helpInformation();
  // commander's first line is the first usage form; the others follow it.
  const body = commander.replace(/^Usage: .*\n/, `${usageText(path, syntax)}\n`);
  const sections = [body.trimEnd()];
  if (syntax.environment !== undefined && syntax.environment.length > 0) sections.push(layOutTable('Environment variables:', syntax.environment, HELP_WIDTH));
  sections.push(layOutTable('Exit codes:', syntax.exitCodes, HELP_WIDTH));
  return `${sections.join('\n\n')}\n`;
}
