import { readFile, stat } from 'node:fs/promises';
import { diagnostic, type Diagnostic } from './diagnostics.js';

export { parseYamlData, type YamlData } from './parse-yaml.js';

/** Per manifest file; a 10,000-merchant manifest is about 30 MB, usually split over many files. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A manifest file's text, or why it cannot be read. */
export type ManifestText = { readonly name: string; readonly text: string } | { readonly name: string; readonly unreadable: Diagnostic };

/** Reads one manifest file as UTF-8 text, refusing files over the size limit before reading them. */
export async function readManifestText(absolutePath: string, name: string, maxBytes = MAX_FILE_BYTES): Promise<ManifestText> {
  const unreadable = (text: string): ManifestText => ({ name, unreadable: diagnostic({ file: name, line: 1, col: 1 }, [], text) });
  let bytes: Buffer;
  try {
    const info = await stat(absolutePath);
    if (info.size > maxBytes) {
      return unreadable(`file is ${formatBytes(info.size)}, over the limit of ${formatBytes(maxBytes)} for one manifest file; split it into several files`);
    }
    bytes = await readFile(absolutePath);
  } catch (error) {
    return unreadable(`cannot read the file: ${describeFsError(error)}`);
  }
  // The size can change between stat and read; the limit holds for what was read.
  if (bytes.length > maxBytes) {
    return unreadable(`file is ${formatBytes(bytes.length)}, over the limit of ${formatBytes(maxBytes)} for one manifest file; split it into several files`);
  }
  const utf16 = utf16Form(bytes);
  if (utf16 !== undefined) return unreadable(`file is not UTF-8 text: it ${utf16}; save it as UTF-8`);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { name, text };
  } catch {
    return { name, unreadable: invalidUtf8(bytes, name) };
  }
}

/**
 * Standard input (`-f -`) as a manifest file: already text, checked against the same size limit.
 * The text was read with readBoundedText, so text over the limit is a part of standard input, not
 * all of it.
 */
export function stdinManifestText(text: string, name: string, maxBytes = MAX_FILE_BYTES): ManifestText {
  if (Buffer.byteLength(text, 'utf8') > maxBytes) {
    return {
      name,
      unreadable: diagnostic(
        { file: name, line: 1, col: 1 },
        [],
        `standard input holds more than ${formatBytes(maxBytes)}, the limit for one manifest file; split it into several files`,
      ),
    };
  }
  return { name, text };
}

/**
 * Reads a stream (standard input, for `-f -`) as UTF-8 text, stopping after `maxBytes + 1` bytes:
 * enough to tell that it is over the limit, without holding all of `-f - < /dev/zero` in memory.
 * The stream is destroyed when the reading stops early.
 */
export async function readBoundedText(stream: NodeJS.ReadableStream & { destroy?(): void }, maxBytes = MAX_FILE_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    chunks.push(bytes);
    total += bytes.length;
    if (total > maxBytes) {
      stream.destroy?.();
      break;
    }
  }
  const all = Buffer.concat(chunks, total);
  // Cut a partial character at the end of an early stop into U+FFFD: still over the limit as text.
  return all.subarray(0, Math.min(total, maxBytes + 1)).toString('utf8');
}

/** How the file shows it is UTF-16 (or UTF-32), which a UTF-8 decoder would read as text full of NULs; undefined otherwise. */
function utf16Form(bytes: Uint8Array): string | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'starts with a UTF-16 byte order mark';
  // ASCII in UTF-16 without a mark: every other byte of the first characters is NUL.
  const pairs = Math.min(4, Math.floor(bytes.length / 2));
  if (pairs === 0) return undefined;
  let little = true;
  let big = true;
  for (let i = 0; i < pairs; i++) {
    const [a, b] = [bytes[2 * i] as number, bytes[2 * i + 1] as number];
    little &&= a !== 0 && b === 0;
    big &&= a === 0 && b !== 0;
  }
  return little || big ? 'looks like UTF-16 (every other byte of its first characters is NUL)' : undefined;
}

/** Where the first byte that is not UTF-8 stands, as a line and column of the text before it. */
function invalidUtf8(bytes: Uint8Array, name: string): Diagnostic {
  const offset = firstInvalidUtf8(bytes);
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  // The bytes before the bad one are valid, so they decode to the characters a column counts.
  const col = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset)).length + 1;
  const byte = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return diagnostic(
    { file: name, line, col },
    [],
    `file is not valid UTF-8 text: byte 0x${byte} here does not start or continue a UTF-8 character ` +
      '(a Latin-1 or Windows-1252 file writes "é" as the one byte 0xE9); save the file as UTF-8',
  );
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629: no overlong forms, surrogates or code points over U+10FFFF). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) [length, min] = [2, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [length, min, max] = [3, b === 0xe0 ? 0xa0 : 0x80, b === 0xed ? 0x9f : 0xbf];
    else if (b >= 0xf0 && b <= 0xf4) [length, min, max] = [4, b === 0xf0 ? 0x90 : 0x80, b === 0xf4 ? 0x8f : 0xbf];
    else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      // The first continuation byte has the narrower range that rules out overlong forms and surrogates.
      if (next === undefined || next < (k === 1 ? min : 0x80) || next > (k === 1 ? max : 0xbf)) return i;
    }
    i += length;
  }
  return bytes.length;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${bytes} bytes`;
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return error instanceof Error ? error.message : String(error);
}

