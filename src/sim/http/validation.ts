import type { z } from 'zod';
import { isJsonObject } from '../core/json.js';
import { parameterError } from '../errors.js';

/**
 * Turns a body into a rule's input, or throws code 10000 naming the first bad field, in the
 * service's wording: `Parameters Error (<field> <problem>)`.
 */
export function parseInput<T>(schema: z.ZodType<T>, body: unknown): T {
  if (!isJsonObject(body)) throw parameterError('', 'request body must be a JSON object');
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw parameterError('', 'request body is invalid');
  throw parameterError(formatPath(issue.path), describeIssue(issue));
}

/** `['paymentMethods', 0, 'emvs', 1, 'emvId']` → `paymentMethods[0].emvs[1].emvId`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
};

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return 'required';
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    }
    case 'too_small':
      if (issue.origin === 'string') return 'must not be empty';
      if (issue.origin === 'array') return `must have at least ${String(issue.minimum)} item(s)`;
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      if (issue.input === undefined || issue.input === null) return 'required';
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_key': {
      const inner = issue.issues[0];
      return inner ? describeIssue(inner) : 'has an invalid key';
    }
    case 'invalid_union':
      return 'has the wrong type';
    default:
      return issue.message;
  }
}
