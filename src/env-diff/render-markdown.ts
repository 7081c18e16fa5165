import { formatValue } from '../render/format-value.js';
import { code, fitted, inline, MARKDOWN_MAX_LENGTH, type Section } from '../render/render-markdown.js';
import { showControls, stringifyJson } from '../util/visible-text.js';
import type { DiffedEnvironment, EnvironmentDiff, OneSidedRecord, UnkeyedRecord } from './types.js';
import { apiWords, manifestsNote, plural, substitutedWords, verdict } from './wording.js';

export interface EnvironmentDiffMarkdownOptions {
  /** The most characters the comment may have (default MARKDOWN_MAX_LENGTH, under GitHub's limit); entries that do not fit are counted, not shown. */
  readonly maxLength?: number;
}

/**
 * The environment diff for a pull-request comment: a table of the two groups, the verdict, the
 * records only one holds, and a table of every value that differs with both environments' values.
 * Text from the service is escaped (control characters as escapes, Markdown syntax as text: see
 * render-markdown's `inline` and `code`). It stays within `maxLength` characters: the heading and
 * the warnings come first, then as many values that differ, records only in one group and records
 * not compared as fit; what does not fit is counted, with the command that prints it all.
 */
export function renderEnvironmentDiffMarkdown(diff: EnvironmentDiff, options: EnvironmentDiffMarkdownOptions = {}): string {
  const t = (text: string): string => showControls(text);
  const names = { a: t(diff.a.name), b: t(diff.b.name) };
  const inlineNames = { a: inline(names.a), b: inline(names.b) };
  const notShown = (count: number, what: string): string =>
    `… ${plural(count, what)} not shown, to keep this comment under GitHub's size limit: \`paycfg diff-env ${names.a} ${names.b}\` prints them all.`;

  const substituted = substitutedWords(diff);
  const heading: Section = {
    entries: [],
    layout: () => [
      diff.equal ? `### paycfg diff-env: no difference between ${code(names.a)} and ${code(names.b)}` : `### paycfg diff-env: ${code(names.a)} and ${code(names.b)} differ`,
      '',
      `| | ${code(names.a, true)} | ${code(names.b, true)} |`,
      '|---|---|---|',
      `| group | ${groupCell(diff.a)} | ${groupCell(diff.b)} |`,
      `| service | ${code(t(diff.a.baseUrl), true)}${inline(apiWords(diff.a))} | ${code(t(diff.b.baseUrl), true)}${inline(apiWords(diff.b))} |`,
      `| records | ${diff.a.records} | ${diff.b.records} |`,
      '',
      `**${verdict(diff, inlineNames)}**${substituted !== undefined ? ` ${inline(capitalised(substituted))}.` : ''}`,
    ],
  };

  const warnings: Section = {
    entries: diff.warnings.map((warning) => `> - ${inline(t(warning))}`),
    layout: (shown, left) => (shown.length === 0 && left === 0 ? [] : ['', '> [!WARNING]', ...shown, ...(left > 0 ? [`> - ${notShown(left, 'more warning')}`] : [])]),
  };

  const values: Section = {
    entries: diff.differing.flatMap((record) =>
      record.fields.map((field) => `| ${code(t(record.address), true)} | ${code(t(field.pointer), true)} | ${valueCell(field.a)} | ${valueCell(field.b)} |`),
    ),
    layout(shown, left) {
      if (diff.differing.length === 0) return [];
      return [
        '',
        `#### Values that differ (${plural(diff.summary.differingFields, 'value')} in ${plural(diff.differing.length, 'record')})`,
        '',
        ...(shown.length > 0 ? [`| record | value | ${code(names.a, true)} | ${code(names.b, true)} |`, '|---|---|---|---|', ...shown] : []),
        ...(left > 0 ? ['', notShown(left, 'more value')] : []),
      ];
    },
  };

  const oneSided = (records: readonly OneSidedRecord[], name: string): Section => ({
    entries: records.map((record) => `- ${code(t(record.address))}: ${inline(manifestsNote(record, names, name))}`),
    layout: (shown, left) =>
      records.length === 0 ? [] : ['', `#### Only in ${code(name)} (${plural(records.length, 'record')})`, '', ...shown, ...(left > 0 ? [`- ${notShown(left, 'more record')}`] : [])],
  });

  const unkeyed = [...diff.notCompared.a.map((record) => ({ record, name: names.a })), ...diff.notCompared.b.map((record) => ({ record, name: names.b }))];
  const notCompared: Section = {
    entries: unkeyed.map(({ record, name }) => `- ${code(t(record.address))} in ${code(name)}${nameWords(record)}`),
    layout: (shown, left) =>
      unkeyed.length === 0
        ? []
        : [
            '',
            `<details><summary>Not compared: ${plural(unkeyed.length, 'record')} without a natural key</summary>`,
            '',
            ...shown,
            ...(left > 0 ? [`- ${notShown(left, 'more record')}`] : []),
            '',
            '</details>',
          ],
  };

  const sections = [heading, warnings, values, oneSided(diff.onlyInA, names.a), oneSided(diff.onlyInB, names.b), notCompared];
  return `${fitted(sections, [1, 2, 3, 4, 5], options.maxLength ?? MARKDOWN_MAX_LENGTH).join('\n')}\n`;
}

function groupCell(environment: DiffedEnvironment): string {
  return `${code(showControls(environment.group.groupId), true)} ${inline(stringifyJson(environment.group.groupName))}`;
}

/** A value in a table cell: JSON (escaped), `(unset)` where the record has none. */
function valueCell(value: unknown): string {
  return value === undefined ? '*(unset)*' : code(formatValue(value), true);
}

function nameWords(record: UnkeyedRecord): string {
  return record.name !== undefined ? ` (${inline(stringifyJson(record.name))})` : '';
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
