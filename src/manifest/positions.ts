import type { LineCounter } from 'yaml';
import type { ManifestPath, SourcePosition } from './diagnostics.js';
import type { PositionTree } from './position-tree.js';

/** Where the values of one parsed file are: taken from its parse (parse-yaml.ts). */
export interface FilePositions {
  readonly lineCounter: LineCounter;
  /** Undefined when the file is not usable YAML, or empty. */
  readonly tree: PositionTree | undefined;
}

export interface SourceFile {
  /** The file name as shown in messages (relative to the working directory when inside it). */
  readonly name: string;
  readonly positions: FilePositions;
}

/** Which file and which entry of it a merged list entry came from. */
export interface EntryOrigin {
  readonly file: number;
  readonly index: number;
}

export const MERGED_LISTS = ['emvConfigs', 'acquirerProfiles', 'merchants'] as const;
export type MergedList = (typeof MERGED_LISTS)[number];

export function isMergedList(key: unknown): key is MergedList {
  return key === 'emvConfigs' || key === 'acquirerProfiles' || key === 'merchants';
}

export interface ResolvedPath {
  readonly position: SourcePosition;
  /** The path inside the file the value came from (list indices of that file). */
  readonly localPath: ManifestPath;
}

/** A resolved path, and whether a file writes the value there (a value the model defaults is not written). */
export interface PlacedPath extends ResolvedPath {
  readonly written: boolean;
}

/**
 * Position of `path` inside one file: the value's start, or its key's start when `at` is `key`.
 * An unknown path resolves to its nearest known ancestor.
 */
export function positionInFile(file: SourceFile, path: ManifestPath, at: 'value' | 'key' = 'value'): SourcePosition {
  const { lineCounter, tree } = file.positions;
  const { line, col } = lineCounter.linePos(tree?.offsetOf(path, at) ?? 0);
  return { file: file.name, line, col };
}

/**
 * Positions for paths into the merged manifest: the first two segments of a list path
 * (`['merchants', 12]`) are mapped to the file and entry the value came from.
 */
export class MergedSourceMap {
  constructor(
    private readonly files: readonly SourceFile[],
    private readonly origins: Readonly<Record<MergedList, readonly EntryOrigin[]>>,
    /** For top-level scalars (`version`, `group`, `prune`): the file that set them. */
    private readonly topLevelOrigin: ReadonlyMap<string, number>,
  ) {}

  resolve(path: ManifestPath, at: 'value' | 'key' = 'value'): ResolvedPath {
    const { file, localPath } = this.fileOf(path);
    if (file === undefined) return { position: { file: '<manifest>', line: 1, col: 1 }, localPath };
    return { position: positionInFile(file, localPath, at), localPath };
  }

  /** As resolve, and whether the value is written in its file. */
  place(path: ManifestPath, at: 'value' | 'key' = 'value'): PlacedPath {
    const { file, localPath } = this.fileOf(path);
    const written = file?.positions.tree?.has(localPath) ?? false;
    return { ...this.resolve(path, at), written };
  }

  /** The file a merged path's value came from, and the path inside it. */
  private fileOf(path: ManifestPath): { file: SourceFile | undefined; localPath: ManifestPath } {
    const [head, index] = path;
    if (isMergedList(head) && typeof index === 'number') {
      const origin = this.origins[head][index];
      const file = origin === undefined ? undefined : this.files[origin.file];
      if (origin !== undefined && file !== undefined) return { file, localPath: [head, origin.index, ...path.slice(2)] };
    }
    const fileIndex = typeof head === 'string' ? (this.topLevelOrigin.get(head) ?? 0) : 0;
    return { file: this.files[fileIndex], localPath: path };
  }
}
