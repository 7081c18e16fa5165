import { stringifyJson } from '../util/visible-text.js';
import type { EnvironmentDiff } from './types.js';

/**
 * The environment diff as `paycfg diff-env --json` prints it (schemas/env-diff.schema.json): the
 * value itself, secrets already `(sensitive)`, with the characters JSON.stringify leaves raw
 * (bidirectional and C1 controls) escaped as well.
 */
export function renderEnvironmentDiffJson(diff: EnvironmentDiff): string {
  return `${stringifyJson(diff, 2)}\n`;
}
