import type { Operation } from 'fast-json-patch';
import { isPlainObject, stableStringify } from '../model/canonical.js';
import { pointerSegments } from '../model/pointers.js';
import { comparableFields, typedLike } from '../plan/diff.js';
import { fieldDescriptor } from '../plan/descriptors.js';
import { fieldOrder, isIdentityField, KEY_FIELD } from '../plan/identity.js';
import type { Change } from '../plan/plan.js';
import { showControls, stringifyJson } from '../util/visible-text.js';
import { formatValue } from './format-value.js';
import { piecesNote } from './plan-wording.js';
import { SENSITIVE } from './redact.js';

/**
 * The attribute lines of one change, in the manner of `terraform plan`: scalars on one line, whole;
 * objects and lists as indented blocks, one key or item a line; a string of several lines as a
 * `<<-EOT` block. In a change, each changed key is marked (`~` old → new, `+` added, `-` removed)
 * and the unchanged keys of a changed object are left out with their count. A changed list is
 * compared item by item, not place by place (an item put in front is one `+`, not a change of every
 * item after it). Text and Markdown lay the same rows out each in their own way (render-text,
 * render-markdown).
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

export interface RowOptions {
  /**
   * Show a single-line string longer than this many characters in quoted pieces of this many, each
   * but the last followed by ` \`, under a note that says the value has no line break. For Markdown,
   * where GitHub does not wrap a diff block; a terminal wraps long lines itself.
   */
  readonly wrapAt?: number;
}

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

/** Whether a value is a one-line string to be shown in pieces (see RowOptions.wrapAt). */
function inPieces(value: unknown, options: RowOptions): value is string {
  const width = options.wrapAt;
  // length counts UTF-16 units, at least the characters: the exact count is taken only when it may matter.
  return width !== undefined && typeof value === 'string' && value !== SENSITIVE && value.length > width && !value.includes('\n') && Array.from(value).length > width;
}

/** A scalar on one line, or a long one-line string in quoted pieces, every row under one mark. */
function scalarRows(label: string | undefined, value: unknown, mark: Mark, depth: number, out: Rows, options: RowOptions): void {
  if (!inPieces(value, options)) {
    out.push({ depth, mark, text: `${lead(label)}${formatValue(value)}${tail(label)}` });
    return;
  }
  const width = options.wrapAt!;
  // Cut between characters, never inside a surrogate pair; each piece quoted as JSON, so that its ends and escapes are plain.
  const chars = Array.from(value);
  out.push({ depth, mark, text: `${lead(label)}${piecesNote(chars.length, width)}` });
  for (let i = 0; i < chars.length; i += width) {
    const last = i + width >= chars.length;
    out.push({ depth: depth + 1, mark, text: `${stringifyJson(chars.slice(i, i + width).join(''))}${last ? tail(label) : ' \\'}` });
  }
}

/** A whole value, every row of it under one mark: an attribute created, deleted, or shown for context. */
function valueRows(label: string | undefined, value: unknown, mark: Mark, depth: number, out: Rows, options: RowOptions): void {
  if (isMultiline(value)) {
    const lines = textLines(value);
    const end = heredocEnd(lines);
    out.push({ depth, mark, text: `${lead(label)}<<-${end}` });
    for (const line of lines) out.push({ depth: depth + 1, mark, text: line });
    out.push({ depth, mark: ' ', text: `${end}${tail(label)}` });
  } else if (isContainer(value)) {
    const list = Array.isArray(value);
    out.push({ depth, mark, text: `${lead(label)}${list ? '[' : '{'}` });
    if (list) for (const item of value) valueRows(undefined, item, mark, depth + 1, out, options);
    else for (const key of Object.keys(value).sort()) valueRows(keyText(key), value[key], mark, depth + 1, out, options);
    out.push({ depth, mark: ' ', text: `${list ? ']' : '}'}${tail(label)}` });
  } else {
    scalarRows(label, value, mark, depth, out, options);
  }
}

/**
 * Which items of `after` are new and which of `before` go: a longest-common-subsequence diff, items
 * being the same when their keys are (a text's lines; a list's items as JSON with sorted keys).
 */
function sequenceDiff<T>(before: readonly T[], after: readonly T[], keyOf: (item: T) => string): { mark: Mark; item: T }[] {
  const n = before.length;
  const m = after.length;
  // Thousands of items on both sides: show one whole and the other whole rather than spend the memory.
  if (n * m > 4_000_000) return [...before.map((item) => ({ mark: '-' as const, item })), ...after.map((item) => ({ mark: '+' as const, item }))];
  const left = before.map(keyOf);
  const right = after.map(keyOf);
  const common: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      common[i]![j] = left[i] === right[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const out: { mark: Mark; item: T }[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && left[i] === right[j]) {
      out.push({ mark: ' ', item: before[i]! });
      i += 1;
      j += 1;
    } else if (i < n && (j === m || common[i + 1]![j]! >= common[i]![j + 1]!)) {
      // Items that go before the items that come, as a diff reads.
      out.push({ mark: '-', item: before[i]! });
      i += 1;
    } else {
      out.push({ mark: '+', item: after[j]! });
      j += 1;
    }
  }
  return out;
}

const same = (line: string): string => line;

/** A text changed, one side at least of several lines: one block, the lines that go and come marked. */
function textChangeRows(label: string | undefined, before: string, after: string, depth: number, out: Rows): void {
  const diff = sequenceDiff(textLines(before), textLines(after), same);
  const end = heredocEnd(diff.map((d) => d.item));
  out.push({ depth, mark: '~', text: `${lead(label)}<<-${end}` });
  for (const { mark, item } of diff) out.push({ depth: depth + 1, mark, text: item });
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

/** `value` with one operation applied, copied along its path: the plan's values are never modified. */
function applied(value: unknown, op: RelativeOp, at = 0): unknown {
  if (at === op.path.length) return op.op === 'remove' ? undefined : op.value;
  const segment = op.path[at]!;
  const last = at === op.path.length - 1;
  if (Array.isArray(value)) {
    const copy = [...value];
    const index = segment === '-' ? copy.length : Number(segment);
    if (last && op.op === 'add') copy.splice(index, 0, op.value);
    else if (last && op.op === 'remove') copy.splice(index, 1);
    else copy[index] = applied(copy[index], op, at + 1);
    return copy;
  }
  const copy: Record<string, unknown> = isPlainObject(value) ? { ...value } : {};
  if (last && op.op === 'remove') delete copy[segment];
  else copy[segment] = applied(copy[segment], op, at + 1);
  return copy;
}

function sameShape(a: unknown, b: unknown): boolean {
  return isContainer(a) && isContainer(b) && Array.isArray(a) === Array.isArray(b);
}

/**
 * A list the patch changes. The patch says what happens at each place (an item put in front
 * "replaces" every item after it), so the list after it is rebuilt and the two matched item by
 * item: unchanged runs are counted where they stand, the items that go marked `-`, those that come
 * `+`. One object (or list) changed in place, in a list otherwise the same, is shown as a nested
 * change of that item instead, its unchanged keys hidden like any object's.
 */
function listRows(label: string | undefined, before: readonly unknown[], ops: readonly RelativeOp[], depth: number, out: Rows, options: RowOptions): void {
  const after = ops.reduce<unknown>((value, op) => applied(value, op), before);
  if (!Array.isArray(after)) {
    valueRows(label, before, '-', depth, out, options);
    valueRows(label, after, '+', depth, out, options);
    return;
  }
  out.push({ depth, mark: '~', text: `${lead(label)}[` });
  const groups = byFirstSegment(ops);
  const differing = before.length === after.length ? before.flatMap((item, i) => (stableStringify(item) === stableStringify(after[i]) ? [] : [i])) : [];
  const only = differing.length === 1 ? differing[0]! : undefined;
  if (only !== undefined && sameShape(before[only], after[only]) && [...groups.keys()].every((key) => key === String(only))) {
    if (only > 0) out.push(hiddenRow(only, true, depth + 1));
    changedRows(undefined, before[only], groups.get(String(only)) ?? [], depth + 1, out, options);
    if (before.length - only - 1 > 0) out.push(hiddenRow(before.length - only - 1, true, depth + 1));
  } else {
    let unchanged = 0;
    for (const { mark, item } of sequenceDiff(before, after, stableStringify)) {
      if (mark === ' ') {
        unchanged += 1;
        continue;
      }
      if (unchanged > 0) out.push(hiddenRow(unchanged, true, depth + 1));
      unchanged = 0;
      valueRows(undefined, item, mark, depth + 1, out, options);
    }
    if (unchanged > 0) out.push(hiddenRow(unchanged, true, depth + 1));
  }
  out.push({ depth, mark: ' ', text: `]${tail(label)}` });
}

/** A value the patch changes: `before` as it is live, `ops` the patch below it. */
function changedRows(label: string | undefined, before: unknown, ops: readonly RelativeOp[], depth: number, out: Rows, options: RowOptions): void {
  const whole = ops.find((op) => op.path.length === 0);
  if (whole !== undefined) {
    if (whole.op === 'add') valueRows(label, whole.value, '+', depth, out, options);
    else if (whole.op === 'remove') valueRows(label, before, '-', depth, out, options);
    else if (typeof before === 'string' && typeof whole.value === 'string' && (isMultiline(before) || isMultiline(whole.value))) {
      textChangeRows(label, before, whole.value, depth, out);
    } else if (isScalarLine(before, options) && isScalarLine(whole.value, options)) {
      out.push({ depth, mark: '~', text: `${lead(label)}${formatValue(before)} → ${formatValue(whole.value)}${tail(label)}` });
    } else {
      valueRows(label, before, '-', depth, out, options);
      valueRows(label, whole.value, '+', depth, out, options);
    }
    return;
  }
  if (Array.isArray(before)) {
    listRows(label, before, ops, depth, out, options);
    return;
  }
  const container: Record<string, unknown> = isPlainObject(before) ? before : {};
  const groups = byFirstSegment(ops);
  out.push({ depth, mark: '~', text: `${lead(label)}{` });
  let hidden = 0;
  for (const key of [...new Set([...Object.keys(container), ...groups.keys()])].sort()) {
    const below = groups.get(key);
    if (below === undefined) hidden += 1;
    else changedRows(keyText(key), container[key], below, depth + 1, out, options);
  }
  if (hidden > 0) out.push(hiddenRow(hidden, false, depth + 1));
  out.push({ depth, mark: ' ', text: `}${tail(label)}` });
}

/** A value that fits `old → new` on one line: not a container, not a text of several lines, not one shown in pieces. */
function isScalarLine(value: unknown, options: RowOptions): boolean {
  return !isMultiline(value) && !isContainer(value) && !inPieces(value, options);
}

function relative(patch: readonly Operation[]): RelativeOp[] {
  const ops: RelativeOp[] = [];
  for (const op of patch) {
    if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') continue;
    ops.push({ op: op.op, path: pointerSegments(op.path), ...('value' in op ? { value: op.value } : {}) });
  }
  return ops;
}

/**
 * The key as an attribute (emvName, profileName, providerReference): it is not among the fields.
 * Quoted as JSON like any value (visiblePlan leaves the key raw for that): a `"` or `\` in it reads as one.
 */
function keyRow(change: Change, mark: Mark): Row[] {
  const field = KEY_FIELD[change.kind];
  return field === undefined ? [] : [{ depth: 0, mark, text: `${field} = ${stringifyJson(change.key)}` }];
}

function idRow(change: Change, mark: Mark): Row[] {
  return change.liveId === undefined ? [] : [{ depth: 0, mark, text: `id = ${formatValue(change.liveId)}` }];
}

/** Every field of one side, under one mark: what a create writes, what a delete takes away. */
function wholeRows(change: Change, fields: Record<string, unknown>, mark: Mark, out: Rows, options: RowOptions): void {
  for (const field of fieldOrder(change.kind, Object.keys(fields))) {
    if (fields[field] !== undefined) valueRows(keyText(field), fields[field], mark, 0, out, options);
  }
}

/**
 * The rows of a change whose plan is redacted (secrets read "(sensitive)") and made visible. The
 * identity comes first (id, key, identity fields: plan/identity.ts), then the other fields sorted.
 */
export function changeRows(change: Change, options: RowOptions = {}): Row[] {
  const out: Rows = [];
  if (change.action === 'create' || (change.action === 'replace' && change.before === null)) {
    out.push(...keyRow(change, '+'));
    wholeRows(change, change.after ?? {}, '+', out, options);
    return out;
  }
  if (change.action === 'delete') {
    // A terminal logged out stays on record: its fields say which it is, none of them goes.
    const mark: Mark = change.disposal === 'logout' ? ' ' : '-';
    out.push(...idRow(change, mark), ...keyRow(change, mark));
    wholeRows(change, change.before ?? {}, mark, out, options);
    return out;
  }
  const groups = byFirstSegment(relative(change.patch));
  // A rename in place (`moved:`) changes the key field itself: its changed row says both names.
  const keyField = KEY_FIELD[change.kind];
  out.push(...idRow(change, ' '), ...(keyField !== undefined && groups.has(keyField) ? [] : keyRow(change, ' ')));
  const before = change.before ?? {};
  const canonical = comparableFields(change.kind, before);
  let hidden = 0;
  for (const field of fieldOrder(change.kind, new Set([...Object.keys(canonical), ...groups.keys()]))) {
    const ops = groups.get(field);
    // The patch's pointers are into the canonical form; a reviewer reads numbers as the live record has them.
    const shown = typedLike(canonical[field], before[field]);
    if (ops === undefined) {
      if (isIdentityField(change.kind, field)) valueRows(keyText(field), shown, ' ', 0, out, options);
      else hidden += 1;
      continue;
    }
    const first = out.length;
    changedRows(keyText(field), shown, ops, 0, out, options);
    if (change.action === 'replace' && fieldDescriptor(change.kind, field).immutable === true) {
      out[first] = { ...out[first]!, note: '# forces replacement' };
    }
  }
  if (hidden > 0) out.push(hiddenRow(hidden, false, 0));
  return out;
}
