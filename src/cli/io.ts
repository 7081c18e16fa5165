import { ExitCode } from '../errors.js';
import { MAX_FILE_BYTES, readBoundedText } from '../manifest/read-yaml.js';
import { terminalSafe } from '../util/visible-text.js';
import { createOutputFilter } from './output-filter.js';
import { askLine, PromptCancelled } from './prompt.js';

/**
 * The CLI's window on the outside world. Commands write through this object instead of touching
 * process.stdout, so tests can run a command in-process and read exactly what it printed. Both
 * streams go through one output filter (cli/output-filter): the token masked, control characters
 * other than paycfg's own colours shown as escapes.
 */
export interface TextSink {
  write(chunk: string): void;
}

/** Where the interactive progress display draws: stdout, with the terminal's size. */
export interface DisplaySink extends TextSink {
  readonly columns?: number;
  readonly rows?: number;
}

export interface IoStreams {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /**
   * Standard output for a command whose output is a secret on purpose (`sim token`): not masked, or
   * a token signed in the same second as PAYCFG_TOKEN would come out as the mask. Control
   * characters are still escaped.
   */
  readonly secretStdout: TextSink;
  /**
   * Reads standard input (`-f -`) as text: all of it, or, when it holds more than the size limit of
   * a manifest file, just over the limit (manifest/read-yaml readBoundedText), which the loader refuses.
   */
  readonly readStdin: () => Promise<string>;
  /**
   * Asks a question on stderr (through the output filter) and reads one line from stdin. Rejects
   * with PromptCancelled (cli/prompt) when the user presses Ctrl-C or Ctrl-D instead of answering.
   * Asked only when canAsk() says a person is there; an embedder's IoStreams may have none.
   */
  readonly prompt?: (question: string) => Promise<string>;
  readonly stdoutIsTTY: boolean;
  readonly stdinIsTTY: boolean;
  /** Where a question goes: without a terminal there (`2>err.log`), nobody would see it. Absent: not a terminal. */
  readonly stderrIsTTY?: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Resolves when the user asks the process to stop (SIGINT/SIGTERM); long-running commands await it. */
  readonly interrupted: Promise<string>;
  /**
   * A second signal after `interrupted` stops the process at once (exit 130, 143 for SIGTERM), waiting for nothing.
   * A command with work in flight registers here what to say then (which changes may be half
   * done); the text goes to stderr through the output filter. Returns the function that takes the
   * words back, once the work they describe is over.
   */
  readonly onStopAtOnce?: (lastWords: (signal: string) => string) => () => void;
  /** Masks a secret (the access token read from a file) in everything printed from now on. */
  readonly hideInOutput?: (secret: string) => void;
  /**
   * The channel of the interactive progress display (cli/apply-progress), on a terminal: stdout
   * through the same output filter, which here also keeps the cursor sequences the display redraws
   * with (output-filter DISPLAY_SEQUENCES). Without it the progress is printed as plain lines.
   */
  readonly display?: DisplaySink;
}

/** Colour only on a terminal and never when NO_COLOR is set (https://no-color.org). */
export function colorEnabled(io: IoStreams): boolean {
  const noColor = io.env['NO_COLOR'];
  return io.stdoutIsTTY && (noColor === undefined || noColor === '');
}

function ciSet(io: IoStreams): boolean {
  const ci = io.env['CI'];
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/** CI=true or no terminal on stdin and stdout: plain, line-oriented output with no prompts or spinners. */
export function isNonInteractive(io: IoStreams): boolean {
  return !io.stdoutIsTTY || !io.stdinIsTTY || ciSet(io);
}

/**
 * Who answers a question: the prompt, when a person is there to see it and answer; otherwise why
 * nobody is, in words for an error message. The question goes to stderr and the answer comes from
 * stdin, under the plan printed on stdout: all three must be a terminal, and CI must not be set.
 * `stdinHoldsManifest`: the command reads its manifest from stdin (`-f -`), which says why it is not one.
 */
export function promptOf(
  io: IoStreams,
  options: { stdinHoldsManifest?: boolean } = {},
): { readonly ask: (question: string) => Promise<string> } | { readonly nobody: string } {
  const reasons: string[] = [];
  const terminals = [io.stdinIsTTY, io.stdoutIsTTY, io.stderrIsTTY === true];
  if (terminals.every((tty) => !tty) && options.stdinHoldsManifest !== true) reasons.push('not running on a terminal');
  else {
    if (!io.stdinIsTTY) reasons.push(options.stdinHoldsManifest === true ? 'standard input holds the manifest (-f -), not a terminal to answer on' : 'standard input is not a terminal');
    if (!io.stdoutIsTTY) reasons.push('standard output is not a terminal');
    if (io.stderrIsTTY !== true) reasons.push('standard error (where the question goes) is not a terminal');
  }
  if (ciSet(io)) reasons.push(`CI is set (CI=${io.env['CI'] ?? ''})`);
  if (reasons.length > 0) return { nobody: reasons.join(' and ') };
  if (io.prompt === undefined) return { nobody: 'the program running paycfg gives it no prompt' };
  return { ask: io.prompt };
}

export function processIo(): IoStreams {
  // Handlers are installed only when a command asks (apply, sim): other commands keep Node's
  // default, so Ctrl-C stops them at once. A second signal always stops the process, after the
  // last words a command registered (onStopAtOnce).
  const filter = createOutputFilter(process.env);
  let lastWords: ((signal: string) => string) | undefined;
  const stopAtOnce = (signal: NodeJS.Signals): never => {
    try {
      const words = lastWords?.(signal) ?? '';
      // stderr on a terminal or a pipe is written synchronously: the words are out before the exit.
      if (words !== '') process.stderr.write(filter(words));
    } finally {
      process.exit(signal === 'SIGTERM' ? ExitCode.Terminated : ExitCode.Interrupted);
    }
  };
  let interrupted: Promise<string> | undefined;
  // Any second signal stops at once, whichever the first was: a CI runner sends SIGTERM after a
  // person's Ctrl-C as readily as twice the same.
  const onInterrupt = (): Promise<string> =>
    (interrupted ??= new Promise<string>((resolve) => {
      let signalled = false;
      const onSignal = (signal: NodeJS.Signals): void => {
        if (signalled) stopAtOnce(signal);
        signalled = true;
        resolve(signal);
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }));
  return {
    stdout: { write: (chunk) => void process.stdout.write(filter(chunk)) },
    secretStdout: { write: (chunk) => void process.stdout.write(terminalSafe(chunk, [])) },
    stderr: { write: (chunk) => void process.stderr.write(filter(chunk)) },
    display: {
      write: (chunk) => void process.stdout.write(filter.display(chunk)),
      get columns() {
        return process.stdout.columns;
      },
      get rows() {
        return process.stdout.rows;
      },
    },
    readStdin: () => readBoundedText(process.stdin, MAX_FILE_BYTES),
    // The question is what the plan says (the group, the URL): it goes through the filter like any output.
    prompt: (question) => askLine(process.stdin, process.stderr, filter(question), process.stdin.isTTY === true && process.stderr.isTTY === true),
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
    hideInOutput: filter.hide,
    get interrupted() {
      return onInterrupt();
    },
    onStopAtOnce: (words) => {
      lastWords = words;
      return () => {
        if (lastWords === words) lastWords = undefined;
      };
    },
  };
}

/**
 * An IoStreams that records output, for tests; what it records went through the same filter, the
 * progress display's frames included (they land in `out`, as on a terminal they land on stdout).
 * `outputFilter: false` records what paycfg wrote before the filter, to prove that the renderers
 * and error classes escape and mask by themselves; `hideInOutput` then does nothing either.
 * An answer that is a PromptCancelled plays Ctrl-C or Ctrl-D at the prompt; once the answers run
 * out, the input has ended (Ctrl-D). `lastWords()` is what a stop at once (a second Ctrl-C) would print now, through the filter.
 * `tty` makes stdin, stdout and stderr terminals, or those it names.
 */
export function captureIo(options: {
  env?: Record<string, string | undefined>;
  cwd?: string;
  tty?: boolean | { stdin?: boolean; stdout?: boolean; stderr?: boolean };
  answers?: (string | PromptCancelled)[];
  interrupted?: Promise<string>;
  outputFilter?: boolean;
  columns?: number;
  /** What standard input holds, for `-f -`. */
  stdin?: string;
} = {}): IoStreams & { out(): string; err(): string; lastWords(): string | undefined } {
  let out = '';
  let err = '';
  const answers = [...(options.answers ?? [])];
  const tty = typeof options.tty === 'object' ? options.tty : { stdin: options.tty, stdout: options.tty, stderr: options.tty };
  let lastWords: ((signal: string) => string) | undefined;
  const env = options.env ?? {};
  const filtered = options.outputFilter ?? true;
  const filter = createOutputFilter(filtered ? env : {});
  const pass = (chunk: string): string => chunk;
  const toText = filtered ? filter : pass;
  const toDisplay = filtered ? filter.display : pass;
  return {
    stdout: { write: (chunk) => void (out += toText(chunk)) },
    secretStdout: { write: (chunk) => void (out += filtered ? terminalSafe(chunk, []) : chunk) },
    stderr: { write: (chunk) => void (err += toText(chunk)) },
    display: { write: (chunk) => void (out += toDisplay(chunk)), columns: options.columns ?? 120, rows: 40 },
    readStdin: async () => options.stdin ?? '',
    prompt: async () => {
      const answer = answers.shift() ?? new PromptCancelled('end-of-input');
      if (typeof answer !== 'string') throw answer;
      return answer;
    },
    stdoutIsTTY: tty.stdout ?? false,
    stdinIsTTY: tty.stdin ?? false,
    stderrIsTTY: tty.stderr ?? false,
    env,
    cwd: options.cwd ?? process.cwd(),
    ...(filtered ? { hideInOutput: filter.hide } : {}),
    interrupted: options.interrupted ?? new Promise<string>(() => {}),
    onStopAtOnce: (words) => {
      lastWords = words;
      return () => {
        if (lastWords === words) lastWords = undefined;
      };
    },
    out: () => out,
    err: () => err,
    lastWords: () => (lastWords === undefined ? undefined : toText(lastWords('SIGINT'))),
  };
}
