import { Document, Pair, Scalar, YAMLMap, YAMLSeq, isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Node as YamlNode } from 'yaml';
import { InternalError } from '../errors.js';
import type { ManifestPath } from '../manifest/index.js';
import { modeline } from './write-yaml.js';

/**
 * Edits of manifest files written by hand or by export, through the yaml library's Document API:
 * what is not edited keeps its comments, its quoting and its flow or block style, and an entry
 * moved to another file takes its comments along. edited-text.ts turns a document back into text.
 */

/** Parses a manifest file that the manifest loader has just read without problems. */
export function parseManifestDocument(text: string, name: string): Document {
  const doc = parseDocument(text, { version: '1.2' });
  if (doc.errors.length > 0) throw new InternalError(`${name} no longer parses: ${doc.errors[0]!.message}`);
  return doc;
}

function rootOf(doc: Document): YAMLMap {
  if (!isMap(doc.contents)) throw new InternalError('a manifest file whose top level is not a mapping was loaded');
  return doc.contents;
}

function listOf(doc: Document, list: string): YAMLSeq | undefined {
  const node = rootOf(doc).get(list, true);
  return isSeq(node) ? node : undefined;
}

/** The entry at `index` of the file's list, checked to be the one keyed `key` (the file may have changed since it was loaded). */
export function entryOf(doc: Document, list: string, index: number, keyField: string, key: string): YAMLMap | undefined {
  const item = listOf(doc, list)?.items[index];
  if (!isMap(item)) return undefined;
  const written = item.get(keyField, true);
  return isScalar(written) && String(written.value) === key ? item : undefined;
}

/** The scalar written at `path` of the file, when an edit can replace it (not an alias, not a collection). */
export function scalarAt(doc: Document, path: ManifestPath): Scalar | undefined {
  const node = doc.getIn(path, true);
  return isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number') ? node : undefined;
}

/**
 * Writes `${name}` in place of the scalar at `path`, where it was: its comments stay.
 */
export function replaceWithReference(doc: Document, path: ManifestPath, name: string): void {
  const node = scalarAt(doc, path);
  if (node === undefined) throw new InternalError(`no value to replace at ${path.join('.')}`);
  node.value = `\${${name}}`;
  // Quotes a number-like value needed (`"000123"`) a reference does not; the yaml library still quotes it inside a flow collection.
  node.type = Scalar.PLAIN;
}

/** Takes the entries at these indices out of the file's list and returns them, in list order. */
export function removeEntries(doc: Document, list: string, indices: readonly number[]): YamlNode[] {
  const seq = listOf(doc, list);
  if (seq === undefined) throw new InternalError(`no ${list} list to remove entries from`);
  const taken = [...new Set(indices)].sort((a, b) => a - b);
  const nodes = taken.map((index) => seq.items[index] as YamlNode);
  // The yaml library keeps the comment above a block list's first entry on the list itself.
  if (taken[0] === 0 && seq.flow !== true && seq.commentBefore != null) {
    nodes[0]!.commentBefore = nodes[0]!.commentBefore == null ? seq.commentBefore : `${seq.commentBefore}\n${nodes[0]!.commentBefore}`;
    seq.commentBefore = null;
  }
  for (const index of taken.reverse()) seq.items.splice(index, 1);
  // A list emptied here stays a list: `merchants: []`, not a key with nothing under it.
  if (seq.items.length === 0 && seq.comment == null) seq.flow = true;
  return nodes;
}

/** Appends entries to the file's list, creating it (after the other top-level keys) when the file has none. */
export function appendEntries(doc: Document, list: string, nodes: readonly YamlNode[], from: Document): void {
  let seq = listOf(doc, list);
  if (seq === undefined) {
    seq = new YAMLSeq();
    rootOf(doc).items.push(new Pair(new Scalar(list), seq));
  }
  seq.flow = false;
  for (const node of nodes) seq.items.push(withoutAliases(node, from, doc));
}

/** An entry that refers to anchors of its file cannot take them along: it moves as plain values instead. */
function withoutAliases(node: YamlNode, from: Document, to: Document): YamlNode {
  let aliased = false;
  visit(node, {
    Alias() {
      aliased = true;
      return visit.BREAK;
    },
  });
  if (!aliased && !isAlias(node)) return node;
  const plain = to.createNode(node.toJS(from)) as YamlNode;
  if (node.commentBefore != null) plain.commentBefore = node.commentBefore;
  return plain;
}

/** Whether any list of the file still has an entry, or the file sets anything but `version` and `group`. */
export function holdsMoreThanItsHeader(doc: Document): boolean {
  return rootOf(doc).items.some((pair) => {
    const key = keyText(pair.key);
    if (key === 'version' || key === 'group') return false;
    return !(isSeq(pair.value) && pair.value.items.length === 0);
  });
}

/** A key as text: a parsed file's keys are scalars, a new document's plain strings. */
function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

/** Removes a top-level key; whether the file had it. */
export function removeTopLevel(doc: Document, key: string): boolean {
  return rootOf(doc).delete(key);
}

/** Sets `group:` right after `version:` (where export writes it), unless the file already names one. */
export function ensureGroup(doc: Document, group: string): boolean {
  const root = rootOf(doc);
  if (root.has('group')) return false;
  const at = root.items.findIndex((pair) => keyText(pair.key) === 'version');
  root.items.splice(at + 1, 0, new Pair(new Scalar('group'), new Scalar(group)));
  return true;
}

/** Points the file's schema modeline (its first comment line, as export writes it) at `schemaRef`. */
export function updateModeline(doc: Document, schemaRef: string): void {
  const pattern = /^ ?yaml-language-server: \$schema=\S*/;
  // The first comment of a file is the document's, or (with no blank line after it) its first key's.
  const root = rootOf(doc);
  const firstKey = root.items[0]?.key;
  const holders: { commentBefore?: string | null }[] = [doc, root, ...(isScalar(firstKey) ? [firstKey] : [])];
  for (const holder of holders) {
    const comment = holder.commentBefore;
    if (comment == null) continue;
    const lines = comment.split('\n');
    if (lines[0] !== undefined && pattern.test(lines[0])) {
      lines[0] = ` ${modeline(schemaRef)}`;
      holder.commentBefore = lines.join('\n');
      return;
    }
  }
}

/** A new manifest file: the modeline, what the file is (`intro`), `version: 1`. */
export function newManifestDocument(schemaRef: string, intro: readonly string[]): Document {
  const doc = new Document(null, { version: '1.2' });
  const root = new YAMLMap();
  root.set('version', 1);
  doc.contents = root;
  root.commentBefore = [modeline(schemaRef), '', ...intro].map((line) => (line === '' ? '' : ` ${line}`)).join('\n');
  return doc;
}
