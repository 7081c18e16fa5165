import { ExitCode } from '../errors.js';
import { createOutputFilter } from './output-filter.js';
import { askLine, type PromptCancelled } from './prompt.js';

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
  /** Reads the whole of standard input (`-f -`), as text. */
  readonly readStdin: () => Promise<string>;
  /**
   * Reads one line from the user; undefined when there is no interactive input. Rejects with
   * PromptCancelled (cli/prompt) when the user presses Ctrl-C or Ctrl-D instead of answering.
   */
  readonly prompt?: (question: string) => Promise<string>;
  readonly stdoutIsTTY: boolean;
  readonly stdinIsTTY: boolean;
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
  readonly onStopAtOnce?: (lastWords: () => string) => () => void;
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

/** CI=true or no terminal: plain, line-oriented output with no prompts or spinners. */
export function isNonInteractive(io: IoStreams): boolean {
  const ci = io.env['CI'];
  return !io.stdoutIsTTY || !io.stdinIsTTY || (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0');
}

export function processIo(): IoStreams {
  // Handlers are installed only when a command asks (apply, sim): other commands keep Node's
  // default, so Ctrl-C stops them at once. A second signal always stops the process, after the
  // last words a command registered (onStopAtOnce).
  const filter = createOutputFilter(process.env);
  let lastWords: (() => string) | undefined;
  const stopAtOnce = (signal: NodeJS.Signals): never => {
    try {
      const words = lastWords?.() ?? '';
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
    readStdin: async () => {
      const { text } = await import('node:stream/consumers');
      return text(process.stdin);
    },
    prompt: process.stdin.isTTY ? (question) => askLine(process.stdin, process.stderr, question, process.stderr.isTTY === true) : undefined,
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
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
 * An answer that is a PromptCancelled plays Ctrl-C or Ctrl-D at the prompt; `lastWords()` is what
 * a stop at once (a second Ctrl-C) would print now, through the filter.
 */
export function captureIo(options: {
  env?: Record<string, string | undefined>;
  cwd?: string;
  tty?: boolean;
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
  let lastWords: (() => string) | undefined;
  const env = options.env ?? {};
  const filtered = options.outputFilter ?? true;
  const filter = createOutputFilter(filtered ? env : {});
  const pass = (chunk: string): string => chunk;
  const toText = filtered ? filter : pass;
  const toDisplay = filtered ? filter.display : pass;
  return {
    stdout: { write: (chunk) => void (out += toText(chunk)) },
    stderr: { write: (chunk) => void (err += toText(chunk)) },
    display: { write: (chunk) => void (out += toDisplay(chunk)), columns: options.columns ?? 120, rows: 40 },
    readStdin: async () => options.stdin ?? '',
    prompt: options.answers
      ? async () => {
          const answer = answers.shift() ?? '';
          if (typeof answer !== 'string') throw answer;
          return answer;
        }
      : undefined,
    stdoutIsTTY: options.tty ?? false,
    stdinIsTTY: options.tty ?? false,
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
    lastWords: () => (lastWords === undefined ? undefined : toText(lastWords())),
  };
}
