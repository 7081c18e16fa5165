// CONTRACT STUB for issue 31: the signatures the environment-aware stages build against. The
// environments helper replaces every body (and this comment) with the real thing; nothing may
// ship with these bodies.
import type { ApiClient } from '../api/index.js';
import { InternalError } from '../errors.js';
import type { CreateClientOptions } from '../library/client.js';
import type { EnvironmentDefinition, EnvironmentsFile, ResolvedEnvironment } from './types.js';

export * from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The file names looked for in the working directory, in this order. */
export const ENVIRONMENTS_FILE_NAMES = ['paycfg.environments.yaml', 'paycfg.environments.yml'] as const;

/** The run's environments file: `flag` (--environments), else $PAYCFG_ENVIRONMENTS, else one of ENVIRONMENTS_FILE_NAMES in `cwd`; undefined when there is none. */
export async function findEnvironmentsFile(_options: { readonly cwd: string; readonly env: Env; readonly flag?: string }): Promise<string | undefined> {
  throw new InternalError('environments: not built yet');
}

/** Reads and checks the environments file; throws EnvironmentsError with every problem at file:line:col. */
export async function loadEnvironmentsFile(_path: string, _options: { readonly cwd: string }): Promise<EnvironmentsFile> {
  throw new InternalError('environments: not built yet');
}

/** The environment named, or a UsageError listing the names (also when `name` is undefined). */
export function selectEnvironment(_file: EnvironmentsFile, _name: string | undefined): EnvironmentDefinition {
  throw new InternalError('environments: not built yet');
}

/** Reads the environment's values ({env}, {file}); a source that is unset or unreadable is an error unless `allowMissing`. */
export async function resolveEnvironment(_file: EnvironmentsFile, _name: string, _options: { readonly env: Env; readonly allowMissing?: boolean }): Promise<ResolvedEnvironment> {
  throw new InternalError('environments: not built yet');
}

/** The environment's access token, read from its source. */
export async function readEnvironmentToken(_definition: EnvironmentDefinition, _options: { readonly env: Env }): Promise<string> {
  throw new InternalError('environments: not built yet');
}

/** The API client of an environment: its base URL and its token (createClient's other options as given). */
export async function environmentClient(
  _resolved: ResolvedEnvironment,
  _options: Omit<CreateClientOptions, 'baseUrl' | 'token' | 'tokenFile' | 'env'> & { readonly env: Env },
): Promise<ApiClient> {
  throw new InternalError('environments: not built yet');
}
