import type { ApiClient, RequestLogEvent } from '../api/index.js';
import { environmentClient } from '../environments/client.js';
import { findEnvironmentsFile, ENVIRONMENTS_FILE_ENV, ENVIRONMENTS_FILE_NAMES } from '../environments/find-file.js';
import { loadEnvironmentsFile } from '../environments/load-file.js';
import { resolveEnvironment } from '../environments/resolve.js';
import { ENVIRONMENT_ENV, selectEnvironment } from '../environments/select.js';
import type { EnvironmentDefinition, EnvironmentsFile, ResolvedEnvironment } from '../environments/types.js';
import { UsageError } from '../errors.js';
import { tokenOf } from '../library/client.js';
import { connectFromFlags, formatRequestLog, type ClientFlagValues } from './client-options.js';
import type { IoStreams } from './io.js';
import type { FlagSpecs, FlagValues } from './syntax.js';

/**
 * --env and --environments, shared by every command that runs for an environment (validate, plan,
 * apply, show, drift, export, journal). Spread `environmentFlags` into the command's syntax, then
 * call selectedEnvironment with the parsed values: it finds the environments file, refuses what
 * the contract refuses (a file but no environment chosen; an environment but no file; -f,
 * --base-url or --token-file beside --env), and returns the environment chosen. A command that
 * connects then calls connectEnvironment.
 */
export const environmentFlags = {
  env: {
    type: 'string',
    value: 'NAME',
    help: 'The environment to run for, from the environments file (default: $PAYCFG_ENV): its manifests, values, base URL, token and group. Not with -f, --base-url or --token-file',
  },
  environments: {
    type: 'string',
    value: 'FILE',
    help: `The environments file (default: $${ENVIRONMENTS_FILE_ENV}, else ${ENVIRONMENTS_FILE_NAMES[0]} in the working directory). With one, --env is required`,
  },
} as const satisfies FlagSpecs;

export type EnvironmentFlagValues = Partial<FlagValues<typeof environmentFlags>>;

/** The environment variables of --env and --environments, for a command's --help. */
export const environmentVariables = [
  [ENVIRONMENT_ENV, 'The environment to run for, unless --env is given'],
  [ENVIRONMENTS_FILE_ENV, `The environments file, unless --environments is given (else ${ENVIRONMENTS_FILE_NAMES[0]} in the working directory)`],
] as const;

/** The flags an environment names itself: refused beside --env. */
interface NamedByEnvironment {
  readonly file?: readonly string[] | undefined;
  readonly 'base-url'?: string | undefined;
  readonly 'token-file'?: string | undefined;
}

/** The environment a command runs for: the file it is described in, and its definition. */
export interface SelectedEnvironment {
  readonly file: EnvironmentsFile;
  readonly definition: EnvironmentDefinition;
}

/**
 * The run's environments file, loaded (an invalid one is an EnvironmentsError at its file:line:col),
 * or undefined when there is none. With none, an environment named by --env or $PAYCFG_ENV is
 * refused: there is nothing to find it in. What promote and diff-env, which name environments
 * their own way, start from.
 */
export async function environmentsFileOfRun(command: string, values: EnvironmentFlagValues, io: IoStreams): Promise<EnvironmentsFile | undefined> {
  const found = await findEnvironmentsFile({ cwd: io.cwd, env: io.env, ...(values.environments !== undefined ? { flag: values.environments } : {}) });
  if (found === undefined) {
    const named = environmentNamed(values, io);
    if (named !== undefined) {
      throw new UsageError(
        `paycfg ${command}: ${named.by} names environment ${named.name}, but there is no environments file: give it with --environments FILE or $${ENVIRONMENTS_FILE_ENV}, ` +
          `or run where ${ENVIRONMENTS_FILE_NAMES[0]} is (docs/environments.md)`,
      );
    }
    return undefined;
  }
  return loadEnvironmentsFile(found, { cwd: io.cwd });
}

/**
 * The environment a command runs for (--env, else $PAYCFG_ENV), in the run's environments file;
 * undefined when there is no environments file and none is named. Refused (UsageError): an
 * environments file and no environment chosen, listing its environments (validate, which checks
 * them all, asks with `all`); an environment with no environments file; -f, --base-url or
 * --token-file beside an environment, which names its manifests, service and token itself.
 */
export async function selectedEnvironment(
  command: string,
  values: EnvironmentFlagValues & NamedByEnvironment,
  io: IoStreams,
): Promise<SelectedEnvironment | undefined> {
  const file = await environmentsFileOfRun(command, values, io);
  if (file === undefined) return undefined;
  const named = environmentNamed(values, io);
  const definition = withCommand(command, () => selectEnvironment(file, named?.name));
  refuseNamedFlags(command, values, definition, file);
  return { file, definition };
}

/** The environment --env or $PAYCFG_ENV names, and which of them named it. */
export function environmentNamed(values: EnvironmentFlagValues, io: IoStreams): { name: string; by: string } | undefined {
  if (values.env !== undefined && values.env !== '') return { name: values.env, by: `--env ${values.env}` };
  const fromEnv = io.env[ENVIRONMENT_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { name: fromEnv.trim(), by: `$${ENVIRONMENT_ENV} (${fromEnv.trim()})` };
  return undefined;
}

/** -f, --base-url and --token-file beside an environment: it names its manifests, service and token itself. */
function refuseNamedFlags(command: string, values: NamedByEnvironment, definition: EnvironmentDefinition, file: EnvironmentsFile): void {
  const given = [
    values.file !== undefined && values.file.length > 0 ? ['-f', 'its manifests'] : undefined,
    values['base-url'] !== undefined ? ['--base-url', 'its base URL'] : undefined,
    values['token-file'] !== undefined ? ['--token-file', 'where its token comes from'] : undefined,
  ].filter((entry) => entry !== undefined);
  if (given.length === 0) return;
  const flags = given.map(([flag]) => flag).join(', ');
  const named = given.map(([, part]) => part as string);
  const what = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  throw new UsageError(`paycfg ${command}: ${flags} cannot go with an environment: environment ${definition.name} names ${what} in ${file.name}`);
}

/** A UsageError of the environments module, worded as the command's own. */
function withCommand<T>(command: string, select: () => T): T {
  try {
    return select();
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`paycfg ${command}: ${error.message}`, { ...error.details });
    throw error;
  }
}

export interface ConnectOptions {
  readonly maxInFlight?: number;
  /** The run uses none of the environment's values (export): one whose source is unset is left out, not refused. */
  readonly valuesUnused?: boolean;
}

/** An environment's values read, and the client made from its base URL and token: what a command that connects runs with. */
export interface ConnectedEnvironment {
  readonly environment: ResolvedEnvironment;
  readonly client: ApiClient;
  /** As sent: masked in everything the command prints from now on, and kept out of what it writes. */
  readonly token: string;
}

/**
 * Reads the environment's values and its token, and makes its client with the command's client
 * flags (--insecure-http, --verbose, --strict-api): what connectFromFlags is to a run without an
 * environment. The token is masked in everything the command prints from now on.
 *
 * @throws EnvironmentsError when a value's source gives nothing (at its file:line:col); ConfigError when the token's does.
 */
export async function connectEnvironment(
  selected: SelectedEnvironment,
  values: ClientFlagValues,
  io: IoStreams,
  options: ConnectOptions = {},
): Promise<ConnectedEnvironment> {
  const environment = await resolveEnvironment(selected.file, selected.definition.name, { env: io.env, allowMissing: options.valuesUnused === true });
  const client = await environmentClient(environment, {
    env: io.env,
    insecureHttp: values['insecure-http'] === true,
    strictApi: values['strict-api'] === true,
    ...(options.maxInFlight !== undefined ? { maxInFlight: options.maxInFlight } : {}),
    ...(values.verbose === true ? { onRequest: (event: RequestLogEvent) => io.stderr.write(formatRequestLog(event)) } : {}),
  });
  const token = tokenOf(client);
  io.hideInOutput?.(token);
  return { environment, client, token };
}

/** A run's connection: with the environment it runs for, when it has one. */
export interface RunConnection {
  readonly client: ApiClient;
  readonly token: string;
  readonly environment?: ResolvedEnvironment;
}

/** What the library's plan and apply take for the run: the -f manifest read with the process environment, or the environment. */
export type RunTarget =
  | { readonly manifest: readonly string[]; readonly client: ApiClient; readonly env: Readonly<Record<string, string | undefined>> }
  | { readonly environment: ResolvedEnvironment; readonly client: ApiClient };

/** connectEnvironment for a run with an environment, connectFromFlags for one without. */
export async function connectRun(selected: SelectedEnvironment | undefined, values: ClientFlagValues, io: IoStreams, options: ConnectOptions = {}): Promise<RunConnection> {
  return selected === undefined
    ? connectFromFlags(values, io, options.maxInFlight !== undefined ? { maxInFlight: options.maxInFlight } : {})
    : connectEnvironment(selected, values, io, options);
}

/** The run as the library takes it: its environment, or the -f paths with the process environment. */
export function runTarget(connection: RunConnection, paths: readonly string[], io: IoStreams): RunTarget {
  const { client, environment } = connection;
  return environment !== undefined ? { environment, client } : { manifest: paths, client, env: io.env };
}
