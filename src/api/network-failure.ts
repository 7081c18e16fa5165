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
}

/** Connect-phase failures: the request never left, so its outcome is known (nothing done). */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

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

/** `headersReceived`: the failure came while reading the body, so the request certainly arrived. */
export function classifyNetworkError(error: unknown, headersReceived: boolean): NetworkFailure {
  const errorCode = errorCodeOf(error);
  return {
    errorCode,
    sent: headersReceived || !NOT_SENT_CODES.has(errorCode),
    timeout: TIMEOUT_CODES.has(errorCode),
  };
}

export interface TimeoutSettings {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

export function describeFailure(errorCode: string, timeouts: TimeoutSettings, host: string): string {
  switch (errorCode) {
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
      return `${host} refused the connection (is the service or simulator running?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the host name ${host}`;
    default:
      return `network error talking to ${host} (${errorCode})`;
  }
}
