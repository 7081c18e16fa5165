import { PaycfgError } from '../errors.js';
import { showControls } from '../util/visible-text.js';
import type { TokenProblem } from './token-rejection.js';

/**
 * Failures of a call to the service. Every class names the HTTP method and path (query secrets
 * masked) and never carries the token, a request body or a secret field value: `details` is what
 * `--json` output and logs may show.
 *
 * Text that came from the service (its message, an HTTP reason phrase or content type, a pointer
 * into its answer) enters these classes through `shown`: control characters, line breaks and
 * bidirectional controls become visible escapes (util/visible-text), so that a message printed on
 * a terminal can neither move the cursor nor pass for a line of paycfg's own.
 */

const shown = (text: string): string => showControls(text);

export interface RequestRef {
  method: string;
  /** Path with query; values of secret-looking query names are masked. */
  path: string;
}

/** What the service answered: `serviceCode` only when the answer was its envelope. */
interface ServiceAnswerInit extends RequestRef {
  serviceCode?: number;
  serviceMessage: string;
  httpStatus: number;
  /** Attempts made, counting the one that got this answer. */
  attempts?: number;
  /**
   * True when an earlier attempt of this (idempotent) request ended without an answer, so the
   * service may already have done what this refusal says it cannot do again (a retried DELETE
   * answered "not found"). Callers resolve it by reading back.
   */
  afterUncertainAttempt?: boolean;
}

interface ApiErrorInit extends ServiceAnswerInit {
  serviceCode: number;
}

/**
 * The service answered with an envelope whose code is not 0; for an AuthenticationError, a 401
 * perhaps from a gateway, without a service code.
 */
export class ApiError extends PaycfgError {
  readonly code: string = 'API';
  /** Undefined only for a 401 whose body was not the service's envelope. */
  readonly serviceCode: number | undefined;
  readonly serviceMessage: string;
  readonly method: string;
  readonly path: string;
  readonly httpStatus: number;
  readonly afterUncertainAttempt: boolean;

  constructor(raw: ApiErrorInit, message?: string, moreDetails?: Record<string, unknown>);
  /** Without a service code, only with the message of a subclass that says what answered. */
  constructor(raw: ServiceAnswerInit, message: string, moreDetails?: Record<string, unknown>);
  constructor(raw: ServiceAnswerInit, message?: string, moreDetails: Record<string, unknown> = {}) {
    const init = { ...raw, serviceMessage: shown(raw.serviceMessage) };
    super(
      message ?? `${init.method} ${init.path}: the service refused the request (code ${init.serviceCode}): ${init.serviceMessage}`,
      {
        method: init.method,
        path: init.path,
        httpStatus: init.httpStatus,
        ...(init.serviceCode !== undefined ? { serviceCode: init.serviceCode } : {}),
        serviceMessage: init.serviceMessage,
        ...(init.attempts !== undefined ? { attempts: init.attempts } : {}),
        ...(init.afterUncertainAttempt ? { afterUncertainAttempt: true } : {}),
        ...moreDetails,
      },
    );
    this.serviceCode = init.serviceCode;
    this.serviceMessage = init.serviceMessage;
    this.method = init.method;
    this.path = init.path;
    this.httpStatus = init.httpStatus;
    this.afterUncertainAttempt = init.afterUncertainAttempt ?? false;
  }
}

/** What the 401 answer held, for the words of an AuthenticationError. */
export interface TokenRejection {
  problem: TokenProblem;
  /** The service's words (its message, else the challenge's error_description), secrets scrubbed; '' when none. */
  said: string;
  /** The body: the service's envelope, other JSON, not JSON, or nothing. */
  body: 'envelope' | 'json' | 'not-json' | 'empty';
}

/** Where the token comes from, as the advice names it, unless the client was told otherwise (an environment's source). */
export const TOKEN_PLACE = 'PAYCFG_TOKEN or the file given with --token-file';
/** The simulator's tokens come from paycfg itself; a user trying paycfg offline meets these messages first. */
const SIM_TOKEN = ' (against `paycfg sim`: `paycfg sim token --group <groupId>`)';

const TOKEN_PROBLEMS: Readonly<Record<TokenProblem, { what: string; todo: (place: string) => string }>> = {
  expired: {
    what: 'the access token has expired',
    todo: (place) => `Get a new token from the operator portal (settings, key info) and put it in ${place}${SIM_TOKEN}`,
  },
  malformed: {
    what: 'the service cannot read the access token: it is malformed, or was not issued by this service',
    todo: (place) => `Check that ${place} holds the whole token, as copied from the operator portal of the service at this base URL${SIM_TOKEN}`,
  },
  refused: {
    what: 'the service refused the access token: it is revoked, or not allowed for this group',
    todo: (place) => `Get a new token for this group from the operator portal and put it in ${place}${SIM_TOKEN}`,
  },
  missing: {
    what: 'the service received no access token, although paycfg sent one: a proxy between them may remove the Authorization header',
    todo: (place) => `Check that proxy; the token paycfg sends is the one in ${place}`,
  },
  unknown: {
    what: 'the service rejected the access token',
    todo: (place) => `Check that the token in ${place} is valid, not expired and issued for this base URL; get a new one from the operator portal${SIM_TOKEN}`,
  },
};

function answerOf(init: ServiceAnswerInit, rejection: TokenRejection): string {
  const said = rejection.said === '' ? '' : `: "${rejection.said}"`;
  switch (rejection.body) {
    case 'envelope':
      return `HTTP ${init.httpStatus}${init.serviceCode !== undefined ? `, code ${init.serviceCode}` : ''}${said}`;
    case 'empty':
      return `HTTP ${init.httpStatus} with an empty body${said}`;
    default:
      return `HTTP ${init.httpStatus}, a body that is not the service's envelope${said}`;
  }
}

/**
 * HTTP 401, or an envelope with code 401 (how the service reports an expired token). The message
 * says which problem the service named (expired, malformed, refused, no token arrived) in its own
 * words, shown like any text from the service, and what to do; never the token.
 */
export class AuthenticationError extends ApiError {
  override readonly code = 'AUTH';
  readonly tokenProblem: TokenProblem;

  constructor(init: ServiceAnswerInit, raw: TokenRejection = { problem: 'unknown', said: init.serviceMessage, body: 'envelope' }, tokenPlace: string = TOKEN_PLACE) {
    const rejection = { ...raw, said: shown(raw.said) };
    const { what, todo } = TOKEN_PROBLEMS[rejection.problem];
    super({ ...init, serviceMessage: rejection.said }, `${init.method} ${init.path}: ${what} (${answerOf(init, rejection)}). ${todo(tokenPlace)}`, {
      tokenProblem: rejection.problem,
    });
    this.tokenProblem = rejection.problem;
  }
}

/** Code 13310: a legacy /api/v2 configuration endpoint called for a group switched to the current API. */
export class LegacyApiRejectedError extends ApiError {
  override readonly code = 'LEGACY_API_REJECTED';

  constructor(init: ApiErrorInit) {
    super(
      init,
      `${init.method} ${init.path}: the group uses the current API (/api/openapi/v1); the service refuses ` +
        `legacy /api/v2 configuration endpoints for it (code 13310: ${shown(init.serviceMessage)})`,
    );
  }
}

/** Code 13000: the record exists but belongs to another merchant or PBO group. */
export class OwnerInfoInvalidError extends ApiError {
  override readonly code = 'OWNER_INFO_INVALID';

  constructor(init: ApiErrorInit) {
    super(
      init,
      `${init.method} ${init.path}: the record belongs to another merchant or PBO group (code 13000: ${shown(init.serviceMessage)})`,
    );
  }
}

/**
 * A POST was sent and no trustworthy answer came back (connection cut, timeout, gateway error). It
 * is never repeated blindly. For a create the caller reads the record back by its identity (name,
 * providerReference, alias) and decides; an operation on a transaction or a batch (void, refund,
 * capture, settle, an e-mail) carries its own `check`: where to look before trying again.
 */
export class OutcomeUnknownError extends PaycfgError {
  readonly code = 'OUTCOME_UNKNOWN';
  readonly method: string;
  readonly path: string;
  /** What to check before trying again, when the call said (else the advice for a create). */
  readonly check: string | undefined;

  constructor(raw: RequestRef & { reason: string; httpStatus?: number; check?: string }, options?: ErrorOptions) {
    const init = { ...raw, reason: shown(raw.reason) };
    super(
      `${init.method} ${init.path}: ${init.reason}; the service may or may not have carried it out, so it was not repeated. ` +
        (init.check ?? 'Read the record back by its name or reference before trying again'),
      {
        method: init.method,
        path: init.path,
        reason: init.reason,
        ...(init.httpStatus !== undefined ? { httpStatus: init.httpStatus } : {}),
        ...(init.check !== undefined ? { check: init.check } : {}),
      },
      options,
    );
    this.method = init.method;
    this.path = init.path;
    this.check = init.check;
  }
}

/**
 * No usable answer: network failure or timeout after the retries, a gateway or proxy page instead
 * of the service's JSON, or an HTTP error without an envelope.
 */
export class TransportError extends PaycfgError {
  readonly code = 'TRANSPORT';
  readonly method: string;
  readonly path: string;
  readonly httpStatus: number | undefined;

  constructor(
    raw: RequestRef & { reason: string; httpStatus?: number; attempts?: number; serviceCode?: number },
    options?: ErrorOptions,
  ) {
    const init = { ...raw, reason: shown(raw.reason) };
    const tries = init.attempts !== undefined && init.attempts > 1 ? ` (after ${init.attempts} attempts)` : '';
    super(
      `${init.method} ${init.path}: ${init.reason}${tries}`,
      {
        method: init.method,
        path: init.path,
        reason: init.reason,
        ...(init.httpStatus !== undefined ? { httpStatus: init.httpStatus } : {}),
        ...(init.attempts !== undefined ? { attempts: init.attempts } : {}),
        ...(init.serviceCode !== undefined ? { serviceCode: init.serviceCode } : {}),
      },
      options,
    );
    this.method = init.method;
    this.path = init.path;
    this.httpStatus = init.httpStatus;
  }
}

/** HTTP 429 that outlasted the retry budget, or a create refused for rate (never retried). */
export class RateLimitedError extends PaycfgError {
  readonly code = 'RATE_LIMITED';
  readonly method: string;
  readonly path: string;
  readonly retryAfterMs: number | undefined;

  constructor(init: RequestRef & { attempts: number; retryAfterMs?: number }) {
    const wait = init.retryAfterMs !== undefined ? `; the service asks to wait ${Math.ceil(init.retryAfterMs / 1000)} s` : '';
    super(
      `${init.method} ${init.path}: the service is rate limiting requests (HTTP 429) after ${init.attempts} attempt(s)${wait}. ` +
        'Try again later or lower the concurrency',
      {
        method: init.method,
        path: init.path,
        attempts: init.attempts,
        ...(init.retryAfterMs !== undefined ? { retryAfterMs: init.retryAfterMs } : {}),
      },
    );
    this.method = init.method;
    this.path = init.path;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * The answer is JSON but not what the reference describes: not an envelope, a missing page, or
 * (with --strict-api) a record that fails its schema. Reported instead of planning from it.
 */
export class WireFormatError extends PaycfgError {
  readonly code = 'WIRE_FORMAT';
  readonly method: string;
  readonly path: string;
  /** The endpoint as documented, e.g. `GET /api/openapi/v1/mchInfo/{mchId}`. */
  readonly endpoint: string;
  /** JSON pointer into the response body where the mismatch is. */
  readonly pointer: string;

  constructor(raw: RequestRef & { endpoint: string; pointer: string; problem: string }) {
    const init = { ...raw, pointer: shown(raw.pointer), problem: shown(raw.problem) };
    super(
      `${init.method} ${init.path}: the response does not match the documented wire format of ${init.endpoint} ` +
        `at ${init.pointer === '' ? '(root)' : init.pointer}: ${init.problem}`,
      { method: init.method, path: init.path, endpoint: init.endpoint, pointer: init.pointer, problem: init.problem },
    );
    this.method = init.method;
    this.path = init.path;
    this.endpoint = init.endpoint;
    this.pointer = init.pointer;
  }
}
