import { createApiClient, resolveClientConfig, type ApiClient, type RequestLogEvent } from '../api/index.js';
import type { ConnectionPools } from '../api/connection-pools.js';
import type { RequestSlots } from '../api/request-slots.js';

/** Where the client connects and with which token; what is not given is read as the CLI reads it. */
export interface CreateClientOptions {
  /** The service's base URL (`https://…`, or `http://` to this machine); default `$PAYCFG_BASE_URL`. */
  readonly baseUrl?: string;
  /** The access token itself; default the file `tokenFile`, else `$PAYCFG_TOKEN`. */
  readonly token?: string;
  /** A file holding the access token (as `--token-file`), resolved against `cwd`. */
  readonly tokenFile?: string;
  /** Allow plain `http://` to a host other than this machine (the token travels unencrypted). */
  readonly insecureHttp?: boolean;
  /** Where `PAYCFG_BASE_URL` and `PAYCFG_TOKEN` are read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Directory a relative `tokenFile` is resolved against; default `process.cwd()`. */
  readonly cwd?: string;
  /** Requests on the wire at once; default 8. Give the same number as `parallelism` to plan or apply with more. */
  readonly maxInFlight?: number;
  /** Check every response against the service's wire schemas and fail on a mismatch (as `--strict-api`). */
  readonly strictApi?: boolean;
  /** Called once per request attempt (as `--verbose` prints); the event holds no secret. */
  readonly onRequest?: (event: RequestLogEvent) => void;
  /** Where the token came from, as the advice of a refused token names it (an environment's source). */
  readonly tokenPlace?: string;
  /** A bound on requests in flight shared with other clients (createRequestSlots): a fleet run's global bound. */
  readonly sharedSlots?: RequestSlots;
  /** Connection pools shared with other clients (createConnectionPools): a fleet run's, closed by the run. */
  readonly sharedPools?: ConnectionPools;
}

/**
 * The token of each client made here, so that plan, apply and export can keep it out of what they
 * return and write (a service that echoes it into a record) without the client handing it out.
 */
const tokens = new WeakMap<ApiClient, string>();

/** The access token a client made by createClient sends, or '' for a client made otherwise. */
export function tokenOf(client: ApiClient): string {
  return tokens.get(client) ?? '';
}

/**
 * Makes an API client for the payment configuration service, configured as the CLI configures
 * it: base URL and token from the options, else from `PAYCFG_BASE_URL` and `PAYCFG_TOKEN`. Plain
 * `http://` is refused except to this machine unless `insecureHttp`. Close it with `close()` when
 * done, or the process keeps its connections open.
 *
 * @throws ConfigError when the base URL or the token is missing or refused (the message says what to set).
 */
export function createClient(options: CreateClientOptions = {}): ApiClient {
  const env = options.env ?? process.env;
  const config = resolveClientConfig({
    baseUrl: options.baseUrl,
    // A token given in code is checked and read as PAYCFG_TOKEN would be: one rule for its form.
    tokenFile: options.token === undefined ? options.tokenFile : undefined,
    insecureHttp: options.insecureHttp,
    env: options.token === undefined ? env : { ...env, PAYCFG_TOKEN: options.token },
    cwd: options.cwd ?? process.cwd(),
  });
  const client = createApiClient({
    baseUrl: config.baseUrl,
    token: config.token,
    allowInsecureHttp: config.allowInsecureHttp,
    ...(options.strictApi !== undefined ? { strictApi: options.strictApi } : {}),
    ...(options.maxInFlight !== undefined ? { maxInFlight: options.maxInFlight } : {}),
    ...(options.onRequest !== undefined ? { onRequest: options.onRequest } : {}),
    ...(options.tokenPlace !== undefined ? { tokenPlace: options.tokenPlace } : {}),
    ...(options.sharedSlots !== undefined ? { sharedSlots: options.sharedSlots } : {}),
    ...(options.sharedPools !== undefined ? { sharedPools: options.sharedPools } : {}),
  });
  tokens.set(client, config.token);
  return client;
}
