import { stat } from 'node:fs/promises';
import path from 'node:path';

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
  const named = nonEmpty(options.flag) ?? nonEmpty(options.env[FLEET_FILE_ENV]);
  if (named !== undefined) return path.resolve(options.cwd, named);
  for (const name of FLEET_FILE_NAMES) {
    const candidate = path.join(options.cwd, name);
    if ((await stat(candidate).catch(() => undefined))?.isFile() === true) return path.resolve(candidate);
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
