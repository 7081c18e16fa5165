import { pointerSegments } from '../model/pointers.js';
import { showControls, stringifyJson } from '../util/visible-text.js';

/**
 * One-line rendering of a field value for plan output: JSON, with every control and
 * bidirectional character escaped (a live value may hold anything the service stored).
 */
export function formatValue(value: unknown, maxLength = 120): string {
  if (value === undefined) return '(unset)';
  const text = typeof value === 'string' && value === '(sensitive)' ? value : stringifyJson(value);
  return text.length > maxLength ? `${cutBeforeEscape(text, maxLength - 1)}…` : text;
}

/** `text` cut to at most `length` characters, not inside a `\uXXXX` escape. */
function cutBeforeEscape(text: string, length: number): string {
  const cut = text.slice(0, length);
  const partial = /\\u[0-9a-f]{0,3}$/.exec(cut);
  return partial === null ? cut : cut.slice(0, partial.index);
}

/** `/params/aid` → `params.aid`; array indices stay as `[0]`. */
export function pointerToPath(pointer: string): string {
  return showControls(pointerSegments(pointer)
    // Array indices read as [n]; payment method codes ("04") are object keys and keep their dot.
    .map((part, i) => (/^(0|[1-9]\d*)$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join(''));
}
