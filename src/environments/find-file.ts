import { stat } from 'node:fs/promises';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** The variable that names the environments file, unless --environments does. */
export const ENVIRONMENTS_FILE_ENV = 'PAYCFG_ENVIRONMENTS';

/** The file names looked for in the working directory, in this order. */
export const ENVIRONMENTS_FILE_NAMES = ['paycfg.environments.yaml', 'paycfg.environments.yml'] as const;

/**
 * The run's environments file, absolute: `flag` (--environments), else $PAYCFG_ENVIRONMENTS, else
 * one of ENVIRONMENTS_FILE_NAMES in `cwd`; undefined when there is none. A file named by the flag
 * or the variable is returned whether it exists or not: loading it says what is wrong with it.
 */
export async function findEnvironmentsFile(options: { readonly cwd: string; readonly env: Env; readonly flag?: string }): Promise<string | undefined> {
  const named = nonEmpty(options.flag) ?? nonEmpty(options.env[ENVIRONMENTS_FILE_ENV]);
  if (named !== undefined) return path.resolve(options.cwd, named);
  for (const name of ENVIRONMENTS_FILE_NAMES) {
    const candidate = path.join(options.cwd, name);
    if ((await stat(candidate).catch(() => undefined))?.isFile() === true) return path.resolve(candidate);
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
