import type { ManifestPath } from './diagnostics.js';
import type { Manifest } from './model.js';
import { isPlainObject } from '../model/canonical.js';

export interface SecretField {
  readonly path: ManifestPath;
  /** Variables the value was built from; empty for a literal secret (deviceAdmin, passcode). */
  readonly variables: readonly string[];
  /**
   * The value as written, with its `${NAME}` references (see expandTemplate); empty for a literal
   * secret, so that the secret itself is never copied anywhere.
   */
  readonly template: string;
}

export interface Secrets {
  readonly secrets: readonly SecretField[];
  /** Every secret string, longest first (so that a scrubber replaces `abc123` before `abc`). */
  readonly secretValues: readonly string[];
}

/**
 * Secret fields of the merged manifest: deviceAdmin and passcode wherever set, and every value
 * built from environment variables. The values of the variables themselves are secret too: they
 * may appear inside longer strings of service output.
 */
export function collectSecrets(
  manifest: Manifest,
  fromVariables: readonly { path: ManifestPath; variables: readonly string[]; template: string }[],
  env: Readonly<Record<string, string | undefined>>,
): Secrets {
  const byPath = new Map<string, SecretField>();
  // A value built from variables replaces the literal entry of the same field.
  const add = (path: ManifestPath, variables: readonly string[], template: string) =>
    byPath.set(JSON.stringify(path), { path, variables, template });
  manifest.merchants.forEach((merchant, m) => {
    if (merchant.passcode !== undefined) add(['merchants', m, 'passcode'], [], '');
    (merchant.devices ?? []).forEach((device, d) => {
      if (device.deviceAdmin !== undefined) add(['merchants', m, 'devices', d, 'deviceAdmin'], [], '');
    });
  });
  for (const { path, variables, template } of fromVariables) add(path, variables, template);

  const values = new Set<string>();
  for (const { path, variables } of byPath.values()) {
    collectStrings(valueAt(manifest, path), values);
    for (const name of variables) {
      const value = env[name];
      if (value !== undefined && value !== '') values.add(value);
    }
  }
  return {
    secrets: [...byPath.values()],
    secretValues: [...values].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0)),
  };
}

function valueAt(root: unknown, path: ManifestPath): unknown {
  let node = root;
  for (const segment of path) {
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value !== '') into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, into);
  } else if (isPlainObject(value)) {
    for (const item of Object.values(value)) collectStrings(item, into);
  }
}


