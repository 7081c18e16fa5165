/**
 * Commands run as a user's shell runs them, for the suites that install paycfg the way a user does
 * (a packed tarball, a fresh clone): none of the variables of the npm or vitest run that started the
 * suite, which would change what npm and paycfg do.
 */
import { execFile } from 'node:child_process';

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time from start to exit. */
  readonly seconds: number;
}

/** The environment of a user's shell, plus `extra`: no npm_*, PAYCFG_*, VITEST*, TILL_*, NODE_OPTIONS or CI. */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|PAYCFG_|VITEST|TILL_)/i.test(name) && name !== 'NODE_OPTIONS' && name !== 'CI') env[name] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Runs `command` to its end; never rejects: the exit code says how it ended. */
export function runCommand(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = userEnv()): Promise<Run> {
  const started = performance.now();
  return new Promise((done) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** Stops a detached child and what it started (npx and the node under it), if it still runs. */
export function stopProcessGroup(child: { readonly pid?: number | undefined; readonly exitCode: number | null } | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
