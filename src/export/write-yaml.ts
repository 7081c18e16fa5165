import { Document, Pair, Scalar, YAMLMap, YAMLSeq, isMap, isScalar, isSeq, visit, type Node as YamlNode } from 'yaml';
import type { AnyKindModule } from '../kinds/kind-module.js';
import { childrenOf, TOP_LEVEL_KINDS } from '../kinds/registry.js';
import { hasHiddenChars, showControls } from '../util/visible-text.js';
import type { ExportedItem, ExportedList, ExportedManifest, ExportedMerchant, PlainEntry, SecretVariable } from './exported-manifest.js';
import { secretsHeaderText, variableRows, variablesHeading } from './secret-wording.js';

/**
 * ExportedManifest → YAML text: the modeline and a header on top, entries in the model's field
 * order, notes as comments, entries paycfg cannot key written commented out (so that removing one
 * level of `# ` gives valid YAML at the right indentation), and the secret variables at the end.
 */

export interface ManifestFile {
  /** Relative to the output directory, with `/` separators. */
  readonly path: string;
  readonly text: string;
}

const WRAP_AT = 96;
const TO_STRING = { lineWidth: 0, indentSeq: true } as const;

/** The whole group in one file. */
export function renderSingleFile(exported: ExportedManifest, schemaRef: string): string {
  const doc = newDocument();
  const root = new YAMLMap();
  root.set('version', 1);
  if (exported.group !== undefined) root.set('group', exported.group);
  const trailing: string[] = [];
  for (const kind of TOP_LEVEL_KINDS) addList(root, kind, listOf(exported, kind), trailing);
  finish(doc, root, trailing, [modeline(schemaRef), ...header(exported)], variablesTrailer(exported.variables, exported.secretsManaged));
  return yamlText(doc);
}

/** The exported entries of a top-level kind: ExportedManifest holds each under the kind's list key. */
function listOf(exported: ExportedManifest, kind: AnyKindModule): readonly ExportedItem[] {
  return exported[kind.manifest.list as 'emvConfigs' | 'acquirerProfiles' | 'merchants'];
}

/** `emvConfigs` → `emv-configs`. */
function fileNameOf(list: string): string {
  return list.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * A folder like examples/multi-file: paycfg.yaml (version, group), a file per top-level list
 * (emv-configs.yaml, acquirer-profiles.yaml), and one file per merchant under merchants/: a kind
 * whose entries hold others' gets a file per entry.
 */
export function renderFileSet(exported: ExportedManifest, schemaRefFor: (path: string) => string): ManifestFile[] {
  const files: ManifestFile[] = [];
  const file = (path: string, fill: (root: YAMLMap, trailing: string[]) => void, intro: readonly string[], variables: readonly SecretVariable[] | undefined) => {
    const doc = newDocument();
    const root = new YAMLMap();
    root.set('version', 1);
    const trailing: string[] = [];
    fill(root, trailing);
    finish(doc, root, trailing, [modeline(schemaRefFor(path)), ...intro], variables === undefined ? [] : variablesTrailer(variables, exported.secretsManaged));
    files.push({ path, text: yamlText(doc) });
  };
  file(
    'paycfg.yaml',
    (root) => {
      if (exported.group !== undefined) root.set('group', exported.group);
    },
    header(exported),
    exported.variables,
  );
  for (const kind of TOP_LEVEL_KINDS) {
    const list = kind.manifest.list;
    if (childrenOf(kind).length === 0) {
      file(`${fileNameOf(list)}.yaml`, (root, trailing) => addList(root, kind, listOf(exported, kind), trailing), [], undefined);
      continue;
    }
    const names = merchantFileNames(exported.merchants);
    exported.merchants.forEach((merchant, index) => {
      file(
        `${fileNameOf(list)}/${names[index]!}.yaml`,
        (root, trailing) => addList(root, kind, [merchant], trailing),
        [],
        merchant.variables.length > 0 ? merchant.variables : undefined,
      );
    });
  }
  return files;
}

/**
 * File names for the merchants: the providerReference (or the proposal, or `unkeyed-<mchId>`) with
 * characters unsafe in file names replaced, unique even on case-insensitive file systems.
 */
export function merchantFileNames(merchants: readonly ExportedMerchant[]): string[] {
  const taken = new Set<string>();
  return merchants.map((merchant) => {
    const wanted = merchant.providerReference !== '' ? merchant.providerReference : `unkeyed-${merchant.mchId}`;
    // A leading dot would hide the file from `-f DIR`, which skips dot files.
    const base = wanted.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(0, 100) || 'merchant';
    let name = base;
    for (let counter = 2; taken.has(name.toLowerCase()); counter++) name = `${base}-${counter}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

export function modeline(schemaRef: string): string {
  return `yaml-language-server: $schema=${schemaRef}`;
}

/**
 * The document as text, with no raw control or bidirectional character in it (a live value may
 * hold an ESC or a right-to-left override, which would drive the terminal of whoever `cat`s the
 * file, or make a reviewer read it in the wrong order). A scalar holding one is double-quoted,
 * where YAML reads `\e`, `\x07` and `\u202e` back as the same characters, so the value is
 * exported exactly; in comments the escapes are only shown.
 */
export function yamlText(doc: Document, style: { readonly flowCollectionPadding?: boolean } = {}): string {
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && hasHiddenChars(node.value.replace(/\n/g, ''))) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return showControls(doc.toString({ ...TO_STRING, ...style }), { keepNewlines: true, keepTabs: true });
}

function newDocument(): Document {
  return new Document(null, { version: '1.2' });
}

function finish(doc: Document, root: YAMLMap, trailing: readonly string[], head: readonly string[], tail: readonly string[]): void {
  doc.contents = root;
  root.commentBefore = commentText(head);
  if (trailing.length > 0) root.comment = commentText(trailing);
  if (tail.length > 0) doc.comment = commentText(tail);
}

/** What the file is and what it cannot hold, below the modeline. */
function header(exported: ExportedManifest): string[] {
  return [
    '',
    `Exported by \`paycfg export\` from group ${exported.groupId} (${JSON.stringify(exported.groupName)}).`,
    '`paycfg plan` on this manifest shows no changes while the live group stays as it is.',
    '',
    ...wrap(secretsHeaderText(exported.secretsManaged)),
    ...wrap(
      'Device emvParams hold the documented keys only: other keys the service fills in are left out and never show as drift. ' +
        'Live values the manifest format does not accept are left out (not managed); export lists them on stderr.',
    ),
  ];
}

function variablesTrailer(variables: readonly SecretVariable[], managed: boolean): string[] {
  if (variables.length === 0) return ['Secret variables: none.'];
  return [...wrap(variablesHeading(variables, managed)), ...variableRows(variables)];
}

/**
 * Sets `key` to the list. Entries written commented out go after the active ones; when no entry is
 * active the key is left out and the commented block carries the `key:` line itself. A list the
 * manifest must not manage is written commented out as a whole, with the reason.
 */
function addList(map: YAMLMap, kind: AnyKindModule, items: readonly ExportedItem[] | ExportedList, trailing: string[]): void {
  const key = kind.manifest.list;
  const list: ExportedList = Array.isArray(items) ? { items } : (items as ExportedList);
  const active = list.items.filter((item) => item.commentedOut === undefined);
  const commented = list.items.flatMap((item) => (item.commentedOut === undefined ? [] : commentedItemLines(item, kind)));
  if (list.unmanaged !== undefined) {
    // Inside a list that is itself commented out, an entry paycfg cannot key takes a second `# `.
    const lines = list.items.flatMap((item) =>
      item.commentedOut === undefined ? itemLines(item, kind) : commentedItemLines(item, kind).map((line) => `# ${line}`),
    );
    const block = lines.length === 0 ? [`${key}: []`] : [`${key}:`, ...lines.map(indent)];
    trailing.push(...list.unmanaged.flatMap(wrap), ...block);
    return;
  }
  if (active.length === 0 && commented.length > 0) {
    trailing.push(`${key}:`, ...commented.map(indent));
    return;
  }
  const seq = new YAMLSeq();
  for (const item of active) seq.items.push(itemNode(item, kind));
  if (active.length === 0) seq.flow = true;
  if (commented.length > 0) seq.comment = commentText(commented);
  const keyNode = new Scalar(key);
  if (trailing.length > 0) {
    // Blocks written so far belong before this key, where their list would stand.
    keyNode.commentBefore = commentText(trailing.splice(0));
  }
  map.items.push(new Pair(keyNode, seq));
}

/** The entry, and the lists of the kinds written inside it (a merchant's bindings and devices). */
function itemNode(item: ExportedItem, kind: AnyKindModule): YamlNode {
  const node = entryNode(item.entry, kind);
  const children = childrenOf(kind);
  if (children.length > 0) {
    const trailing: string[] = [];
    for (const child of children) addList(node, child, (item as ExportedMerchant)[child.manifest.list as 'bindings' | 'devices'], trailing);
    if (trailing.length > 0) node.comment = commentText(trailing);
  }
  if (item.comment !== undefined) node.commentBefore = commentText([item.comment]);
  return node;
}

/** The item as YAML lines of a one-item list (`- key: value` ...), comments included. */
function itemLines(item: ExportedItem, kind: AnyKindModule): string[] {
  const doc = newDocument();
  const seq = new YAMLSeq();
  seq.items.push(itemNode(item, kind));
  doc.contents = seq;
  return yamlText(doc).replace(/\n$/, '').split('\n');
}

/** Why the item is commented out, then the item itself; the caller puts all of it behind `# `. */
function commentedItemLines(item: ExportedItem, kind: AnyKindModule): string[] {
  return [...(item.commentedOut ?? []).flatMap(wrap), ...itemLines(item, kind)];
}

function indent(line: string): string {
  return `  ${line}`;
}

/** The yaml package writes `#` before each line; a leading space keeps `# text` readable. */
function commentText(lines: readonly string[]): string {
  return lines.map((line) => (line === '' ? '' : ` ${line}`)).join('\n');
}

function wrap(text: string): string[] {
  if (text.length <= WRAP_AT) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > WRAP_AT) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A YAML map for the entry, styled like the examples as each field's facts say: method maps inline, code keys quoted. */
function entryNode(entry: PlainEntry, kind: AnyKindModule): YAMLMap {
  const node = newDocument().createNode(entry) as YAMLMap;
  for (const [field, style] of Object.entries(kind.yamlStyles)) {
    const value = node.get(field, true);
    if (style === 'methods') styleMethods(value);
    else if (style === 'inline-list') flowSeq(value);
    else if (style === 'inline-codes') {
      flowSeq(value);
      if (isSeq(value)) for (const code of value.items) quote(code);
    } else if (isMap(value)) for (const pair of value.items) if (isMap(pair.value)) pair.value.flow = true;
  }
  return node;
}

function styleMethods(methods: unknown): void {
  if (!isMap(methods)) return;
  for (const pair of methods.items) {
    quote(pair.key);
    if (isMap(pair.value)) pair.value.flow = true;
  }
}

function flowSeq(node: unknown): void {
  if (isSeq(node)) node.flow = true;
}

/** Payment method codes are written `"01"`: unquoted, YAML would read 01 as the number 1. */
function quote(node: unknown): void {
  if (isScalar(node)) node.type = Scalar.QUOTE_DOUBLE;
}
