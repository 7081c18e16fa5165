import { resolveClientConfig } from '../api/index.js';
import type { ClientFlagValues } from './client-options.js';
import type { IoStreams } from './io.js';

/**
 * The access token the client sends, for commands that print or write what the service returned:
 * a record that holds the token (a careless service, a proxy that echoes headers into data) must
 * not carry it into plan output, a saved plan or an exported manifest. It is also masked in
 * everything the command prints from now on (cli/output-filter), a token read with --token-file
 * included. Call it after the client was created, so configuration errors are reported there.
 */
export function outputToken(values: ClientFlagValues, io: IoStreams): string {
  const { token } = resolveClientConfig({
    baseUrl: values['base-url'],
    tokenFile: values['token-file'],
    insecureHttp: values['insecure-http'],
    env: io.env,
    cwd: io.cwd,
  });
  io.hideInOutput?.(token);
  return token;
}
