import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { ConfigError } from '../errors.js';

/**
 * `paycfg sim --pid-file FILE`: the simulator's own pid, for scripts to stop it with
 * `kill $(cat FILE)` whatever started it (npx puts npm and a shell in between, whose pids are not
 * the simulator's). Written once the simulator listens, so a script that waits for the file can
 * then send requests; renamed into place, so it is never read half written.
 */
export interface PidFile {
  readonly path: string;
  /** Deletes the file if it still holds this pid: another simulator may have written it since. */
  remove(): Promise<void>;
}

export async function writePidFile(path: string, pid: number): Promise<PidFile> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${pid}\n`, { mode: 0o644 });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`cannot write the pid file ${path}: ${reason}`, { path }, { cause: error });
  }
  return {
    path,
    remove: async () => {
      const held = await readFile(path, 'utf8').catch(() => undefined);
      if (held?.trim() === String(pid)) await rm(path, { force: true });
    },
  };
}
