import { PaycfgError } from '../errors.js';

/** What `--json` prints on stdout for a command that failed: `{"error": {"code", "message", ...details}}`. */
export interface JsonError {
  readonly error: { readonly code: string; readonly message: string; readonly [detail: string]: unknown };
}

/**
 * An error as `--json` prints it. A PaycfgError's details are JSON-safe and never a secret by
 * contract (see errors.ts); anything else is a bug, reported by message alone, without its stack.
 */
export function jsonError(error: unknown): JsonError {
  if (error instanceof PaycfgError) {
    const { code, message, details } = error.toJSON();
    return { error: { ...details, code, message } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { error: { code: 'INTERNAL', message: `unexpected failure (this is a bug in paycfg; please report it): ${message}` } };
}

/**
 * Whether the command line asks for JSON: `--json` anywhere before a `--`. `--json=1` asks too:
 * refused as a usage error (--json takes no value), which is then printed as JSON, as asked.
 */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((word) => word === '--json' || word.startsWith('--json='));
}
