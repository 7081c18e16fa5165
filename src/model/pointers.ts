/**
 * Pointers into a plan: `<address>#/<field>/<sub>...`, with JSON Pointer escaping of the path
 * (RFC 6901), as in the plan's JSON Patches. They name secret values without holding them.
 */
import jsonPatch from 'fast-json-patch';

const { escapePathComponent, unescapePathComponent } = jsonPatch;

/** A JSON Pointer's segments: `/params/a~1b` → `['params', 'a/b']`. */
export function pointerSegments(pointer: string): string[] {
  return pointer.split('/').slice(1).map(unescapePathComponent);
}

/** One segment of a JSON Pointer, escaped: `a/b` → `a~1b`. */
export function pointerSegment(segment: string | number): string {
  return escapePathComponent(String(segment));
}

/** `device/m/t#/acquirerFields/host-a/tid` → address and path segments. */
export function splitPointer(pointer: string): { address: string; path: string[] } {
  const hash = pointer.indexOf('#/');
  return { address: pointer.slice(0, hash), path: pointerSegments(pointer.slice(hash + 1)) };
}

export function joinPointer(address: string, path: readonly (string | number)[]): string {
  // Joined for one flat string, as addresses are (see kinds.ts): plans keep many pointers.
  return [`${address}#`, ...path.map(pointerSegment)].join('/');
}
