/**
 * paycfg in a pseudo-terminal, as a person runs it: keystrokes go in through the pty, what it
 * prints is fed to a headless xterm (pty-screen), and tests read the rendered screen. The process
 * runs the TypeScript source with tsx (bin/paycfg.js needs a build).
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn, type IPty } from '@lydell/node-pty';
import { createScreen } from './pty-screen.js';

const ENTRY = fileURLToPath(new URL('./pty-entry.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// tsx as this checkout has it, whatever directory paycfg runs in (`--import tsx` resolves from the cwd).
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

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
  /** Types keys into the terminal (CTRL_C, CTRL_D, "yes\r"). */
  type(keys: string): void;
  /** Waits until the screen matches (text or pattern), polling; the error shows the screen. */
  waitFor(expected: string | RegExp, timeoutMs?: number): Promise<void>;
  /** The exit code, once the last output is on the screen; rejects after the timeout, showing the screen. */
  exited(timeoutMs?: number): Promise<number>;
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
  const pty: IPty = spawn(process.execPath, ['--import', TSX, ENTRY, ...args], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: options.cwd ?? ROOT,
    // Only what the test gives, and what node and tsx need to start: none of the runner's CI or NO_COLOR.
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', TERM: 'xterm-256color', ...options.env },
  });
  pty.onData((data) => {
    rendered = rendered.then(() => term.write(data));
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
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const session: PtySession = {
    screen,
    text: () => screen().join('\n'),
    cursorVisible: () => term.cursorVisible(),
    colouredLines: () => term.colouredLines(),
    type: (keys) => pty.write(keys),
    signal: (name) => pty.kill(name),
    async waitFor(expected, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await rendered;
        if (showing(expected)) return;
        if (exitCode !== undefined) {
          // node-pty reports the exit once the terminal is closed: every byte has been seen.
          await rendered;
          if (showing(expected)) return;
          throw new Error(`paycfg exited (${exitCode}) before the screen showed ${String(expected)}:\n${screen().join('\n')}`);
        }
        if (Date.now() > deadline) throw new Error(`the screen never showed ${String(expected)}:\n${screen().join('\n')}`);
        await pause(20);
      }
    },
    async exited(timeoutMs = 15_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`paycfg did not exit:\n${screen().join('\n')}`)), timeoutMs);
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
