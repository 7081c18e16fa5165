import type { ManifestPath } from './diagnostics.js';
import { normalisePaymentMethodCode } from './payment-methods.js';

const SCALAR = 0;
const MAPPING = 1;
const SEQUENCE = 2;
type Kind = typeof SCALAR | typeof MAPPING | typeof SEQUENCE;

/**
 * Where each value of one manifest file starts, from the file's one parse (parse-yaml.ts), kept so
 * that any message can say file:line:col. The tree is laid out flat, in document order, in typed
 * arrays: a 10,000-merchant manifest has about a million values, and a tree of objects and arrays
 * (a node per collection, arrays of keys and children) held about 180 MB of heap more than this,
 * which takes 17 bytes a value. Keys are held once per file, by number: each key the parser reads
 * is a string of its own, and held apart they took 38 MB of heap more.
 *
 * Node `n` starts at `offsets[n]`; its descendants are the nodes `n + 1` up to `ends[n]`; a
 * mapping's children carry their key (`keyTable[keyIds[n]]`) and the key's offset.
 */
export class PositionTree {
  /** A tree sent from a parse worker (parse-pool.ts): structured cloning keeps the arrays, not the class. */
  static fromData(data: PositionTreeData): PositionTree {
    return new PositionTree(data.kinds, data.offsets, data.ends, data.keyOffsets, data.keyIds, data.keyTable);
  }

  constructor(
    private readonly kinds: Uint8Array,
    private readonly offsets: Int32Array,
    private readonly ends: Int32Array,
    private readonly keyOffsets: Int32Array,
    private readonly keyIds: Int32Array,
    private readonly keyTable: readonly string[],
  ) {}

  /** The arrays, for a worker to send; their buffers can be transferred. */
  toData(): PositionTreeData {
    const { kinds, offsets, ends, keyOffsets, keyIds, keyTable } = this;
    return { kinds, offsets, ends, keyOffsets, keyIds, keyTable };
  }

  /**
   * Offset of the value at `path` in the file, or of its key when `at` is `key`. An unknown path
   * gives its nearest known ancestor's value.
   */
  offsetOf(path: ManifestPath, at: 'value' | 'key' = 'value'): number {
    let node = 0;
    let offset = this.offsets[0] ?? 0;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] as string | number;
      const child = typeof segment === 'number' ? this.item(node, segment) : this.entry(node, segment);
      if (child === undefined) break;
      node = child;
      offset = typeof segment === 'string' && i === path.length - 1 && at === 'key' ? (this.keyOffsets[node] as number) : (this.offsets[node] as number);
    }
    return offset;
  }

  /** Whether the file writes a value at `path`: a value the model defaults (a profile's acqType) is not written. */
  has(path: ManifestPath): boolean {
    if (this.kinds.length === 0) return false;
    let node = 0;
    for (const segment of path) {
      const child = typeof segment === 'number' ? this.item(node, segment) : this.entry(node, segment);
      if (child === undefined) return false;
      node = child;
    }
    return true;
  }

  private children(node: number): number[] {
    const found: number[] = [];
    const end = this.ends[node] as number;
    for (let child = node + 1; child < end; child = this.ends[child] as number) found.push(child);
    return found;
  }

  private item(node: number, index: number): number | undefined {
    if (this.kinds[node] !== SEQUENCE) return undefined;
    const end = this.ends[node] as number;
    let child = node + 1;
    for (let i = 0; i < index && child < end; i++) child = this.ends[child] as number;
    return child < end ? child : undefined;
  }

  private entry(node: number, key: string): number | undefined {
    if (this.kinds[node] !== MAPPING) return undefined;
    const children = this.children(node);
    const keyOf = (child: number): string => this.keyTable[this.keyIds[child] as number] ?? '';
    const exact = children.find((child) => keyOf(child) === key);
    if (exact !== undefined) return exact;
    // Payment method keys are normalised by the model ("1" is stored as "01"), so a path taken from
    // the validated manifest may spell a key differently from the file.
    const code = normalisePaymentMethodCode(key);
    if (code === undefined) return undefined;
    return children.find((child) => normalisePaymentMethodCode(keyOf(child)) === code);
  }
}

/** A PositionTree as plain data (see PositionTree.toData). */
export interface PositionTreeData {
  readonly kinds: Uint8Array;
  readonly offsets: Int32Array;
  readonly ends: Int32Array;
  readonly keyOffsets: Int32Array;
  readonly keyIds: Int32Array;
  readonly keyTable: readonly string[];
}

/** A mapping's entry: the key as read, and where it is written. */
export interface EntryKey {
  readonly text: string;
  readonly offset: number;
}

/** Builds a PositionTree in document order: a value is added before its children, and a collection closed after them. */
export class PositionTreeBuilder {
  private kinds = new Uint8Array(1024);
  private offsets = new Int32Array(1024);
  private ends = new Int32Array(1024);
  private keyOffsets = new Int32Array(1024);
  private keyIds = new Int32Array(1024);
  private readonly keyTable: string[] = [];
  private readonly keyIdOf = new Map<string, number>();
  private count = 0;

  scalar(offset: number, key: EntryKey | undefined): void {
    const node = this.add(SCALAR, offset, key);
    this.ends[node] = this.count;
  }

  /** Opens a mapping or a sequence; its children follow, then close(). */
  collection(kind: 'mapping' | 'sequence', offset: number, key: EntryKey | undefined): number {
    return this.add(kind === 'mapping' ? MAPPING : SEQUENCE, offset, key);
  }

  close(node: number): void {
    this.ends[node] = this.count;
  }

  finish(): PositionTree {
    const n = this.count;
    return new PositionTree(this.kinds.slice(0, n), this.offsets.slice(0, n), this.ends.slice(0, n), this.keyOffsets.slice(0, n), this.keyIds.slice(0, n), this.keyTable);
  }

  private add(kind: Kind, offset: number, key: EntryKey | undefined): number {
    const node = this.count++;
    if (node === this.kinds.length) this.grow();
    this.kinds[node] = kind;
    this.offsets[node] = offset;
    this.keyOffsets[node] = key?.offset ?? offset;
    this.keyIds[node] = key === undefined ? -1 : this.keyId(key.text);
    return node;
  }

  private keyId(text: string): number {
    let id = this.keyIdOf.get(text);
    if (id === undefined) {
      id = this.keyTable.push(text) - 1;
      this.keyIdOf.set(text, id);
    }
    return id;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const grown = <T extends Uint8Array | Int32Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.kinds = grown(this.kinds, new Uint8Array(size));
    this.offsets = grown(this.offsets, new Int32Array(size));
    this.ends = grown(this.ends, new Int32Array(size));
    this.keyOffsets = grown(this.keyOffsets, new Int32Array(size));
    this.keyIds = grown(this.keyIds, new Int32Array(size));
  }
}
