/** JSON values as the store keeps them: what JSON.parse can return. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The service re-serialises JSON-encoded string fields with its own key order; the simulator sorts
 * keys (recursively) so that a client which compares the raw strings is caught out, as it would be
 * by the real service. Values are kept as given.
 */
export function canonicalJson(value: JsonValue): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isJsonObject(value)) return value;
  // A null prototype keeps a `__proto__` key as ordinary data, as a JSON library would.
  const sorted: JsonObject = Object.create(null) as JsonObject;
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key] as JsonValue);
  return sorted;
}

/** Deepest nesting of objects and arrays the simulator accepts in a body or a JSON-encoded field. */
export const MAX_JSON_DEPTH = 32;

/**
 * The path to the first value nested deeper than `maxDepth`, or undefined. Iterative, so that a
 * hostile body cannot overflow the stack here; what passes is shallow enough for the recursive
 * JSON.stringify and canonicalJson that later serialise it.
 */
export function pathDeeperThan(value: unknown, maxDepth = MAX_JSON_DEPTH): Array<string | number> | undefined {
  const stack: Array<{ value: unknown; depth: number; path: Array<string | number> }> = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number; path: Array<string | number> };
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return item.path;
    if (Array.isArray(item.value)) {
      item.value.forEach((child, index) => stack.push({ value: child, depth, path: [...item.path, index] }));
    } else {
      for (const [key, child] of Object.entries(item.value)) stack.push({ value: child, depth, path: [...item.path, key] });
    }
  }
  return undefined;
}
