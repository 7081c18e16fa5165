import type { ApiClient } from '../api/index.js';
import { createClient, type CreateClientOptions } from '../library/client.js';
import { readEnvironmentToken } from './resolve.js';
import { ConfigError } from '../errors.js';
import type { EnvironmentDefinition, ResolvedEnvironment } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The API client of an environment: its base URL and its token (createClient's other options as
 * given). Nothing of the process environment but the token's own `{ env }` is read: not
 * $PAYCFG_BASE_URL, not $PAYCFG_TOKEN. Close it when done.
 *
 * @throws ConfigError when the token's source gives no token, or the base URL is refused (plain http:// to another host without insecureHttp).
 */
export async function environmentClient(
  resolved: ResolvedEnvironment,
  options: Omit<CreateClientOptions, 'baseUrl' | 'token' | 'tokenFile' | 'env'> & { readonly env: Env },
): Promise<ApiClient> {
  const { env, ...rest } = options;
  const { definition } = resolved;
  const token = await readEnvironmentToken(definition, { env });
  const source = 'env' in definition.token ? `$${definition.token.env}` : `the file ${definition.token.file}`;
  const tokenPlace = `${source} (the token of environment ${definition.name}, as ${resolved.file.name} says)`;
  return createClient({ tokenPlace, ...rest, baseUrl: definition.baseUrl, token, env: {} });
}

/**
 * A client given for an environment (the library's `client` beside `environment`) must be of that
 * environment's service: with another's, a plan would carry one environment's name and values to
 * the other service. Checked before any request.
 *
 * @throws ConfigError naming both addresses.
 */
export function checkClientOfEnvironment(client: Pick<ApiClient, 'baseUrl'>, definition: EnvironmentDefinition): void {
  if (serviceOf(client.baseUrl) === serviceOf(definition.baseUrl)) return;
  throw new ConfigError(
    `the client given for environment ${definition.name} connects to ${client.baseUrl}, but environment ${definition.name} is at ${definition.baseUrl}; ` +
      'nothing was read or changed. Give the environment its own client (environmentClient), or none.',
    { environment: definition.name },
  );
}

/** A base URL as a service is told apart: scheme, host and port as URL spells them, the path without a trailing slash. */
export function serviceOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).href.replace(/\/+$/, '');
  } catch {
    return baseUrl;
  }
}
