import type { LineCounter } from 'yaml';
import type { ManifestPath, SourcePosition } from './diagnostics.js';
import { normalisePaymentMethodCode } from './payment-methods.js';

/**
 * Where each value of a parsed file starts. Built by the YAML reader when first asked for, walked by path when a
 * message needs a position. A node reached through a YAML alias is the anchored node itself, so
 * problems inside aliased content point at the anchor's definition.
 */
export interface SourceNode {
  readonly offset: number;
  readonly entries?: ReadonlyMap<string, { readonly keyOffset: number; readonly node: SourceNode }>;
  readonly items?: readonly SourceNode[];
}

export interface FilePositions {
  readonly lineCounter: LineCounter;
  /** Undefined when the file is not valid YAML. */
  readonly root: SourceNode | undefined;
  /** Set when the file is no longer the one that was checked: why no position inside it can be given. */
  readonly unknown?: string;
}

export interface SourceFile {
  /** The file name as shown in messages (relative to the working directory when inside it). */
  readonly name: string;
  /** Built on first call (see yamlSource): only messages need them. */
  readonly positions: () => FilePositions;
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

/**
 * Position of `path` inside one file: the value's start, or its key's start when `at` is `key`.
 * An unknown path resolves to its nearest known ancestor.
 */
export function positionInFile(file: SourceFile, path: ManifestPath, at: 'value' | 'key' = 'value'): SourcePosition {
  const positions = file.positions();
  if (positions.unknown !== undefined) return { file: file.name, line: 1, col: 1, unknown: positions.unknown };
  let node = positions.root;
  let offset = node?.offset ?? 0;
  for (let i = 0; i < path.length && node !== undefined; i++) {
    const segment = path[i] as string | number;
    const last = i === path.length - 1;
    if (typeof segment === 'number') {
      node = node.items?.[segment];
      if (node !== undefined) offset = node.offset;
      continue;
    }
    const entry = findEntry(node, segment);
    if (entry === undefined) break;
    node = entry.node;
    offset = last && at === 'key' ? entry.keyOffset : entry.node.offset;
  }
  const { line, col } = positions.lineCounter.linePos(offset);
  return { file: file.name, line, col };
}

function findEntry(node: SourceNode, key: string): { keyOffset: number; node: SourceNode } | undefined {
  const entry = node.entries?.get(key);
  if (entry !== undefined || node.entries === undefined) return entry;
  // Payment method keys are normalised by the model ("1" is stored as "01"), so a path taken from
  // the validated manifest may spell a key differently from the file.
  const code = normalisePaymentMethodCode(key);
  if (code === undefined) return undefined;
  for (const [written, candidate] of node.entries) {
    if (normalisePaymentMethodCode(written) === code) return candidate;
  }
  return undefined;
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
    const [head, index] = path;
    if (isMergedList(head) && typeof index === 'number') {
      const origin = this.origins[head][index];
      const file = origin === undefined ? undefined : this.files[origin.file];
      if (origin !== undefined && file !== undefined) {
        const localPath = [head, origin.index, ...path.slice(2)];
        return { position: positionInFile(file, localPath, at), localPath };
      }
    }
    const fileIndex = typeof head === 'string' ? (this.topLevelOrigin.get(head) ?? 0) : 0;
    const file = this.files[fileIndex];
    if (file === undefined) return { position: { file: '<manifest>', line: 1, col: 1 }, localPath: path };
    return { position: positionInFile(file, path, at), localPath: path };
  }
}
