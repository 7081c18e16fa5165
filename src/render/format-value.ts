import { stringifyJson } from '../util/visible-text.js';

/**
 * One-line rendering of a value for plan output (render/field-rows lays out objects, lists and
 * texts of several lines around it): JSON, with every control and
 * bidirectional character escaped (a live value may hold anything the service stored). Never cut:
 * a reviewer approves the whole value, and a terminal or a pull request wraps a long line.
 */
export function formatValue(value: unknown): string {
  if (value === undefined) return '(unset)';
  return typeof value === 'string' && value === '(sensitive)' ? value : stringifyJson(value);
}
