import { Pair, Scalar, YAMLMap, isMap, isScalar, parseDocument, type Document } from 'yaml';
import type { ValueSource } from '../environments/index.js';
import { ExportAgainstError } from './against-layout.js';

/**
 * Edits of the environments file: values added to (or replaced in) an environment's `values`,
 * through the yaml library's Document API, so that the file's comments, order and styles stay.
 */

export interface ValueEdit {
  readonly name: string;
  /** A literal, written as a string (quoted where YAML would read another type); or where a secret is read from. */
  readonly value: string | ValueSource;
}

export function parseEnvironmentsDocument(text: string, name: string): Document {
  const doc = parseDocument(text, { version: '1.2' });
  if (doc.errors.length > 0) throw new ExportAgainstError(`${name} no longer parses: ${doc.errors[0]!.message}`, { path: name });
  return doc;
}

/** Sets each value in the environment's `values:` (created, in the environment's own style, when it has none). */
export function setEnvironmentValues(doc: Document, file: string, environment: string, edits: readonly ValueEdit[]): void {
  if (edits.length === 0) return;
  const definition = doc.getIn(['environments', environment], true);
  if (!isMap(definition)) throw new ExportAgainstError(`${file}: environment ${environment} is not a mapping there any more; it changed while exporting`, { path: file });
  const written: unknown = definition.get('values', true);
  let map: YAMLMap;
  if (isMap(written)) {
    map = written;
    if (map.items.length === 0) map.flow = definition.flow === true;
  } else {
    // `values: {}` written empty, or none: a new map, block unless the environment is written inline.
    map = new YAMLMap();
    map.flow = definition.flow === true;
    if (written !== undefined) definition.set('values', map);
    else definition.items.push(new Pair(new Scalar('values'), map));
  }
  for (const edit of edits) {
    const node = valueNode(doc, edit.value);
    const existing = map.items.find((pair) => isScalar(pair.key) && pair.key.value === edit.name);
    if (existing !== undefined) existing.value = node;
    else map.items.push(new Pair(new Scalar(edit.name), node));
  }
}

function valueNode(doc: Document, value: string | ValueSource): Scalar | YAMLMap {
  if (typeof value === 'string') return new Scalar(value);
  const node = doc.createNode(value) as YAMLMap;
  node.flow = true;
  return node;
}
