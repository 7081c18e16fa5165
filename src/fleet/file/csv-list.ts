/**
 * A CSV list of targets, as a PBO's systems export one: a header row naming the columns (`name`,
 * `group`, `label:KEY` for a label, any other a value's name), then a row per target. Each cell is
 * placed at its line and column, so a problem is reported where the cell is.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { LineCounter } from 'yaml';
import { VALUE_NAME } from '../../environments/model.js';
import { didYouMean } from '../../manifest/did-you-mean.js';
import { diagnostic, type Diagnostic, type SourcePosition } from '../../manifest/diagnostics.js';
import { describeValue, VALUE } from '../../manifest/issue-text.js';
import { lowerFirst } from '../../util/text.js';
import type { Placed, TargetEntry, WrittenValue } from './entries.js';
import { LABEL_KEY, targetSchema } from './model.js';

export const LABEL_COLUMN_PREFIX = 'label:';

/** What a row cannot give: the template's (or a JSON entry's) alone. */
const NOT_A_COLUMN = ['baseUrl', 'token', 'manifests', 'journal', 'labels', 'values'];

interface CsvRecord {
  readonly record: string[];
  /** The record's text as read, its line break included; sometimes with the blank lines before it. */
  readonly raw: string;
  /** `lines`: the line the record ends on, 1-based. */
  readonly info: { readonly lines: number };
}

type Column = { readonly kind: 'name' } | { readonly kind: 'group' } | { readonly kind: 'label'; readonly key: string } | { readonly kind: 'value'; readonly name: string };

/** The targets of a CSV list, and the problems of its header and rows. */
export function csvEntries(source: string, file: string): { entries: TargetEntry[]; diagnostics: Diagnostic[] } {
  // One line break, so that the parser's line count is the file's (it counts a CRLF's two characters
  // apart); a line's columns are unchanged, its CR being its last character.
  const text = source.replace(/\r\n?/g, '\n');
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.addNewLine(at + 1);
  const place = (offset: number): SourcePosition => ({ file, ...lines.linePos(offset) });

  let records: CsvRecord[];
  try {
    records = parse(text, {
      info: true,
      raw: true,
      trim: true,
      skip_empty_lines: true,
      // A spreadsheet's export ends with rows of empty cells (`,,,`): they are no targets.
      skip_records_with_empty_values: true,
      // Every row's cells are counted here, to report each short or long row at its line.
      relax_column_count: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error['lines'] === 'number' ? error['lines'] : 1;
    return { entries: [], diagnostics: [diagnostic({ file, line, col: 1 }, [], `invalid CSV: ${lowerFirst(error.message)}`)] };
  }

  // Each record's cells, placed: the parser gives the line a record ends on, and its text (with the
  // blank lines it skipped before it, sometimes), from which its first line and its cells' columns follow.
  const rows = records.map(({ record, raw, info }) => {
    const own = raw.replace(/^(?:[ \t]*\n)+/, '').replace(/\n$/, '');
    const firstLine = info.lines - (own.match(/\n/g)?.length ?? 0);
    const start = lines.lineStarts[firstLine - 1] ?? 0;
    return { cells: record, at: cellOffsets(own).map((offset) => place(start + offset)) };
  });
  const [header, ...body] = rows;
  if (header === undefined) return { entries: [], diagnostics: [diagnostic({ file, line: 1, col: 1 }, [], 'the list is empty: its first row names the columns (name,group,…), then a row per target')] };

  const diagnostics: Diagnostic[] = [];
  const columns = headerColumns(header.cells, header.at, diagnostics);
  if (columns === undefined) return { entries: [], diagnostics };
  const entries: TargetEntry[] = [];
  for (const row of body) {
    const entry = rowEntry(row.cells, row.at, header.cells, columns, diagnostics);
    if (entry !== undefined) entries.push(entry);
  }
  return { entries, diagnostics };
}

/** The columns the header names; undefined when it has no name or group column (no row can be read). */
function headerColumns(cells: readonly string[], at: readonly SourcePosition[], diagnostics: Diagnostic[]): Column[] | undefined {
  const columns: Column[] = [];
  const seen = new Map<string, SourcePosition>();
  const before = diagnostics.length;
  cells.forEach((cell, index) => {
    const where = at[index]!;
    const problem = (text: string) => diagnostics.push(diagnostic(where, [], `column ${index + 1} of the header: ${text}`));
    const earlier = seen.get(cell);
    if (earlier !== undefined) problem(`${JSON.stringify(cell)} is named already, at line ${earlier.line} column ${earlier.col}`);
    seen.set(cell, where);
    if (cell === 'name' || cell === 'group') columns.push({ kind: cell });
    else if (cell.startsWith(LABEL_COLUMN_PREFIX)) {
      const key = cell.slice(LABEL_COLUMN_PREFIX.length);
      if (!LABEL_KEY.test(key)) problem(`${describeValue(key, false)} is not a label key (a letter or digit, then letters, digits, ., _, / and -; at most 63)`);
      columns.push({ kind: 'label', key });
    } else if (cell === '') problem('has no name: name every column (name, group, label:KEY, or a value\'s name)');
    else if (NOT_A_COLUMN.includes(cell)) problem(`a row gives a target's name, group, labels (label:KEY) and values; its ${cell} is the template's, or a JSON list's entry's`);
    else if (!VALUE_NAME.test(cell)) problem(`${describeValue(cell, false)} is not a value name (letters, digits and _, not starting with a digit), nor name, group or label:KEY`);
    else columns.push({ kind: 'value', name: cell });
  });
  for (const required of ['name', 'group'] as const) {
    if (cells.includes(required)) continue;
    diagnostics.push(diagnostic(at[0]!, [], `the header has no ${required} column${didYouMean(required, cells)}: its first row names the columns, name and group among them`));
  }
  return diagnostics.length > before ? undefined : columns;
}

/** One row's target; undefined when its name or group is missing or malformed (added to `diagnostics`). */
function rowEntry(cells: readonly string[], at: readonly SourcePosition[], header: readonly string[], columns: readonly Column[], diagnostics: Diagnostic[]): TargetEntry | undefined {
  const rowAt = at[0]!;
  if (cells.length !== columns.length) {
    diagnostics.push(diagnostic(rowAt, [], `the row has ${cells.length} cells, the header ${columns.length} columns: give each row a cell per column, empty when it has no value`));
    return undefined;
  }
  const before = diagnostics.length;
  let name = '';
  let group = '';
  const labels: Record<string, string> = {};
  const values = new Map<string, Placed<WrittenValue>>();
  let nameAt = rowAt;
  let groupAt = rowAt;
  columns.forEach((column, index) => {
    const cell = cells[index]!;
    const where = at[index]!;
    if (column.kind === 'name' || column.kind === 'group') {
      if (column.kind === 'name') [name, nameAt] = [cell, where];
      else [group, groupAt] = [cell, where];
      if (cell === '') {
        diagnostics.push(diagnostic(where, [column.kind], `the row gives no ${column.kind}: every target has one`));
        return;
      }
      const checked = targetSchema.shape[column.kind].safeParse(cell);
      if (!checked.success) diagnostics.push(diagnostic(where, [column.kind], checked.error.issues.map((issue) => issue.message.split(VALUE).join(describeValue(cell, false))).join('; ')));
      return;
    }
    // An empty cell gives nothing: the template's value stands, if it has one.
    if (cell === '') return;
    if (column.kind === 'label') labels[column.key] = cell;
    else values.set(column.name, { value: cell, at: where, path: [header[index]!] });
  });
  if (diagnostics.length > before) return undefined;
  return { name, group, labels, values, at: rowAt, path: [], nameAt, groupAt, kind: 'row' };
}

/** Where each cell of a record starts, as offsets in its text: at each comma outside quotes, past the spaces the parser trims. */
function cellOffsets(raw: string): number[] {
  let at = 0;
  const starts: number[] = [];
  let start = at;
  let quoted = false;
  for (; at <= raw.length; at++) {
    const char = raw[at];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || at === raw.length)) {
      let first = start;
      while (raw[first] === ' ' || raw[first] === '\t') first++;
      starts.push(first);
      start = at + 1;
    }
  }
  return starts;
}
