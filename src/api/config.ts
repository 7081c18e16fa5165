import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { ConfigError } from '../errors.js';

/**
 * Where the client talks to and with which token. Flags win over environment variables; the token
 * is read from PAYCFG_TOKEN or a file, never from a flag value (it would end up in shell history
 * and in `ps`). No message here ever includes the token.
 */

export const BASE_URL_ENV = 'PAYCFG_BASE_URL';
export const TOKEN_ENV = 'PAYCFG_TOKEN';

export interface ClientConfigInput {
  /** --base-url */
  baseUrl?: string | undefined;
  /** --token-file */
  tokenFile?: string | undefined;
  /** --insecure-http */
  insecureHttp?: boolean | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** Directory a relative --token-file is resolved against. */
  cwd: string;
}

export interface ClientConfig {
  baseUrl: string;
  token: string;
  allowInsecureHttp: boolean;
  baseUrlSource: 'flag' | 'env';
  tokenSource: 'file' | 'env';
}

const LOCAL_HINT = 'for a local simulator, start one with `paycfg sim` and print a token with `paycfg sim token`';

/** True for names and addresses that never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const lower = host.toLowerCase();
  if (lower === 'localhost' || lower === 'localhost.') return true;
  if (isIP(lower) === 4) return lower.startsWith('127.');
  if (isIP(lower) === 6) return lower === '::1' || /^::ffff:127\./.test(lower) || /^::ffff:7f[0-9a-f]{2}:/.test(lower);
  return false;
}

/**
 * Parses and checks a base URL: http(s) only, no credentials, query or fragment, and plain http
 * only to loopback unless explicitly allowed (the bearer token would travel in clear text).
 * Returns the URL without a trailing slash.
 */
export function checkBaseUrl(raw: string, allowInsecureHttp: boolean): string {
  const text = raw.trim();
  // "127.0.0.1:8080" or "localhost:8080": a scheme left out, not an unknown one.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && /^(\[[0-9a-f:.]+\]|[\w.-]+)(:\d+)?(\/\S*)?$/i.test(text)) {
    const host = text;
    const hostname = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/[:/].*$/, '');
    const meant = isLoopbackHost(hostname) ? `http://${host}` : `https://${host}`;
    throw new ConfigError(`base URL "${raw}" has no scheme; did you mean ${meant}?`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`base URL "${raw}" is not a valid URL; expected e.g. https://api.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`base URL must use https:// (or http:// for a local simulator), got ${url.protocol}//`);
  }
  // paycfg adds the API's own paths; a base URL copied with one of them would double it.
  const apiPath = /\/api\/(openapi\/v1|v2)\/*$/.exec(url.pathname);
  if (apiPath !== null) {
    throw new ConfigError(
      `base URL "${raw}" ends with ${apiPath[0].replace(/\/+$/, '')}, which paycfg adds itself; did you mean ${url.origin}${url.pathname.slice(0, apiPath.index)}?`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError('base URL must not contain a user name or password; the token is given separately');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigError(`base URL must not contain a query or fragment: ${url.origin}${url.pathname}`);
  }
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(
      `refusing plain http:// to ${url.host}: the access token would be sent unencrypted. ` +
        'Use https://, or pass --insecure-http if this network is trusted',
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Checks a token's form without revealing it: a bearer token is one run of visible ASCII, so a
 * newline or space (a pasted file with two lines) would corrupt the Authorization header.
 */
export function checkToken(token: string, source: string): string {
  let value = token.trim();
  if (/^bearer\s+/i.test(value)) value = value.replace(/^bearer\s+/i, '');
  if (value === '') throw new ConfigError(`the access token from ${source} is empty; ${LOCAL_HINT}`);
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigError(
      `the access token from ${source} contains spaces, line breaks or non-ASCII characters; it must be the token alone`,
    );
  }
  return value;
}

function readTokenFile(file: string, cwd: string): string {
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`cannot read the token file ${path} (${reason})`);
  }
  return checkToken(text, `token file ${path}`);
}

/** The token is kept non-enumerable, so that logging or serialising a config does not print it. */
function withHiddenToken(config: Omit<ClientConfig, 'token'>, token: string): ClientConfig {
  return Object.defineProperty({ ...config }, 'token', { value: token, enumerable: false }) as ClientConfig;
}

export function resolveClientConfig(input: ClientConfigInput): ClientConfig {
  const allowInsecureHttp = input.insecureHttp === true;

  const flagUrl = input.baseUrl?.trim();
  const envUrl = input.env[BASE_URL_ENV]?.trim();
  const rawUrl = flagUrl !== undefined && flagUrl !== '' ? flagUrl : envUrl;
  if (rawUrl === undefined || rawUrl === '') {
    throw new ConfigError(`no service base URL: pass --base-url or set ${BASE_URL_ENV}; ${LOCAL_HINT}`);
  }
  const baseUrl = checkBaseUrl(rawUrl, allowInsecureHttp);
  const baseUrlSource = flagUrl !== undefined && flagUrl !== '' ? 'flag' : 'env';

  const tokenFile = input.tokenFile?.trim();
  if (tokenFile !== undefined && tokenFile !== '') {
    return withHiddenToken({ baseUrl, allowInsecureHttp, baseUrlSource, tokenSource: 'file' }, readTokenFile(tokenFile, input.cwd));
  }
  const envToken = input.env[TOKEN_ENV];
  if (envToken === undefined || envToken.trim() === '') {
    throw new ConfigError(`no access token: set ${TOKEN_ENV} or pass --token-file <path>; ${LOCAL_HINT}`);
  }
  return withHiddenToken({ baseUrl, allowInsecureHttp, baseUrlSource, tokenSource: 'env' }, checkToken(envToken, TOKEN_ENV));
}
