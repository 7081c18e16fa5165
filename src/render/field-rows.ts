import type { Operation } from 'fast-json-patch';
import { isPlainObject } from '../model/canonical.js';
import { pointerSegments } from '../model/pointers.js';
import { comparableFields, typedLike } from '../plan/diff.js';
import { fieldDescriptor } from '../plan/descriptors.js';
import { fieldOrder, isIdentityField, KEY_FIELD } from '../plan/identity.js';
import type { Change } from '../plan/plan.js';
import { showControls, stringifyJson } from '../util/visible-text.js';
import { formatValue } from './format-value.js';

/**
 * The attribute lines of one change, in the manner of `terraform plan`: scalars on one line, whole;
 * objects and lists as indented blocks, one key or item a line; a string of several lines as a
 * `<<-EOT` block. In a change, each changed key is marked (`~` old → new, `+` added, `-` removed)
 * and the unchanged keys of a changed object are left out with their count. Text and Markdown lay
 * the same rows out each in their own way (render-text, render-markdown).
 */
export type Mark = '+' | '-' | '~' | ' ';

export interface Row {
  /** Nesting level: 0 for a change's own fields. */
  readonly depth: number;
  readonly mark: Mark;
  readonly text: string;
  /** A remark about the row (`# forces replacement`), shown dim after it. */
  readonly note?: string;
  /** The row is a remark itself (`# (3 unchanged attributes hidden)`). */
  readonly comment?: boolean;
}

type Rows = Row[];

/** JSON Patch operations below one value, their paths relative to it. */
interface RelativeOp {
  readonly op: 'add' | 'remove' | 'replace';
  readonly path: readonly string[];
  readonly value?: unknown;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** An attribute name as written before ` = `: bare when it reads as a name, else quoted (`"01"`), escapes and all. */
function keyText(key: string): string {
  return IDENTIFIER.test(key) ? key : stringifyJson(key);
}

function isMultiline(value: unknown): value is string {
  return typeof value === 'string' && value.includes('\n');
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return (Array.isArray(value) && value.length > 0) || (isPlainObject(value) && Object.keys(value).length > 0);
}

/** `EOT`, or a variant no line of the text is made of, so that the block cannot seem to end early. */
function heredocEnd(lines: readonly string[]): string {
  let end = 'EOT';
  for (let n = 1; lines.some((line) => line.trim() === end); n += 1) end = `EOT_${n}`;
  return end;
}

function lead(label: string | undefined): string {
  return label === undefined ? '' : `${label} = `;
}

/** List items end with a comma, as Terraform writes them. */
function tail(label: string | undefined): string {
  return label === undefined ? ',' : '';
}

/** Text lines as shown inside a block: each control character escaped, the line breaks being the block's own. */
function textLines(text: string): string[] {
  return text.split('\n').map((line) => showControls(line));
}

/** A whole value, every row of it under one mark: an attribute created, deleted, or shown for context. */
function valueRows(label: string | undefined, value: unknown, mark: Mark, depth: number, out: Rows): void {
  if (isMultiline(value)) {
    const lines = textLines(value);
    const end = heredocEnd(lines);
    out.push({ depth, mark, text: `${lead(label)}<<-${end}` });
    for (const line of lines) out.push({ depth: depth + 1, mark, text: line });
    out.push({ depth, mark: ' ', text: `${end}${tail(label)}` });
  } else if (isContainer(value)) {
    const list = Array.isArray(value);
    out.push({ depth, mark, text: `${lead(label)}${list ? '[' : '{'}` });
    if (list) for (const item of value) valueRows(undefined, item, mark, depth + 1, out);
    else for (const key of Object.keys(value).sort()) valueRows(keyText(key), value[key], mark, depth + 1, out);
    out.push({ depth, mark: ' ', text: `${list ? ']' : '}'}${tail(label)}` });
  } else {
    out.push({ depth, mark, text: `${lead(label)}${formatValue(value)}${tail(label)}` });
  }
}

/** Which lines of `after` are new and which of `before` go: a longest-common-subsequence line diff. */
function lineDiff(before: readonly string[], after: readonly string[]): { mark: Mark; line: string }[] {
  const n = before.length;
  const m = after.length;
  // A text of thousands of lines on both sides: show one whole and the other whole rather than spend the memory.
  if (n * m > 4_000_000) return [...before.map((line) => ({ mark: '-' as const, line })), ...after.map((line) => ({ mark: '+' as const, line }))];
  const common: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      common[i]![j] = before[i] === after[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const out: { mark: Mark; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      out.push({ mark: ' ', line: before[i]! });
      i += 1;
      j += 1;
    } else if (i < n && (j === m || common[i + 1]![j]! >= common[i]![j + 1]!)) {
      // Lines that go before the lines that come, as a diff reads.
      out.push({ mark: '-', line: before[i]! });
      i += 1;
    } else {
      out.push({ mark: '+', line: after[j]! });
      j += 1;
    }
  }
  return out;
}

/** A text changed, one side at least of several lines: one block, the lines that go and come marked. */
function textChangeRows(label: string | undefined, before: string, after: string, depth: number, out: Rows): void {
  const diff = lineDiff(textLines(before), textLines(after));
  const end = heredocEnd(diff.map((d) => d.line));
  out.push({ depth, mark: '~', text: `${lead(label)}<<-${end}` });
  for (const { mark, line } of diff) out.push({ depth: depth + 1, mark, text: line });
  out.push({ depth, mark: ' ', text: `${end}${tail(label)}` });
}

function hiddenRow(count: number, list: boolean, depth: number): Row {
  const what = list ? 'element' : 'attribute';
  return { depth, mark: ' ', text: `# (${count} unchanged ${what}${count === 1 ? '' : 's'} hidden)`, comment: true };
}

/** Operations grouped by the first segment of their path, that segment taken off. */
function byFirstSegment(ops: readonly RelativeOp[]): Map<string, RelativeOp[]> {
  const groups = new Map<string, RelativeOp[]>();
  for (const op of ops) {
    const [head, ...rest] = op.path;
    if (head === undefined) continue;
    let list = groups.get(head);
    if (list === undefined) groups.set(head, (list = []));
    list.push({ ...op, path: rest });
  }
  return groups;
}

/** A value the patch changes: `before` as it is live, `ops` the patch below it. */
function changedRows(label: string | undefined, before: unknown, ops: readonly RelativeOp[], depth: number, out: Rows): void {
  const whole = ops.find((op) => op.path.length === 0);
  if (whole !== undefined) {
    if (whole.op === 'add') valueRows(label, whole.value, '+', depth, out);
    else if (whole.op === 'remove') valueRows(label, before, '-', depth, out);
    else if (typeof before === 'string' && typeof whole.value === 'string' && (isMultiline(before) || isMultiline(whole.value))) {
      textChangeRows(label, before, whole.value, depth, out);
    } else if (!isMultiline(before) && !isContainer(before) && !isMultiline(whole.value) && !isContainer(whole.value)) {
      out.push({ depth, mark: '~', text: `${lead(label)}${formatValue(before)} → ${formatValue(whole.value)}${tail(label)}` });
    } else {
      valueRows(label, before, '-', depth, out);
      valueRows(label, whole.value, '+', depth, out);
    }
    return;
  }
  const list = Array.isArray(before);
  const container: Record<string, unknown> = isPlainObject(before) || list ? (before as Record<string, unknown>) : {};
  const groups = byFirstSegment(ops);
  const keys = new Set([...Object.keys(container), ...groups.keys()]);
  const ordered = list ? [...keys].sort((a, b) => Number(a) - Number(b)) : [...keys].sort();
  out.push({ depth, mark: '~', text: `${lead(label)}${list ? '[' : '{'}` });
  let hidden = 0;
  for (const key of ordered) {
    const below = groups.get(key);
    if (below === undefined) hidden += 1;
    else changedRows(list ? undefined : keyText(key), container[key], below, depth + 1, out);
  }
  if (hidden > 0) out.push(hiddenRow(hidden, list, depth + 1));
  out.push({ depth, mark: ' ', text: `${list ? ']' : '}'}${tail(label)}` });
}

function relative(patch: readonly Operation[]): RelativeOp[] {
  const ops: RelativeOp[] = [];
  for (const op of patch) {
    if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') continue;
    ops.push({ op: op.op, path: pointerSegments(op.path), ...('value' in op ? { value: op.value } : {}) });
  }
  return ops;
}

/** The key as an attribute (emvName, profileName, providerReference): it is not among the fields. */
function keyRow(change: Change, mark: Mark): Row[] {
  const field = KEY_FIELD[change.kind];
  // The key is already made visible (render/visible-plan), as in the change's heading.
  return field === undefined ? [] : [{ depth: 0, mark, text: `${field} = "${change.key}"` }];
}

function idRow(change: Change, mark: Mark): Row[] {
  return change.liveId === undefined ? [] : [{ depth: 0, mark, text: `id = ${formatValue(change.liveId)}` }];
}

/** Every field of one side, under one mark: what a create writes, what a delete takes away. */
function wholeRows(change: Change, fields: Record<string, unknown>, mark: Mark, out: Rows): void {
  for (const field of fieldOrder(change.kind, Object.keys(fields))) {
    if (fields[field] !== undefined) valueRows(keyText(field), fields[field], mark, 0, out);
  }
}

/**
 * The rows of a change whose plan is redacted (secrets read "(sensitive)") and made visible. The
 * identity comes first (id, key, identity fields: plan/identity.ts), then the other fields sorted.
 */
export function changeRows(change: Change): Row[] {
  const out: Rows = [];
  if (change.action === 'create' || (change.action === 'replace' && change.before === null)) {
    out.push(...keyRow(change, '+'));
    wholeRows(change, change.after ?? {}, '+', out);
    return out;
  }
  if (change.action === 'delete') {
    // A terminal logged out stays on record: its fields say which it is, none of them goes.
    const mark: Mark = change.disposal === 'logout' ? ' ' : '-';
    out.push(...idRow(change, mark), ...keyRow(change, mark));
    wholeRows(change, change.before ?? {}, mark, out);
    return out;
  }
  out.push(...idRow(change, ' '), ...keyRow(change, ' '));
  const before = change.before ?? {};
  const canonical = comparableFields(change.kind, before);
  const groups = byFirstSegment(relative(change.patch));
  let hidden = 0;
  for (const field of fieldOrder(change.kind, new Set([...Object.keys(canonical), ...groups.keys()]))) {
    const ops = groups.get(field);
    // The patch's pointers are into the canonical form; a reviewer reads numbers as the live record has them.
    const shown = typedLike(canonical[field], before[field]);
    if (ops === undefined) {
      if (isIdentityField(change.kind, field)) valueRows(keyText(field), shown, ' ', 0, out);
      else hidden += 1;
      continue;
    }
    const first = out.length;
    changedRows(keyText(field), shown, ops, 0, out);
    if (change.action === 'replace' && fieldDescriptor(change.kind, field).immutable === true) {
      out[first] = { ...out[first]!, note: '# forces replacement' };
    }
  }
  if (hidden > 0) out.push(hiddenRow(hidden, false, 0));
  return out;
}
