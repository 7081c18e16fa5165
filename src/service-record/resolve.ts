import path from 'node:path';
import { displayName } from '../environments/load-file.js';
import type { EnvironmentDefinition } from '../environments/types.js';
import { STDIN_NAME } from '../manifest/collect-files.js';
import { formatPosition, type ManifestPath, type SourcePosition } from '../manifest/diagnostics.js';
import { ServiceRecordError } from './errors.js';
import { loadServiceRecord } from './file.js';
import type { LoadedServiceRecord } from './types.js';

/**
 * Where a run finds its service record (docs/service-record.md): `--service-record FILE` (or
 * $PAYCFG_SERVICE_RECORD), the environment's `serviceRecord:` (its own, else the environments
 * file's), the manifest's `serviceRecord:`. Each place that names one is a source; a run with two
 * sources naming different files is refused, naming both: which of two records describes the
 * service is not paycfg's to guess. The same file named twice is one record.
 */

/** The variable that names the run's service record, unless --service-record does. */
export const SERVICE_RECORD_ENV = 'PAYCFG_SERVICE_RECORD';

/** A place that names a record: the file, absolute, and how messages name the place. */
export interface ServiceRecordSource {
  readonly file: string;
  /** `--service-record`, `$PAYCFG_SERVICE_RECORD`, `environment test's serviceRecord: (paycfg.environments.yaml:4:20)`. */
  readonly namedBy: string;
}

/**
 * A record as the library takes it beside the other run options: a file, relative to the run's
 * working directory (as `--service-record` takes it), or a source that says how the run named it.
 */
export type ServiceRecordOption = string | ServiceRecordSource;

/** The option as a source: a plain file is named as the library's option is. */
export function sourceOfOption(option: ServiceRecordOption | undefined, cwd: string): ServiceRecordSource | undefined {
  if (option === undefined) return undefined;
  if (typeof option !== 'string') return { file: path.resolve(cwd, option.file), namedBy: option.namedBy };
  return { file: path.resolve(cwd, option), namedBy: 'the serviceRecord option' };
}

/** The flag's value, else the variable's: what a command line names. */
export function sourceOfCommandLine(flag: string | undefined, env: Readonly<Record<string, string | undefined>>, cwd: string): ServiceRecordSource | undefined {
  if (flag !== undefined) return { file: path.resolve(cwd, flag), namedBy: '--service-record' };
  const variable = env[SERVICE_RECORD_ENV];
  if (variable === undefined || variable.trim() === '') return undefined;
  return { file: path.resolve(cwd, variable), namedBy: `$${SERVICE_RECORD_ENV}` };
}

/** The environment's record (its own `serviceRecord:`, else its file's), where the environments file names it. */
export function sourceOfEnvironment(definition: Pick<EnvironmentDefinition, 'name' | 'serviceRecord' | 'positions'>): ServiceRecordSource | undefined {
  if (definition.serviceRecord === undefined) return undefined;
  const at = definition.positions?.serviceRecord;
  return { file: definition.serviceRecord, namedBy: `the serviceRecord: of environment ${definition.name}${at !== undefined ? ` (${formatPosition(at)})` : ''}` };
}

/**
 * The manifest's `serviceRecord:`, relative to the one file that writes it (standard input's: the
 * working directory), as the manifest's policy packs are found.
 */
export function sourceOfManifest(value: string | undefined, locate: (at: ManifestPath) => SourcePosition, cwd: string): ServiceRecordSource | undefined {
  if (value === undefined) return undefined;
  const at = locate(['serviceRecord']);
  const directory = at.file === STDIN_NAME || at.file.startsWith('<') ? cwd : path.dirname(path.resolve(cwd, at.file));
  return { file: path.resolve(directory, value), namedBy: `the manifest's serviceRecord: (${formatPosition(at)})` };
}

/**
 * The one source of a run's record, or undefined when nothing names one. Two that name different
 * files: refused before anything is read, naming both.
 *
 * @throws ServiceRecordError
 */
export function chooseSource(sources: readonly (ServiceRecordSource | undefined)[], cwd: string): ServiceRecordSource | undefined {
  const named = sources.filter((source): source is ServiceRecordSource => source !== undefined);
  const first = named[0];
  const other = named.find((source) => source.file !== first?.file);
  if (first === undefined || other === undefined) return first;
  throw new ServiceRecordError(
    `two service records for one run: ${first.namedBy} names ${displayName(first.file, cwd)}, ${other.namedBy} names ${displayName(other.file, cwd)}; ` +
      'nothing was read or changed. A run reads the service with one record: name the same file in both places, or remove one.',
    { files: [displayName(first.file, cwd), displayName(other.file, cwd)], namedBy: [first.namedBy, other.namedBy] },
  );
}

/** The run's record, loaded (offline), from the one source of `sources`; undefined when none names one. */
export async function loadRunRecord(sources: readonly (ServiceRecordSource | undefined)[], cwd: string): Promise<LoadedServiceRecord | undefined> {
  const source = chooseSource(sources, cwd);
  return source === undefined ? undefined : loadServiceRecord(source.file, cwd);
}
