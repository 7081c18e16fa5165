import type { ApiClient } from '../api/index.js';
import { createClient, type CreateClientOptions } from '../library/client.js';
import { readEnvironmentToken } from './resolve.js';
import type { ResolvedEnvironment } from './types.js';

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
  return createClient({ ...rest, baseUrl: definition.baseUrl, token, env: {} });
}
