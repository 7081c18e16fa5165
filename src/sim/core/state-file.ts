import { open, readFile, rename, rm } from 'node:fs/promises';
import { SimStateError } from '../errors.js';
import type { StoreSnapshot } from './records.js';

/** Reads a state file; undefined when it does not exist yet (first start). */
export async function readStateFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SimStateError(`cannot read simulator state file ${path}: ${(error as Error).message}`, { path }, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SimStateError(`simulator state file ${path} is not valid JSON: ${(error as Error).message}`, { path }, { cause: error });
  }
}

/**
 * Keeps a state file in step with the store without rewriting it on every request: a change
 * schedules one write `delayMs` later (changes in between ride along), and every write goes to a
 * temporary file that is renamed over the old one, so a crash leaves either the old or the new
 * state, never half of one.
 */
export class StateFileWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private failure: SimStateError | undefined;
  private sequence = 0;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => StoreSnapshot,
    private readonly delayMs = 250,
  ) {}

  markDirty(): void {
    this.dirty = true;
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => {
        // Kept in this.failure and reported by close(): a library must not print.
      });
    }, this.delayMs);
    this.timer.unref();
  }

  /** Writes now if anything changed since the last write; waits for a write in progress. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.writing) await this.writing;
    if (!this.dirty) return;
    this.dirty = false;
    this.writing = this.write().finally(() => {
      this.writing = undefined;
    });
    await this.writing;
  }

  /** Final flush; reports the first write failure seen since the start. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } catch {
      // already recorded in this.failure
    }
    if (this.failure) throw this.failure;
  }

  private async write(): Promise<void> {
    this.sequence += 1;
    const temporary = `${this.path}.${process.pid}.${this.sequence}.tmp`;
    const text = `${JSON.stringify(this.snapshot())}\n`;
    try {
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.path);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      this.dirty = true;
      const failure = new SimStateError(
        `cannot write simulator state file ${this.path}: ${(error as Error).message}`,
        { path: this.path },
        { cause: error },
      );
      this.failure ??= failure;
      throw failure;
    }
  }
}
