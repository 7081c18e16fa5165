/**
 * Manifest loading expands `${NAME}` in every string value, and reads `$${` as a literal `${`.
 * A live value that happens to contain `${` must therefore be written with `$${`, or loading the
 * export would read it as a variable reference (and fail, or worse, substitute something).
 */
export function escapeTemplates<T>(value: T): T {
  // A replacer function: in a replacement string, `$$` would mean a single `$`.
  if (typeof value === 'string') return value.replaceAll('${', () => '$${') as T;
  if (Array.isArray(value)) return value.map((item) => escapeTemplates(item)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = escapeTemplates(item);
    return out as T;
  }
  return value;
}
