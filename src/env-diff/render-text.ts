import { formatValue } from '../render/format-value.js';
import { createStyle, type Style } from '../render/style.js';
import { showControls, stringifyJson } from '../util/visible-text.js';
import type { DiffedEnvironment, DifferingRecord, EnvironmentDiff, OneSidedRecord, UnkeyedRecord } from './types.js';
import { apiWords, manifestsNote, plural, substitutedWords, verdict } from './wording.js';

export interface EnvironmentDiffTextOptions {
  /** ANSI colours, as `paycfg diff-env` prints at a terminal; default false. */
  readonly color?: boolean;
}

/**
 * The environment diff as text for a terminal, in the manner of a plan's: a header naming both
 * groups, the records only one holds (`<` in A, `>` in B, as diff(1) marks its two files), a block
 * per record that differs with each value of both, and the verdict the exit code has. Values are
 * shown as JSON (secrets already read `(sensitive)`), and every text from the service with its
 * control and bidirectional characters written as escapes.
 */
export function renderEnvironmentDiffText(diff: EnvironmentDiff, options: EnvironmentDiffTextOptions = {}): string {
  const style = createStyle(options.color === true);
  const t = (text: string): string => showControls(text);
  const names = { a: t(diff.a.name), b: t(diff.b.name) };
  const width = Math.max(names.a.length, names.b.length) + 1;
  const out: string[] = [
    style.bold(`paycfg diff-env: ${names.a} and ${names.b}`),
    `  ${`${names.a}:`.padEnd(width)} ${groupLine(diff.a)}`,
    `  ${`${names.b}:`.padEnd(width)} ${groupLine(diff.b)}`,
  ];
  const section = (lines: readonly string[]): void => {
    if (lines.length > 0) out.push('', ...lines);
  };
  section(oneSidedLines(diff.onlyInA, '<', names.a, names, style));
  section(oneSidedLines(diff.onlyInB, '>', names.b, names, style));
  if (diff.differing.length > 0) {
    out.push('', style.bold(`Different in ${names.a} and ${names.b} (${plural(diff.differing.length, 'record')}, ${plural(diff.summary.differingFields, 'value')}):`));
    for (const record of diff.differing) out.push('', ...recordLines(record, names, width, style));
  }
  section(unkeyedLines(diff.notCompared.a, '<', names.a, style));
  section(unkeyedLines(diff.notCompared.b, '>', names.b, style));
  for (const warning of diff.warnings) section([`${style.yellow(style.bold('Warning:'))} ${style.yellow(t(warning))}`]);
  const line = verdict(diff, names);
  section([diff.equal ? style.green(line) : style.yellow(style.bold(line))]);
  const substituted = substitutedWords(diff);
  if (substituted !== undefined) out.push(style.dim(`(${substituted}; --json lists them.)`));
  return `${out.join('\n')}\n`;
}

function groupLine(environment: DiffedEnvironment): string {
  return `group ${showControls(environment.group.groupId)} (${stringifyJson(environment.group.groupName)}) at ${showControls(environment.baseUrl)}${apiWords(environment)}`;
}

function oneSidedLines(records: readonly OneSidedRecord[], mark: string, name: string, names: { a: string; b: string }, style: Style): string[] {
  if (records.length === 0) return [];
  return [
    style.bold(`Only in ${name} (${plural(records.length, 'record')}):`),
    ...records.map((record) => `  ${style.yellow(mark)} ${showControls(record.address)} ${style.dim(`(${manifestsNote(record, names, name)})`)}`),
  ];
}

function recordLines(record: DifferingRecord, names: { a: string; b: string }, width: number, style: Style): string[] {
  const lines = [style.bold(`  # ${showControls(record.address)} differs in ${plural(record.fields.length, 'value')}`), `  ${style.yellow('~')} ${record.kind} ${stringifyJson(record.key)} {`];
  for (const field of record.fields) {
    lines.push(
      `      ${style.yellow('~')} ${showControls(field.pointer)}`,
      `          ${`${names.a}:`.padEnd(width)} ${formatValue(field.a)}`,
      `          ${`${names.b}:`.padEnd(width)} ${formatValue(field.b)}`,
    );
  }
  lines.push('    }');
  return lines;
}

function unkeyedLines(records: readonly UnkeyedRecord[], mark: string, name: string, style: Style): string[] {
  if (records.length === 0) return [];
  return [
    style.dim(`Not compared, without a natural key: ${plural(records.length, 'record')} in ${name}:`),
    ...records.map((record) => style.dim(`  ${mark} ${showControls(record.address)}${record.name !== undefined ? ` (${stringifyJson(record.name)})` : ''}`)),
  ];
}
