import { constants, fstatSync, writeSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { stringifyJson } from '../util/visible-text.js';
import { JournalError } from './errors.js';
import { RECORD_PREFIX, type JournalRecord } from './records.js';

/** How much of an existing file's start is read to tell that it is a journal. */
const FIRST_BYTES = RECORD_PREFIX.length;
/** Blank lines read past at the start of a file before its first record. */
const BLANK_LEAD = 256;

/**
 * An open journal file: records are appended, one line each, in the order append() is called.
 *
 * Why two runs on one file never interleave inside a record: the file is opened with O_APPEND, and
 * each record (its line feed included) is written by one write() call. With O_APPEND the kernel
 * moves the offset to the end of the file and writes the bytes as one step (on Linux under the
 * file's inode lock, for regular files on local file systems, whatever the size), so a write of
 * another process lands wholly before or wholly after this one. This is not the PIPE_BUF rule,
 * which is about pipes; it is why the journal must be a regular file on a local file system (NFS
 * emulates O_APPEND on the client and gives no such guarantee). A short write (a full disk) is
 * reported as a failure, not finished by a second write() another process could slip in before.
 */
export interface Journal {
  /** The path as given. */
  readonly path: string;
  /** Appends one record; rejects with JournalError when it cannot be written whole. */
  append(record: JournalRecord): Promise<void>;
  /**
   * Appends one record now, synchronously, for the last words of a process about to exit (a second
   * Ctrl-C): the records append() still holds are written first, in order, so that none is lost
   * and none lands after this one. Never throws: a process that is stopping has nobody left to tell.
   */
  appendNow(record: JournalRecord): void;
  /** Flushes what was written to the disk (fdatasync): after the first and the last record of a run. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'its directory does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'ENXIO':
      return 'it is a FIFO or socket with no reader, not a regular file';
    default:
      return code ?? (error instanceof Error ? error.message : String(error));
  }
}

/**
 * Opens (or creates, mode 0600: a journal says who changed what, for the owner to read) the journal
 * at `file`, resolved against `cwd`, for appending. Refused, with the path and why:
 * - a file that cannot be opened for writing (missing directory, permissions, read-only);
 * - anything but a regular file (a FIFO, a device: O_APPEND means nothing atomic there);
 * - a non-empty file whose first line is not a journal record (a manifest given by mistake would
 *   otherwise have JSON appended to it).
 * A file whose last line was cut short by a crash gets a line feed before the next record, so that
 * the cut line stays alone and readJournal can report it.
 */
export async function openJournal(file: string, cwd: string = process.cwd()): Promise<Journal> {
  const absolute = path.resolve(cwd, file);
  const refuse = (why: string): JournalError => new JournalError(`cannot write the journal ${file}: ${why}; nothing was changed`, { path: file });
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO without a reader fails at once (ENXIO) instead of hanging; on a regular file it changes nothing.
    handle = await open(absolute, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK, 0o600);
  } catch (error) {
    throw refuse(reasonOf(error));
  }
  let needsLineFeed = false;
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw refuse('it is not a regular file');
    // `--journal /dev/stdout > out.txt` opens the file standard output is redirected to: the journal
    // lines would land among the plan's, in a file no longer a journal.
    const stream = standardStreamOf(info);
    if (stream !== undefined) throw refuse(`it is the file this process's standard ${stream} goes to`);
    if (info.size > 0) {
      const reader = await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        const head = Buffer.alloc(Math.min(FIRST_BYTES + BLANK_LEAD, info.size));
        const { bytesRead } = await reader.read(head, 0, head.length, 0);
        // Blank lines are skipped by the reader too; a first record cut short by a crash is still a
        // journal's: its bytes are the prefix's first ones.
        const first = head.subarray(0, bytesRead).toString('utf8').replace(/^\s+/, '').slice(0, FIRST_BYTES);
        const blank = first === '' && bytesRead === info.size;
        if (!blank && (first === '' || !RECORD_PREFIX.startsWith(first))) {
          throw refuse('it is not a paycfg journal (its first line is not a journal record)');
        }
        const last = Buffer.alloc(1);
        await reader.read(last, 0, 1, info.size - 1);
        needsLineFeed = last[0] !== 0x0a;
      } finally {
        await reader.close();
      }
    }
  } catch (error) {
    await handle.close();
    throw error instanceof JournalError ? error : refuse(reasonOf(error));
  }

  // Records go out one after another, in the order they were appended, whatever awaits them.
  // Each is written with writeSync when its turn comes: a write handed to the thread pool could
  // still be in flight when appendNow writes a process's last words, and land after them (a
  // change record after the run's end). Records appended and not yet written are in `waiting`, so
  // that appendNow writes them first, in order, and their turn then finds them written.
  let queue: Promise<void> = Promise.resolve();
  const waiting: { line: string; written: boolean }[] = [];
  const write = (entry: { line: string; written: boolean }): void => {
    if (entry.written) return;
    entry.written = true;
    waiting.splice(waiting.indexOf(entry), 1);
    const bytes = Buffer.from(entry.line, 'utf8');
    let written: number;
    try {
      written = writeSync(handle.fd, bytes, 0, bytes.length);
    } catch (error) {
      throw new JournalError(`cannot write to the journal ${file}: ${reasonOf(error)}`, { path: file });
    }
    if (written !== bytes.length) throw new JournalError(`cannot write to the journal ${file}: a record was written in part (${written} of ${bytes.length} bytes; is the disk full?)`, { path: file });
  };
  return {
    path: file,
    append(record) {
      const entry = { line: `${needsLineFeed ? '\n' : ''}${stringifyJson(record)}\n`, written: false };
      needsLineFeed = false;
      waiting.push(entry);
      const next = queue.then(() => write(entry));
      // A failed write does not stop the ones after it: each caller hears of its own.
      queue = next.catch(() => undefined);
      return next;
    },
    sync() {
      const next = queue.then(() => handle.datasync()).catch((error: unknown) => {
        throw new JournalError(`cannot flush the journal ${file} to disk: ${reasonOf(error)}`, { path: file });
      });
      queue = next.catch(() => undefined);
      return next;
    },
    appendNow(record) {
      const line = `${needsLineFeed ? '\n' : ''}${stringifyJson(record)}\n`;
      needsLineFeed = false;
      try {
        // What was appended before goes first, so that these last words are the last line.
        for (const entry of [...waiting]) write(entry);
        // One write() of the whole line, as append() does: the same guarantee against other writers.
        const bytes = Buffer.from(line, 'utf8');
        writeSync(handle.fd, bytes, 0, bytes.length);
      } catch {
        // The process exits next; the reader reports the run as unfinished.
      }
    },
    async close() {
      await queue;
      await handle.close();
    },
  };
}

/** Which standard stream (`output`, `error`) writes to the same file as `info`, if one does. */
function standardStreamOf(info: Stats): 'output' | 'error' | undefined {
  for (const [fd, name] of [[1, 'output'], [2, 'error']] as const) {
    try {
      const other = fstatSync(fd);
      if (other.isFile() && other.dev === info.dev && other.ino === info.ino) return name;
    } catch {
      // A closed standard stream is no file to mix with.
    }
  }
  return undefined;
}
