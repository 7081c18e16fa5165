import { findRunFile } from '../../util/find-run-file.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The variable that names the fleet file, unless --fleet does. */
export const FLEET_FILE_ENV = 'PAYCFG_FLEET';

/** The file names looked for in the working directory, in this order. */
export const FLEET_FILE_NAMES = ['paycfg.fleet.yaml', 'paycfg.fleet.yml'] as const;

/**
 * The run's fleet file, absolute: `flag` (--fleet), else $PAYCFG_FLEET, else one of FLEET_FILE_NAMES
 * in `cwd`; undefined when there is none (the caller may then take the environments file as the
 * fleet). A file named by the flag or the variable is returned whether it exists or not: loading it
 * says what is wrong with it.
 */
export async function findFleetFile(options: { readonly cwd: string; readonly env: Env; readonly flag?: string }): Promise<string | undefined> {
  return findRunFile({ ...options, variable: FLEET_FILE_ENV, names: FLEET_FILE_NAMES });
}
