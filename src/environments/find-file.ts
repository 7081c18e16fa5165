import { findRunFile } from '../util/find-run-file.js';

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
  return findRunFile({ ...options, variable: ENVIRONMENTS_FILE_ENV, names: ENVIRONMENTS_FILE_NAMES });
}
