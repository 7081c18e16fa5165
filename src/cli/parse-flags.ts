import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util parseArgs with errors turned into UsageError, so that a mistyped flag prints a
 * one-line message and exit code 1 instead of a stack trace.
 */
export function parseFlags<O extends Options>(
  command: string,
  argv: readonly string[],
  options: O,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`paycfg ${command}: ${message}; run \`paycfg ${command} --help\``);
  }
}

/** Parses an integer flag value, naming the flag when it is not one. */
export function intFlag(name: string, value: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** Parses a probability flag (0..1). */
export function rateFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) {
    throw new UsageError(`--${name} must be a number from 0 to 1, got "${value}"`);
  }
  return n;
}

/** Requests (and, for apply, changes) in flight at once, unless --parallelism says otherwise. */
export const DEFAULT_PARALLELISM = 8;

/** The value of --parallelism, shared by every command that talks to the service. */
export function parallelismFlag(value: string | undefined): number {
  return intFlag('parallelism', value, 1, 64) ?? DEFAULT_PARALLELISM;
}

/** The -f paths of a command that needs a manifest. */
export function requireFiles(command: string, files: readonly string[] | undefined): string[] {
  if (files === undefined || files.length === 0) throw new UsageError(`paycfg ${command}: give the manifest with -f PATH (a file or a directory)`);
  return [...files];
}
