import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * A file a run reads by convention (the environments file, the fleet file), absolute: the flag's
 * value, else the variable's, else the first of `names` that is a file in `cwd`; undefined when there
 * is none. A file named by the flag or the variable is returned whether it exists or not: loading it
 * says what is wrong with it.
 */
export async function findRunFile(options: {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly flag?: string;
  readonly variable: string;
  readonly names: readonly string[];
}): Promise<string | undefined> {
  const named = nonEmpty(options.flag) ?? nonEmpty(options.env[options.variable]);
  if (named !== undefined) return path.resolve(options.cwd, named);
  for (const name of options.names) {
    const candidate = path.join(options.cwd, name);
    if ((await stat(candidate).catch(() => undefined))?.isFile() === true) return path.resolve(candidate);
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
