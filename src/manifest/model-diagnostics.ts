import type { z } from 'zod';
import { lowerFirst } from '../util/text.js';
import { diagnostic, type Diagnostic, type ManifestPath } from './diagnostics.js';
import { VALUE, describeValue } from './issue-text.js';
import { positionInFile, type SourceFile } from './positions.js';

type Issue = z.core.$ZodIssue & { input?: unknown; params?: Record<string, unknown> };

/**
 * Turns the issues of one file's zod parse into diagnostics: one per unknown key (at the key),
 * messages in the project's wording, and no secret value in any message.
 */
export function modelDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  file: SourceFile,
  isSecret: (path: ManifestPath) => boolean,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (path: ManifestPath, where: 'value' | 'key', text: string) =>
    out.push(diagnostic(positionInFile(file, path, where), path, text));

  for (const raw of issues) {
    const issue = raw as Issue;
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      // The model writes one message line per unknown key, in the order of `keys`.
      const lines = issue.message.split('\n');
      issue.keys.forEach((key, index) => {
        const line = lines.length === issue.keys.length ? (lines[index] as string) : `unknown key ${JSON.stringify(key)}`;
        at([...path, key], 'key', line);
      });
      continue;
    }
    if (issue.code === 'invalid_key') {
      const key = path[path.length - 1];
      const inner = issue.issues[0]?.message ?? 'invalid key';
      at(path, 'key', fillValue(inner, key, false));
      continue;
    }
    const where = issue.code === 'custom' && issue.params?.['at'] === 'key' ? 'key' : 'value';
    at(path, where, issueText(issue, path, isSecret(path)));
  }
  return out;
}

function issueText(issue: Issue, path: ManifestPath, secret: boolean): string {
  const { input } = issue;
  const missing = input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union');
  if (missing) {
    return path.length === 1 && path[0] === 'version'
      ? 'required field is missing; every manifest file starts with "version: 1"'
      : 'required field is missing';
  }
  if (issue.code === 'invalid_type') {
    const got = describeValue(input, secret);
    const text = `expected ${expectedText(issue.expected)}, got ${got}`;
    if (issue.expected === 'string' && typeof input === 'number') {
      return `${text}; put it in quotes so that it stays text (YAML drops leading zeros from numbers)`;
    }
    return text;
  }
  return fillValue(lowerFirst(issue.message), input, secret);
}

function fillValue(message: string, input: unknown, secret: boolean): string {
  return message.includes(VALUE) ? message.split(VALUE).join(describeValue(input, secret)) : message;
}

function expectedText(expected: string): string {
  switch (expected) {
    case 'string':
      return 'a string';
    case 'number':
    case 'int':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
    case 'record':
      return 'a mapping';
    case 'array':
      return 'a list';
    default:
      return expected;
  }
}
