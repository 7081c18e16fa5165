/**
 * The CLI's window on the outside world. Commands write through this object instead of touching
 * process.stdout, so tests can run a command in-process and read exactly what it printed.
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
  return {
    stdout: { write: (chunk) => void process.stdout.write(chunk) },
    stderr: { write: (chunk) => void process.stderr.write(chunk) },
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
    get interrupted() {
      return onInterrupt();
    },
  };
}

/** An IoStreams that records output, for tests. */
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
  return {
    stdout: { write: (chunk) => void (out += chunk) },
    stderr: { write: (chunk) => void (err += chunk) },
    prompt: options.answers ? async () => answers.shift() ?? '' : undefined,
    stdoutIsTTY: options.tty ?? false,
    stdinIsTTY: options.tty ?? false,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    interrupted: options.interrupted ?? new Promise<string>(() => {}),
    out: () => out,
    err: () => err,
  };
}
