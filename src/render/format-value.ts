import { pointerSegments } from '../model/pointers.js';

/** One-line rendering of a field value for plan output. */
export function formatValue(value: unknown, maxLength = 120): string {
  if (value === undefined) return '(unset)';
  const text = typeof value === 'string' && value === '(sensitive)' ? value : JSON.stringify(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** `/params/aid` → `params.aid`; array indices stay as `[0]`. */
export function pointerToPath(pointer: string): string {
  return pointerSegments(pointer)
    // Array indices read as [n]; payment method codes ("04") are object keys and keep their dot.
    .map((part, i) => (/^(0|[1-9]\d*)$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}
