import { createOutputFilter } from './output-filter.js';

/**
 * The CLI's window on the outside world. Commands write through this object instead of touching
 * process.stdout, so tests can run a command in-process and read exactly what it printed. Both
 * streams go through one output filter (cli/output-filter): the token masked, control characters
 * other than paycfg's own colours shown as escapes.
 */
export interface TextSink {
  write(chunk: string): void;
}

export interface IoStreams {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /** Reads one line from the user; undefined when there is no interactive input. */
  readonly prompt?: (question: string) => Promise<string>;
  readonly stdoutIsTTY: boolean;
  readonly stdinIsTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Resolves when the user asks the process to stop (SIGINT/SIGTERM); long-running commands await it. */
  readonly interrupted: Promise<string>;
  /** Masks a secret (the access token read from a file) in everything printed from now on. */
  readonly hideInOutput?: (secret: string) => void;
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
  // default, so Ctrl-C stops them at once. A second signal always stops the process.
  let interrupted: Promise<string> | undefined;
  const onInterrupt = (): Promise<string> =>
    (interrupted ??= new Promise<string>((resolve) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          resolve(signal);
          process.once(signal, () => process.exit(130));
        });
      }
    }));
  const filter = createOutputFilter(process.env);
  return {
    stdout: { write: (chunk) => void process.stdout.write(filter(chunk)) },
    stderr: { write: (chunk) => void process.stderr.write(filter(chunk)) },
    prompt: process.stdin.isTTY
      ? async (question) => {
          const { createInterface } = await import('node:readline/promises');
          const rl = createInterface({ input: process.stdin, output: process.stderr });
          try {
            return await rl.question(question);
          } finally {
            rl.close();
          }
        }
      : undefined,
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
    hideInOutput: filter.hide,
    get interrupted() {
      return onInterrupt();
    },
  };
}

/** An IoStreams that records output, for tests; what it records went through the same filter. */
export function captureIo(options: {
  env?: Record<string, string | undefined>;
  cwd?: string;
  tty?: boolean;
  answers?: string[];
  interrupted?: Promise<string>;
} = {}): IoStreams & { out(): string; err(): string } {
  let out = '';
  let err = '';
  const answers = [...(options.answers ?? [])];
  const env = options.env ?? {};
  const filter = createOutputFilter(env);
  return {
    stdout: { write: (chunk) => void (out += filter(chunk)) },
    stderr: { write: (chunk) => void (err += filter(chunk)) },
    prompt: options.answers ? async () => answers.shift() ?? '' : undefined,
    stdoutIsTTY: options.tty ?? false,
    stdinIsTTY: options.tty ?? false,
    env,
    cwd: options.cwd ?? process.cwd(),
    hideInOutput: filter.hide,
    interrupted: options.interrupted ?? new Promise<string>(() => {}),
    out: () => out,
    err: () => err,
  };
}
