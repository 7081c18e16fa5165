import { createHash } from 'node:crypto';
import type { YamlData } from './parse-yaml.js';

/**
 * The bounds, in characters of YAML (UTF-16 code units, as JavaScript counts a string). A parse
 * held costs about 5 bytes of heap a character (4.9 measured for the fleet benchmark's template of
 * 20 merchants, 33 kB; 4.1 for one of 200), its value and its positions together.
 *
 * Files loaded again: 2 Mi characters, about 10 MB held. A fleet's template is a few files of tens
 * of kilobytes; a fleet of a few templates fits many times over.
 */
export const DEFAULT_MAX_KEPT_CHARS = 2 * 1024 * 1024;
/**
 * Files loaded once so far: 512 Ki characters, about 2.5 MB held. Enough to hold the first target's
 * files of a template until the next target of it loads them, with other targets' files read in
 * between (targets run several at once); small, because in a fleet whose targets each have files of
 * their own, every file stays here until it is pushed out.
 */
export const DEFAULT_MAX_FIRST_CHARS = 512 * 1024;
/**
 * Keys remembered of files pushed out of the first area, whose next load keeps them: 44 characters
 * each, about 100 bytes with the set's own, so 1.6 MB at most. A key is needed only until the file's
 * second load; the oldest go first.
 */
const MAX_REMEMBERED_KEYS = 16_384;

/** What a cache did, for tests and measurements. */
export interface ParseCacheStats {
  /** Files parsed: each load of a file the cache did not hold. */
  readonly parses: number;
  /** Loads given a held parse, not parsed again. */
  readonly hits: number;
  /** Parses held now (loaded again, and loaded once so far), and their text in characters. */
  readonly kept: number;
  readonly keptChars: number;
  /** Parses let go to stay within the bounds. */
  readonly evicted: number;
}

/** A file as a load reads it: its name as messages show it, and its exact text. */
export interface CachedFile {
  readonly name: string;
  readonly text: string;
}

/** What a load takes to share its parses with the other loads of one run (loadManifest's `parseCache`). */
export interface SharedParses {
  readonly parseCache?: ParseCache;
}

/**
 * Parses of manifest files shared by the loads of one run. Every target of a fleet made of one
 * template parses the same files with the same text; only the values substituted after the parse
 * differ (check-file.ts). A parse is the same for the same name and text, its value, its positions
 * and its YAML problems (which name the file), so it is found by both: a SHA-256 of them, which
 * stands for the text without holding it.
 *
 * Bounded, so that a fleet whose targets each have files of their own does not hold every parse
 * until the run ends. Two areas, each least recently used first out: files loaded once so far
 * (DEFAULT_MAX_FIRST_CHARS), and files loaded again (DEFAULT_MAX_KEPT_CHARS), which a file enters
 * at its second load. A file pushed out of the first area leaves its key: loaded again, its parse
 * is kept. So a file shared by targets is parsed once, or twice when other files pushed it out
 * between its first two loads, and files that only one target loads hold no more than the first
 * area.
 *
 * Held parses are shared by loads that must not see each other's values: each target's values are
 * substituted into a copy of its own (substituteEnv's `copy`). They are frozen as they are held (the
 * value and the problems; the positions are read-only by their types, and typed arrays cannot be
 * frozen), so that a consumer that wrote into one would fail loudly instead of handing one target's
 * values to the next. Freezing the template's 33 kB file takes about 0.6 ms, its parse 40.
 */
export class ParseCache {
  readonly #first: Area;
  readonly #kept: Area;
  /** Keys of files pushed out of the first area, oldest first. */
  readonly #remembered = new Set<string>();
  #parses = 0;
  #hits = 0;
  #evicted = 0;

  constructor(options: { readonly maxKeptChars?: number; readonly maxFirstChars?: number } = {}) {
    this.#first = new Area(options.maxFirstChars ?? DEFAULT_MAX_FIRST_CHARS);
    this.#kept = new Area(options.maxKeptChars ?? DEFAULT_MAX_KEPT_CHARS);
  }

  /** The file's held parse (a hit), or undefined with the key add() takes once the file is parsed. */
  find(file: CachedFile): { readonly key: string; readonly data: YamlData | undefined } {
    const key = keyOf(file);
    const kept = this.#kept.take(key);
    if (kept !== undefined) {
      this.#kept.put(key, kept);
      this.#hits++;
      return { key, data: kept.data };
    }
    const first = this.#first.take(key);
    if (first === undefined) return { key, data: undefined };
    // Loaded a second time: a file that is shared.
    this.#hits++;
    this.#keep(key, first);
    return { key, data: first.data };
  }

  /** A file's parse, after find() missed. Returns the parse to use: the one now held, when it is. */
  add(key: string, chars: number, data: YamlData): YamlData {
    this.#parses++;
    // Two loads in worker threads (parse-pool.ts) may both have missed it.
    const held = this.#kept.peek(key) ?? this.#first.peek(key);
    if (held !== undefined) return held.data;
    const entry = { data: frozen(data), chars };
    if (this.#remembered.delete(key)) this.#keep(key, entry);
    else this.#remember(this.#first.put(key, entry));
    return entry.data;
  }

  /** The file's parse: the held one, or `parse`'s, offered to the cache. */
  parse(file: CachedFile, parse: (text: string, name: string) => YamlData): YamlData {
    const { key, data } = this.find(file);
    return data ?? this.add(key, file.text.length, parse(file.text, file.name));
  }

  get stats(): ParseCacheStats {
    return {
      parses: this.#parses,
      hits: this.#hits,
      kept: this.#kept.size + this.#first.size,
      keptChars: this.#kept.chars + this.#first.chars,
      evicted: this.#evicted,
    };
  }

  #keep(key: string, entry: Entry): void {
    // Pushed out of the loaded-again area, a file starts over: its next load counts as a first.
    this.#evicted += this.#kept.put(key, entry).length;
  }

  #remember(pushedOut: readonly string[]): void {
    this.#evicted += pushedOut.length;
    for (const key of pushedOut) {
      this.#remembered.add(key);
      if (this.#remembered.size <= MAX_REMEMBERED_KEYS) continue;
      for (const oldest of this.#remembered) {
        this.#remembered.delete(oldest);
        break;
      }
    }
  }
}

interface Entry {
  readonly data: YamlData;
  readonly chars: number;
}

/** Parses within a bound of characters; a Map iterates in insertion order, so the first is the least recently used. */
class Area {
  readonly #entries = new Map<string, Entry>();
  readonly #maxChars: number;
  #chars = 0;

  constructor(maxChars: number) {
    this.#maxChars = maxChars;
  }

  get size(): number {
    return this.#entries.size;
  }

  get chars(): number {
    return this.#chars;
  }

  peek(key: string): Entry | undefined {
    return this.#entries.get(key);
  }

  take(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#chars -= entry.chars;
    return entry;
  }

  /** Adds the entry as the most recently used, and returns the keys pushed out to stay within the bound (the entry's own when it alone is larger). */
  put(key: string, entry: Entry): string[] {
    this.#entries.set(key, entry);
    this.#chars += entry.chars;
    const pushedOut: string[] = [];
    for (const [oldest, old] of this.#entries) {
      if (this.#chars <= this.#maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= old.chars;
      pushedOut.push(oldest);
    }
    return pushedOut;
  }
}

function keyOf(file: CachedFile): string {
  // The name ends at the first NUL: no file name holds one.
  return createHash('sha256').update(file.name).update('\0').update(file.text).digest('base64');
}

/** The parse with its value and problems frozen, every level. */
function frozen(data: YamlData): YamlData {
  freeze(data.value);
  freeze(data.diagnostics);
  return Object.freeze({ ...data });
}

function freeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) freeze(item);
}
