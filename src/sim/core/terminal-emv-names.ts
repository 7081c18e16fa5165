import type { JsonObject } from './json.js';

/**
 * A terminal's EMV parameters for network D (code 04) have two names: the reference's `netD<X>`
 * (`netDFloorLimit`, document 2, 2.6) and the real documentation's `amex<X>` (`amexFloorLimit`).
 * Both name one parameter. The service takes either in requests on both APIs and keeps the
 * reference's, which the current API answers as it always has; the legacy view answers the real
 * names, as the live service does.
 */
const REFERENCE_PREFIX = 'netD';
const REAL_PREFIX = 'amex';

function suffixAfter(prefix: string, key: string): string | undefined {
  if (!key.startsWith(prefix)) return undefined;
  const rest = key.slice(prefix.length);
  return /^[A-Z]/.test(rest) ? rest : undefined;
}

/** `amexFloorLimit` → `netDFloorLimit`; any other key as it is. */
export function referenceEmvKey(key: string): string {
  const suffix = suffixAfter(REAL_PREFIX, key);
  return suffix === undefined ? key : `${REFERENCE_PREFIX}${suffix}`;
}

/** `netDFloorLimit` → `amexFloorLimit`; any other key as it is. */
export function realEmvKey(key: string): string {
  const suffix = suffixAfter(REFERENCE_PREFIX, key);
  return suffix === undefined ? key : `${REAL_PREFIX}${suffix}`;
}

/** Two keys of one request that name one parameter with different values. */
export interface EmvNameConflict {
  readonly realKey: string;
  readonly referenceKey: string;
}

/**
 * The parameters under the reference's names. A parameter sent under both names must have one
 * value (JSON-equal); otherwise the conflict is returned and nothing is renamed.
 */
export function withReferenceEmvNames(params: JsonObject): { params: JsonObject } | { conflict: EmvNameConflict } {
  const renamed: JsonObject = {};
  for (const [key, value] of Object.entries(params)) {
    const name = referenceEmvKey(key);
    if (name !== key && Object.hasOwn(params, name) && JSON.stringify(params[name]) !== JSON.stringify(value)) {
      return { conflict: { realKey: key, referenceKey: name } };
    }
    // The reference's own key wins the slot; an equal alias adds nothing.
    if (name !== key && Object.hasOwn(params, name)) continue;
    renamed[name] = value;
  }
  return { params: renamed };
}

/** The parameters under the real documentation's names, for the legacy view. */
export function withRealEmvNames(params: JsonObject): JsonObject {
  const renamed: JsonObject = {};
  for (const [key, value] of Object.entries(params)) renamed[realEmvKey(key)] = value;
  return renamed;
}
