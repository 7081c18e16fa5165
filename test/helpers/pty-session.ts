/**
 * paycfg in a pseudo-terminal, as a person runs it: keystrokes go in through the pty, what it
 * prints is fed to a headless xterm (pty-screen), and tests read the rendered screen. The process
 * runs this checkout's src/, built for the test run (cli-build.ts; bin/paycfg.js runs the
 * committed bundle, which may lag src/).
 */
import { fileURLToPath } from 'node:url';
import { spawn, type IPty } from '@lydell/node-pty';
import { cliNodeArgs } from './cli-build.js';
import { createScreen } from './pty-screen.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The time a pseudo-terminal test may take (its describe's timeout): paycfg starts in a child
 * process, several times per test on a shared machine.
 */
export const PTY_TEST_TIMEOUT = 60_000;

/**
 * One deadline for every wait of a test, a little before the test's timeout: a wait that gives up
 * throws with the screen, which vitest's own timeout would not show. Tests set it in beforeEach
 * and end it in afterEach: the files of a worker share this module, and a deadline left behind
 * would be long past for the next file's sessions (scripts/captures, run by a test, sets none).
 * Without one, each session has PTY_TEST_TIMEOUT from its start.
 */
let testDeadline: number | undefined;

export function startTestDeadline(budgetMs = PTY_TEST_TIMEOUT - 5_000): void {
  testDeadline = Date.now() + budgetMs;
}

export function endTestDeadline(): void {
  testDeadline = undefined;
}

/** The time left before the test's deadline (never negative). */
export function timeLeft(): number {
  return Math.max(0, (testDeadline ?? Date.now() + PTY_TEST_TIMEOUT) - Date.now());
}

export const CTRL_C = '\u0003';
export const CTRL_D = '\u0004';

export interface PtySession {
  /** The rendered lines, scrollback included, right-trimmed, trailing blank lines dropped. */
  screen(): string[];
  /** The screen as one text, lines joined by \n. */
  text(): string;
  /** Whether the terminal shows its cursor now. */
  cursorVisible(): boolean;
  /** The lines that hold a coloured character. */
  colouredLines(): string[];
  /** Each line with the colour of its first character that is not a space (pty-screen leadingStyles). */
  leadingStyles(): { text: string; colour: number | undefined; dim: boolean }[];
  /** Resizes the terminal and tells paycfg (SIGWINCH), as a person dragging its window does. */
  resize(cols: number, rows: number): void;
  /** Types keys into the terminal (CTRL_C, CTRL_D, "yes\r"). */
  type(keys: string): void;
  /** Waits until the screen matches (text or pattern), woken by output; by the test's deadline, throws showing the screen. */
  waitFor(expected: string | RegExp): Promise<void>;
  /** The exit code, once the last output is on the screen; by the test's deadline, rejects showing the screen. */
  exited(): Promise<number>;
  /** Sends a signal to the process, as a CI runner cancelling the job does (SIGTERM). */
  signal(name: NodeJS.Signals): void;
  /** Kills the process if it is still running (safe to call twice). */
  kill(): void;
}

export interface PtyOptions {
  env: Record<string, string>;
  cwd?: string;
  cols?: number;
  rows?: number;
  /** Standard error goes to this file, as with `2>err.log` in a shell; stdin and stdout stay on the terminal. */
  stderrTo?: string;
}

/** Every session started and not killed, so that afterEach can kill what a failed test left running. */
const running = new Set<PtySession>();

export function killAllSessions(): void {
  for (const session of running) session.kill();
}

export function startPaycfg(args: readonly string[], options: PtyOptions): PtySession {
  const cols = options.cols ?? 100;
  const rows = options.rows ?? 30;
  const term = createScreen(cols, rows);
  let rendered: Promise<void> = Promise.resolve();
  const command = [process.execPath, ...cliNodeArgs(), ...args];
  // A shell redirects stderr, then becomes paycfg (exec): the pty sees paycfg's exit code.
  const [file, argv] = options.stderrTo === undefined ? [command[0] as string, command.slice(1)] : ['/bin/sh', ['-c', 'exec "$@" 2>"$PAYCFG_PTY_STDERR"', 'sh', ...command]];
  const pty: IPty = spawn(file, argv, {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: options.cwd ?? ROOT,
    // Only what the test gives, and what node (and tsx, from source) needs to start: none of the runner's CI or NO_COLOR.
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      TERM: 'xterm-256color',
      ...(options.stderrTo !== undefined ? { PAYCFG_PTY_STDERR: options.stderrTo } : {}),
      ...options.env,
    },
  });
  // Each chunk of output wakes the waits: they look at the screen once it is rendered.
  const woken = new Set<() => void>();
  pty.onData((data) => {
    rendered = rendered.then(() => term.write(data)).then(() => {
      for (const wake of woken) wake();
    });
  });
  let exitCode: number | undefined;
  const exit = new Promise<number>((resolve) => {
    pty.onExit(({ exitCode: code }) => {
      exitCode = code;
      resolve(code);
    });
  });
  const screen = (): string[] => term.lines();
  const showing = (expected: string | RegExp): boolean => {
    const text = screen().join('\n');
    return typeof expected === 'string' ? text.includes(expected) : expected.test(text);
  };
  /** Resolves on the next rendered output, the exit, or the deadline, whichever comes first. */
  const nextChange = (deadline: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        woken.delete(done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
      woken.add(done);
      void exit.then(done);
    });
  const session: PtySession = {
    screen,
    text: () => screen().join('\n'),
    cursorVisible: () => term.cursorVisible(),
    colouredLines: () => term.colouredLines(),
    leadingStyles: () => term.leadingStyles(),
    resize(cols, rows) {
      // After what the terminal has been sent so far is on its screen, as a real terminal orders it.
      rendered = rendered.then(() => term.resize(cols, rows));
      pty.resize(cols, rows);
    },
    type: (keys) => pty.write(keys),
    signal: (name) => pty.kill(name),
    async waitFor(expected) {
      const deadline = Date.now() + timeLeft();
      for (;;) {
        await rendered;
        if (showing(expected)) return;
        if (exitCode !== undefined) {
          // node-pty reports the exit once the terminal is closed: every byte has been seen.
          await rendered;
          if (showing(expected)) return;
          throw new Error(`paycfg exited (${exitCode}) before the screen showed ${String(expected)}:\n${screen().join('\n')}`);
        }
        if (Date.now() >= deadline) throw new Error(`the screen never showed ${String(expected)}:\n${screen().join('\n')}`);
        await nextChange(deadline);
      }
    },
    async exited() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`paycfg did not exit:\n${screen().join('\n')}`)), timeLeft());
      });
      try {
        const code = await Promise.race([exit, timeout]);
        // node-pty reports the exit once the terminal is closed: every byte has been seen.
        await rendered;
        return code;
      } finally {
        clearTimeout(timer);
      }
    },
    kill() {
      running.delete(session);
      if (exitCode !== undefined) return;
      try {
        pty.kill('SIGKILL');
      } catch {
        // already gone
      }
    },
  };
  running.add(session);
  return session;
}
