/**
 * A parse worker's whole program (see parse-pool.ts): each message is one file's text, each answer
 * that file's plain data, problems and positions, in the order asked.
 */
import { parentPort } from 'node:worker_threads';
import type { Diagnostic } from './diagnostics.js';
import { parseYamlDocument } from './parse-yaml.js';
import type { PositionTreeData } from './position-tree.js';

export interface ParseRequest {
  readonly text: string;
  readonly name: string;
}

export interface ParseAnswer {
  /**
   * The value as JSON text where JSON holds it exactly: the main thread's JSON.parse builds it in
   * about 60% of the memory of a structured clone (it shares the strings it has seen and lays
   * objects out compactly), and the main heap holds every file's values at once.
   */
  readonly value: { readonly json: string } | { readonly cloned: unknown };
  readonly diagnostics: readonly Diagnostic[];
  readonly lineStarts: readonly number[];
  readonly tree: PositionTreeData | undefined;
}

parentPort?.on('message', (request: ParseRequest) => {
  // Workers are for files only the yaml package reads (parse-pool.ts): no plain read first.
  const { value, diagnostics, positions } = parseYamlDocument(request.text, request.name);
  // A file with problems may hold undefined values, which JSON would drop: it is cloned as it is.
  const json = value === undefined || diagnostics.length > 0 ? undefined : exactJson(value);
  const tree = positions.tree?.toData();
  const answer: ParseAnswer = {
    value: json === undefined ? { cloned: value } : { json },
    diagnostics,
    lineStarts: positions.lineCounter.lineStarts,
    tree,
  };
  const buffers = tree === undefined ? [] : [tree.kinds, tree.offsets, tree.ends, tree.keyOffsets, tree.keyIds].map((array) => array.buffer as ArrayBuffer);
  parentPort?.postMessage(answer, buffers);
});

/** JSON text of plain YAML data, or undefined when JSON would change it (`.inf`, `.nan` and `-0` are YAML numbers). */
function exactJson(value: unknown): string | undefined {
  let exact = true;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'number' && (!Number.isFinite(item) || Object.is(item, -0))) exact = false;
    return item;
  });
  return exact ? text : undefined;
}
