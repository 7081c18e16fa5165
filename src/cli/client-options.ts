import type { ApiClient, RequestLogEvent } from '../api/index.js';
import { createClient, tokenOf } from '../library/client.js';
import type { IoStreams } from './io.js';
import { apiFlagSpec, type FlagSpecs, type FlagValues } from './syntax.js';

/**
 * The flags every command that talks to the service shares. Spread `clientFlags` into the
 * command's syntax and pass the parsed values to `connectFromFlags`.
 * There is deliberately no --token flag: a token on the command line lands in shell history and
 * in the process list.
 */
export const clientFlags = {
  'base-url': { type: 'string', value: 'URL', help: 'Service base URL (default: $PAYCFG_BASE_URL)' },
  'token-file': { type: 'string', value: 'PATH', help: 'Read the access token from this file (default: $PAYCFG_TOKEN)' },
  'insecure-http': { type: 'boolean', help: 'Allow plain http:// to a host other than localhost' },
  verbose: { type: 'boolean', help: 'Log every request (method, path, status, code, duration) to stderr' },
  'strict-api': { type: 'boolean', help: 'Check every response against the wire schemas and stop on a mismatch' },
  api: apiFlagSpec,
} as const satisfies FlagSpecs;

export type ClientFlagValues = Partial<FlagValues<typeof clientFlags>>;

/** The environment variables of every command that talks to the service, for its --help. */
export const clientEnvironment = [
  ['PAYCFG_BASE_URL', 'Service base URL, unless --base-url is given'],
  ['PAYCFG_TOKEN', 'Access token (a bearer token for the group), unless --token-file is given'],
] as const;

/** One stderr line per attempt. Paths arrive from the transport with secret query values masked. */
export function formatRequestLog(event: RequestLogEvent): string {
  const status = event.status === null ? 'no answer' : String(event.status);
  const code = event.code !== undefined ? ` code ${event.code}` : '';
  const attempt = event.attempt > 1 ? `, attempt ${event.attempt}` : '';
  const outcome = event.outcome === 'ok' ? '' : ` ${event.outcome}`;
  const retry = event.retryInMs !== undefined ? `, retrying in ${event.retryInMs} ms` : '';
  const queued = event.queuedMs !== undefined ? `, queued ${event.queuedMs} ms` : '';
  return `paycfg: ${event.method} ${event.path} -> ${status}${code}${outcome} (${event.durationMs} ms${attempt}${queued})${retry}\n`;
}

/** The client, and the token it sends, for commands that must keep it out of what they print or write. */
export interface ConnectedClient {
  readonly client: ApiClient;
  /**
   * The access token as sent (PAYCFG_TOKEN or --token-file, "Bearer " taken off): a record that
   * holds it (a careless service, a proxy that echoes headers into data) must not carry it into
   * plan output, a saved plan or an exported manifest.
   */
  readonly token: string;
}

/**
 * Builds the API client from the shared flags and the environment (PAYCFG_BASE_URL, PAYCFG_TOKEN),
 * and masks its token in everything the command prints from now on (cli/output-filter), a token
 * read with --token-file included. Throws ConfigError naming exactly what to set when the base URL
 * or token is missing or refused.
 */
export function connectFromFlags(values: ClientFlagValues, io: IoStreams, options: { maxInFlight?: number } = {}): ConnectedClient {
  // The library's client: plan, apply and exportGroup then know its token, and mask it as the CLI does.
  const client = createClient({
    baseUrl: values['base-url'],
    tokenFile: values['token-file'],
    insecureHttp: values['insecure-http'],
    env: io.env,
    cwd: io.cwd,
    strictApi: values['strict-api'] === true,
    ...(options.maxInFlight !== undefined ? { maxInFlight: options.maxInFlight } : {}),
    ...(values.verbose === true ? { onRequest: (event: RequestLogEvent) => io.stderr.write(formatRequestLog(event)) } : {}),
  });
  const token = tokenOf(client);
  io.hideInOutput?.(token);
  return { client, token };
}

/** connectFromFlags, for callers that need only the client. */
export function createClientFromFlags(values: ClientFlagValues, io: IoStreams, options: { maxInFlight?: number } = {}): ApiClient {
  return connectFromFlags(values, io, options).client;
}
