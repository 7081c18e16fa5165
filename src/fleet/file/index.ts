/**
 * The fleet file (paycfg.fleet.yaml): a template of an environment and its targets, written inline
 * or listed in CSV or JSON files a PBO's systems already have; or an environments file taken as a
 * fleet, each environment a target. Owned by the fleet-file module; CONTRACT stubs until it lands.
 */
import { InternalError } from '../../errors.js';
import type { EnvironmentsFile } from '../../environments/types.js';
import type { FleetFile, FleetTarget, TargetSelector } from '../types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The variable that names the fleet file, unless --fleet does. */
export const FLEET_FILE_ENV = 'PAYCFG_FLEET';

/** The file names looked for in the working directory, in this order. */
export const FLEET_FILE_NAMES = ['paycfg.fleet.yaml', 'paycfg.fleet.yml'] as const;

/**
 * The run's fleet file, absolute: `flag` (--fleet), else $PAYCFG_FLEET, else one of FLEET_FILE_NAMES
 * in `cwd`; undefined when there is none (the caller may then take the environments file as the fleet).
 */
export async function findFleetFile(options: { readonly cwd: string; readonly env: Env; readonly flag?: string }): Promise<string | undefined> {
  void options;
  throw new InternalError('findFleetFile: not yet implemented');
}

/**
 * Loads and checks a fleet file, and every CSV or JSON list of targets it names, offline: no value
 * source or token is read. Every problem is reported at once, each at its file:line:col (a row of a
 * CSV at its line, a JSON entry at its place): an unknown key, a bad name or group, a duplicate
 * target name, two targets of one group at one service, a `{{…}}` the template cannot fill.
 *
 * @throws FleetFileError (a ManifestError-like error with diagnostics, exit 1).
 */
export async function loadFleetFile(path: string, options: { readonly cwd: string }): Promise<FleetFile> {
  void path;
  void options;
  throw new InternalError('loadFleetFile: not yet implemented');
}

/** An environments file as a fleet: each environment a target, no labels. */
export function fleetOfEnvironments(file: EnvironmentsFile): FleetFile {
  void file;
  throw new InternalError('fleetOfEnvironments: not yet implemented');
}

/**
 * The targets a selector picks, in the fleet's order.
 *
 * @throws UsageError when a name given matches no target (did-you-mean), or the selection is empty.
 */
export function selectTargets(fleet: FleetFile, selector: TargetSelector): FleetTarget[] {
  void fleet;
  void selector;
  throw new InternalError('selectTargets: not yet implemented');
}

/** The fleet file's JSON Schema (schemas/fleet.schema.json), from its model. */
export function buildFleetJsonSchema(): Record<string, unknown> {
  throw new InternalError('buildFleetJsonSchema: not yet implemented');
}
