import { isLoopbackHost } from './config.js';

/**
 * What an undici error means for a request: was it sent (so a create may have happened), was it
 * a timeout, and how to say it to a user without leaking anything from the request.
 */

export interface NetworkFailure {
  /** undici or Node error code, e.g. UND_ERR_SOCKET, ECONNREFUSED. */
  errorCode: string;
  /** False only when the failure happened before the request left the machine. */
  sent: boolean;
  timeout: boolean;
  /**
   * The URL says https:// and the peer answered the TLS handshake in plain HTTP. Sending again
   * gets the same answer, so the request is not repeated (see retry-policy.ts).
   */
  plainHttpPeer: boolean;
  /**
   * The server's TLS certificate was refused (untrusted issuer, expired, issued for another name):
   * every attempt would be refused the same way, before the request is written.
   */
  certificate?: CertificateProblem;
}

/** Why a server's certificate was refused, as far as what to do about it goes. */
export type CertificateProblem = 'untrusted' | 'expired' | 'not-yet-valid' | 'wrong-host' | 'invalid';

/**
 * OpenSSL's verification codes as Node names them (and Node's own for a name the certificate does
 * not cover), grouped by what the user can do: trust the issuer, renew, or use the right name.
 */
const CERTIFICATE_CODES: ReadonlyMap<string, CertificateProblem> = new Map([
  ['DEPTH_ZERO_SELF_SIGNED_CERT', 'untrusted'],
  ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted'],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted'],
  ['UNABLE_TO_GET_ISSUER_CERT', 'untrusted'],
  ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'untrusted'],
  ['CERT_UNTRUSTED', 'untrusted'],
  ['INVALID_CA', 'untrusted'],
  ['CERT_HAS_EXPIRED', 'expired'],
  ['CERT_NOT_YET_VALID', 'not-yet-valid'],
  ['ERR_TLS_CERT_ALTNAME_INVALID', 'wrong-host'],
  ['HOSTNAME_MISMATCH', 'wrong-host'],
  ['CERT_REVOKED', 'invalid'],
  ['CERT_REJECTED', 'invalid'],
  ['CERT_SIGNATURE_FAILURE', 'invalid'],
  ['CERT_CHAIN_TOO_LONG', 'invalid'],
  ['PATH_LENGTH_EXCEEDED', 'invalid'],
  ['INVALID_PURPOSE', 'invalid'],
  ['UNABLE_TO_DECRYPT_CERT_SIGNATURE', 'invalid'],
  ['UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY', 'invalid'],
  ['ERROR_IN_CERT_NOT_BEFORE_FIELD', 'invalid'],
  ['ERROR_IN_CERT_NOT_AFTER_FIELD', 'invalid'],
]);

/** Connect-phase failures: the request never left, so its outcome is known (nothing done). */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  ...CERTIFICATE_CODES.keys(),
]);

/**
 * How OpenSSL reports a ClientHello answered by a plain-HTTP server: the reply's first bytes
 * ("HTTP/1.1 400") read as a TLS record header give a bad version, or with older OpenSSL an
 * impossible record length. Matched on codes and on the texts, which undici passes on unchanged.
 */
const PLAIN_HTTP_PEER_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG']);
const PLAIN_HTTP_PEER_TEXT = /wrong version number|packet length too long/i;

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function errorCodeOf(error: unknown): string {
  if (error !== null && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const cause = (error as { cause?: unknown }).cause;
    if (cause !== undefined && cause !== error) return errorCodeOf(cause);
  }
  return 'UNKNOWN';
}

/** The error and its causes, outermost first (a cycle ends the walk). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== null && typeof e === 'object' && !chain.includes(e); e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

function isPlainHttpPeer(error: unknown): boolean {
  return causeChain(error).some((e) => {
    const { code, message, reason } = e as { code?: unknown; message?: unknown; reason?: unknown };
    return (
      (typeof code === 'string' && PLAIN_HTTP_PEER_CODES.has(code)) ||
      [message, reason].some((text) => typeof text === 'string' && PLAIN_HTTP_PEER_TEXT.test(text))
    );
  });
}

/** `headersReceived`: the failure came while reading the body, so the request certainly arrived. */
export function classifyNetworkError(error: unknown, headersReceived: boolean): NetworkFailure {
  const errorCode = errorCodeOf(error);
  // The handshake failed before any byte of the request was written.
  const plainHttpPeer = !headersReceived && isPlainHttpPeer(error);
  const certificate = headersReceived ? undefined : CERTIFICATE_CODES.get(errorCode);
  return {
    errorCode,
    sent: !plainHttpPeer && (headersReceived || !NOT_SENT_CODES.has(errorCode)),
    timeout: TIMEOUT_CODES.has(errorCode),
    plainHttpPeer,
    ...(certificate !== undefined ? { certificate } : {}),
  };
}

export interface TimeoutSettings {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/** Where the requests go, for the words of a failure. */
export interface FailureTarget {
  /** host[:port] */
  host: string;
  /** The base URL as checked (config.checkBaseUrl): origin and path prefix. */
  baseUrl: string;
  /** --insecure-http was given: plain http:// may go to any host. */
  allowInsecureHttp: boolean;
}

/**
 * A base URL of https:// whose server answered in plain HTTP: the same URL in http://, and what
 * the rule on plain http (config.checkBaseUrl) asks for it to be accepted.
 */
export function describePlainHttpPeer(target: FailureTarget): string {
  const url = new URL(target.baseUrl);
  const suggestion = `http://${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  const proposal = `the server at ${url.host} does not speak TLS: did you mean ${suggestion}?`;
  if (target.allowInsecureHttp || isLoopbackHost(url.hostname)) return proposal;
  return (
    `${proposal} Plain http:// sends the access token unencrypted, so paycfg accepts it for a host other than ` +
    'this machine only with --insecure-http, on a network you trust'
  );
}

const CERTIFICATE_ADVICE: Readonly<Record<CertificateProblem, (host: string) => { what: string; todo: string }>> = {
  untrusted: (host) => ({
    what: `the TLS certificate of ${host} is self-signed or issued by a certificate authority this machine does not trust`,
    todo:
      "If the service uses a private or corporate CA, give Node that CA's certificate: NODE_EXTRA_CA_CERTS=/path/to/ca.pem. " +
      'Otherwise this may not be the service: check the base URL',
  }),
  expired: (host) => ({
    what: `the TLS certificate of ${host} has expired`,
    todo: "The service's operator must renew it; check too that this machine's clock is right",
  }),
  'not-yet-valid': (host) => ({
    what: `the TLS certificate of ${host} is not valid yet`,
    todo: "Check that this machine's clock is right",
  }),
  'wrong-host': (host) => ({
    what: `the TLS certificate the server presented is not issued for ${host}`,
    todo: 'Check the host name in the base URL: use the name the service publishes, the one its certificate is issued for',
  }),
  invalid: (host) => ({
    what: `the TLS certificate of ${host} was refused`,
    todo: "It is revoked or malformed; the service's operator must replace it",
  }),
};

/**
 * A refused certificate: what was wrong, that nothing was sent, and what to do, never to turn
 * verification off (the token would go to whoever holds the connection).
 */
export function describeCertificateProblem(problem: CertificateProblem, errorCode: string, host: string): string {
  const { what, todo } = CERTIFICATE_ADVICE[problem](host);
  return `${what} (${errorCode}); the request was not sent. ${todo}`;
}

export function describeFailure(failure: NetworkFailure, timeouts: TimeoutSettings, target: FailureTarget): string {
  const { host } = target;
  if (failure.plainHttpPeer) return describePlainHttpPeer(target);
  if (failure.certificate !== undefined) return describeCertificateProblem(failure.certificate, failure.errorCode, host);
  switch (failure.errorCode) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `could not connect to ${host} within ${timeouts.connectMs} ms`;
    case 'UND_ERR_HEADERS_TIMEOUT':
      return `no answer from ${host} within ${timeouts.headersMs} ms`;
    case 'UND_ERR_BODY_TIMEOUT':
      return `the answer from ${host} stalled for more than ${timeouts.bodyMs} ms`;
    case 'UND_ERR_SOCKET':
      return `the connection to ${host} was closed before a complete answer arrived`;
    case 'ECONNRESET':
      return `the connection to ${host} was reset`;
    case 'ECONNREFUSED':
      return `${host} refused the connection: is the service or simulator running?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the host name ${host}`;
    default:
      return `network error talking to ${host} (${failure.errorCode})`;
  }
}
