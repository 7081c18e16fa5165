import { pointerSegments } from '../model/pointers.js';
import { showControls, stringifyJson } from '../util/visible-text.js';

/**
 * One-line rendering of a field value for plan output: JSON, with every control and
 * bidirectional character escaped (a live value may hold anything the service stored). Never cut:
 * a reviewer approves the whole value, and a terminal or a pull request wraps a long line.
 */
export function formatValue(value: unknown): string {
  if (value === undefined) return '(unset)';
  return typeof value === 'string' && value === '(sensitive)' ? value : stringifyJson(value);
}

/** `/params/aid` → `params.aid`; array indices stay as `[0]`. */
export function pointerToPath(pointer: string): string {
  return showControls(pointerSegments(pointer)
    // Array indices read as [n]; payment method codes ("04") are object keys and keep their dot.
    .map((part, i) => (/^(0|[1-9]\d*)$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join(''));
}
