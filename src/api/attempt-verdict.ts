import { checkShapeLoosely, parseBody, type ParsedBody } from './envelope.js';
import {
  ApiError,
  AuthenticationError,
  LegacyApiRejectedError,
  OutcomeUnknownError,
  OwnerInfoInvalidError,
  RateLimitedError,
  TransportError,
  WireFormatError,
  type RequestRef,
} from './errors.js';
import { classifyTokenProblem, parseBearerChallenge } from './token-rejection.js';
import { describeFailure, type NetworkFailure, type TimeoutSettings } from './network-failure.js';
import type { Answer } from './adaptive-limiter.js';
import { isSafeToRepeat, isServiceFault, SYSTEM_ERROR_CODE, type AttemptOutcome, type RetryDecision } from './retry-policy.js';
import { checkData, checkEnvelope, type DataShape } from './wire-schemas.js';

/**
 * What one attempt's result means: retry, fail with which error, or succeed with which data.
 * Pure (no socket, no clock), so that every mapping from wire to error class is decided here.
 *
 * Order of the rules:
 * 1. No answer: retry if the policy allows; otherwise a create that was sent is outcome-unknown,
 *    anything else a TransportError. An https:// URL answered in plain HTTP is never retried and
 *    never sent: the error proposes the http:// URL. Nor is a refused server certificate: the
 *    error says why it was refused and what to do.
 * 2. HTTP 401 or envelope code 401 (an expired token): AuthenticationError, never retried.
 * 3. HTTP 429, 5xx (but 501) and envelope code 10001 `System Error` under any status (the real
 *    service answers it with HTTP 200): retry if the policy allows; otherwise 429 is
 *    RateLimitedError, a create is outcome-unknown (a server fault, 503 and 10001 included, may
 *    follow the write), anything else an outage (TransportError naming status and service code).
 * 4. A body that is not an envelope: a create answered 2xx is outcome-unknown; JSON on 2xx is a
 *    WireFormatError; anything else (proxy pages, wrong base URL) a TransportError naming the status.
 * 5. Envelope code != 0: 13310, 13000 or ApiError, whatever the HTTP status (4xx/5xx allowed).
 * 6. Success envelope on a non-2xx status: TransportError. Otherwise the data shape is checked
 *    (fully with --strict-api) and returned.
 */

export type RequestOutcome =
  | 'ok'
  | 'service-error'
  | 'auth-error'
  | 'rate-limited'
  | 'http-error'
  | 'bad-body'
  | 'network-error'
  | 'timeout';

export type AttemptResult =
  | {
      kind: 'response';
      status: number;
      statusText: string;
      contentType: string;
      retryAfter?: string;
      /** The WWW-Authenticate challenges, joined (a 401 may say why in them). */
      wwwAuthenticate?: string;
      text: string;
      /** The body as parsed, once it has been (see parsedBodyOf). */
      parsed?: ParsedBody;
    }
  | ({ kind: 'failure' } & NetworkFailure);

export interface AttemptContext {
  ref: RequestRef;
  /** The documented endpoint, for WireFormatError. */
  endpoint: string;
  data: DataShape;
  attempt: number;
  decision: RetryDecision;
  /** An earlier attempt of this request may have been carried out. */
  uncertain: boolean;
  strictApi: boolean;
  timeouts: TimeoutSettings;
  /** host[:port] of the base URL. */
  host: string;
  /** The base URL as checked: origin and path prefix. */
  baseUrl: string;
  /** Plain http:// is allowed to any host (--insecure-http). */
  allowInsecureHttp: boolean;
  /** Removes secrets from text that came from the service. */
  clean: (text: string) => string;
  /** For a POST whose outcome stays unknown: what to check before trying again (OutcomeUnknownError). */
  outcomeCheck?: string | undefined;
  /** Where the token came from, as a refused token's advice names it. */
  tokenPlace?: string | undefined;
}

export interface Verdict {
  outcome: RequestOutcome;
  status: number | null;
  code?: number;
  /** Set when the request is to be sent again after this delay. */
  retryInMs?: number;
  /** Whether, after this attempt, the request may already have been carried out. */
  uncertain: boolean;
  error?: Error;
  data?: unknown;
}

/**
 * A body is parsed once per attempt: the retry decision needs the envelope code before the verdict
 * reads the same body, and a list answer can be large. The parse is kept on the result itself, so
 * it dies with it: a WeakMap entry would hold every page until the next full collection, long
 * enough to be promoted (about 30 MB more peak for a plan at 10,000 merchants).
 */
function parsedBodyOf(result: Extract<AttemptResult, { kind: 'response' }>): ParsedBody {
  return (result.parsed ??= parseBody(result.text));
}

/** What the retry policy needs to know of an attempt, the envelope code included. */
export function retryOutcomeOf(result: AttemptResult, rateLimitResetMs?: number): AttemptOutcome {
  if (result.kind === 'failure') {
    if (result.plainHttpPeer) return { kind: 'plain-http-peer' };
    return result.certificate !== undefined ? { kind: 'certificate-refused' } : { kind: 'no-response' };
  }
  const parsed = parsedBodyOf(result);
  return {
    kind: 'http',
    status: result.status,
    retryAfter: result.retryAfter,
    rateLimitResetMs,
    ...(parsed.kind === 'envelope' ? { envelopeCode: parsed.envelope.code } : {}),
  };
}

/**
 * What an attempt tells the pacing: 429 asks for a slower rate; 503 and code 10001 `System Error`
 * (under any status) ask for fewer requests at once, because both are the service struggling: an
 * internal fault that comes back while paycfg keeps many requests on the wire is better met with
 * fewer of them. Other 5xx are not taken as load: 500 is usually a defect, 502/504 a gateway.
 */
export function pacingAnswerOf(result: AttemptResult): Answer {
  if (result.kind === 'failure') return 'none';
  if (result.status === 429) return 'throttled';
  if (result.status === 503) return 'overloaded';
  const parsed = parsedBodyOf(result);
  return parsed.kind === 'envelope' && parsed.envelope.code === SYSTEM_ERROR_CODE ? 'overloaded' : 'ok';
}

export function judgeAttempt(result: AttemptResult, ctx: AttemptContext): Verdict {
  return result.kind === 'failure' ? judgeFailure(result, ctx) : judgeResponse(result, ctx);
}

const checkOf = (ctx: AttemptContext): { check?: string } => (ctx.outcomeCheck !== undefined ? { check: ctx.outcomeCheck } : {});

function judgeFailure(failure: NetworkFailure, ctx: AttemptContext): Verdict {
  const { ref, decision, attempt } = ctx;
  const outcome: RequestOutcome = failure.timeout ? 'timeout' : 'network-error';
  const uncertain = ctx.uncertain || failure.sent;
  if (decision.retry) return { outcome, status: null, retryInMs: decision.delayMs, uncertain };
  const reason = describeFailure(failure, ctx.timeouts, ctx);
  const safe = isSafeToRepeat(ref.method);
  if (!safe && failure.sent) {
    return { outcome, status: null, uncertain, error: new OutcomeUnknownError({ ...ref, reason: `the request was sent but ${reason}`, ...checkOf(ctx) }) };
  }
  // The plain-HTTP answer and a refused certificate came before the request was written; the
  // proposal or the advice ends the message (a refused certificate's says it was not sent).
  const notSent = safe || failure.plainHttpPeer || failure.certificate !== undefined ? '' : '; the request was not sent';
  return { outcome, status: null, uncertain, error: new TransportError({ ...ref, reason: `${reason}${notSent}`, attempts: attempt }) };
}

/** A refused token: the cause and the service's words from the challenge and the body (token-rejection.ts). */
function authenticationError(
  response: Extract<AttemptResult, { kind: 'response' }>,
  parsed: ParsedBody,
  init: ConstructorParameters<typeof AuthenticationError>[0],
  ctx: AttemptContext,
): AuthenticationError {
  const challenge = parseBearerChallenge(response.wwwAuthenticate);
  const message = ctx.clean(parsed.kind === 'envelope' ? parsed.envelope.msg : parsed.kind === 'json' ? wordsOfJson(parsed.value) : '').trim();
  const description = ctx.clean(challenge?.errorDescription ?? '').trim();
  const body = parsed.kind === 'envelope' ? 'envelope' : parsed.kind === 'json' ? 'json' : response.text.trim() === '' ? 'empty' : 'not-json';
  return new AuthenticationError(init, {
    problem: classifyTokenProblem([description, message], challenge),
    said: message !== '' ? message : description,
    body,
  }, ctx.tokenPlace);
}

/**
 * The message of a JSON 401 body that is not the envelope: a gateway's or an OAuth server's
 * (`{"error":"invalid_token","error_description":"Token expired"}`, `{"message":"..."}`).
 */
function wordsOfJson(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
  const record = value as Record<string, unknown>;
  const text = ['msg', 'message', 'error_description', 'error'].map((key) => record[key]).find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof text === 'string' ? text : '';
}

function judgeResponse(response: Extract<AttemptResult, { kind: 'response' }>, ctx: AttemptContext): Verdict {
  const { ref, decision, attempt } = ctx;
  const { status } = response;
  // The reason phrase and content type are the peer's words too; cleaned only for a message that shows them.
  const statusText = (): string => ctx.clean(response.statusText);
  const parsed = parsedBodyOf(response);
  const envelope = parsed.kind === 'envelope' ? parsed.envelope : undefined;
  const answered = { status, ...(envelope !== undefined ? { code: envelope.code } : {}) };
  const fail = (outcome: RequestOutcome, error: Error, uncertain = ctx.uncertain): Verdict => ({ ...answered, outcome, uncertain, error });
  const apiInit = (code: number, msg: string) => ({
    ...ref,
    serviceCode: code,
    serviceMessage: ctx.clean(msg),
    httpStatus: status,
    attempts: attempt,
    afterUncertainAttempt: ctx.uncertain,
  });

  if (status === 401 || envelope?.code === 401) {
    // A service code only when the service's envelope gave one: a gateway's 401 has none.
    const init =
      envelope !== undefined
        ? apiInit(envelope.code, envelope.msg)
        : { ...ref, serviceMessage: '', httpStatus: status, attempts: attempt, afterUncertainAttempt: ctx.uncertain };
    return fail('auth-error', authenticationError(response, parsed, init, ctx));
  }

  if (status === 429 || isServiceFault({ kind: 'http', status, envelopeCode: envelope?.code })) {
    const outcome: RequestOutcome = status === 429 ? 'rate-limited' : envelope !== undefined ? 'service-error' : 'http-error';
    // 429 is a refusal before any work. Any 5xx, 503 included, may come after a write (a gateway
    // can give up on an upstream that went on), and so may a 10001 (the service failed somewhere
    // in the request, perhaps after it wrote), which is also why a create answered either way is
    // outcome-unknown below, and read back before it is sent again.
    const uncertain = ctx.uncertain || status !== 429;
    if (decision.retry) return { ...answered, outcome, retryInMs: decision.delayMs, uncertain };
    if (status === 429) {
      return fail(
        outcome,
        new RateLimitedError({ ...ref, attempts: attempt, ...(decision.retryAfterMs !== undefined ? { retryAfterMs: decision.retryAfterMs } : {}) }),
      );
    }
    const answer =
      envelope !== undefined
        ? `code ${envelope.code}: ${ctx.clean(envelope.msg)}`
        : `${statusText() || 'server error'}, without the service's JSON envelope`;
    const reason =
      status >= 500 ? `the service answered HTTP ${status} (${answer})` : `the service reported a fault on its side (${answer}, HTTP ${status})`;
    if (!isSafeToRepeat(ref.method)) return fail(outcome, new OutcomeUnknownError({ ...ref, reason, httpStatus: status, ...checkOf(ctx) }), uncertain);
    // A server error that outlasts the retries is an outage, not a refusal of this request.
    return fail(
      outcome,
      new TransportError({ ...ref, reason, httpStatus: status, attempts: attempt, ...(envelope !== undefined ? { serviceCode: envelope.code } : {}) }),
      uncertain,
    );
  }

  const ok = status >= 200 && status < 300;
  if (parsed.kind !== 'envelope') {
    const what =
      parsed.kind === 'json'
        ? 'JSON that is not the service envelope'
        : `a body that is not JSON (content-type ${ctx.clean(response.contentType) || 'unknown'}); a proxy or gateway may have answered`;
    if (ok && !isSafeToRepeat(ref.method)) {
      return fail('bad-body', new OutcomeUnknownError({ ...ref, reason: `the answer (HTTP ${status}) was ${what}`, httpStatus: status, ...checkOf(ctx) }), true);
    }
    if (ok && parsed.kind === 'json') {
      const mismatch = checkEnvelope(parsed.value) ?? { pointer: '', problem: 'not an envelope {code, msg, data}' };
      return fail('bad-body', new WireFormatError({ ...ref, endpoint: ctx.endpoint, ...mismatch }));
    }
    const reason = `HTTP ${status} ${statusText()}`.trim();
    return fail('bad-body', new TransportError({ ...ref, reason: `${reason}: ${what}`, httpStatus: status, attempts: attempt }));
  }

  const env = parsed.envelope;
  if (env.code !== 0) {
    const init = apiInit(env.code, env.msg);
    const error =
      env.code === 13310 ? new LegacyApiRejectedError(init) : env.code === 13000 ? new OwnerInfoInvalidError(init) : new ApiError(init);
    return fail('service-error', error);
  }

  if (!ok) {
    const reason = `HTTP ${status} ${statusText()} with a success envelope; check the base URL`;
    return fail('http-error', new TransportError({ ...ref, reason, httpStatus: status, attempts: attempt }));
  }

  const mismatch = ctx.strictApi ? (checkEnvelope(parsed.value) ?? checkData(ctx.data, env.data)) : checkShapeLoosely(ctx.data, env.data);
  if (mismatch !== undefined) return fail('bad-body', new WireFormatError({ ...ref, endpoint: ctx.endpoint, ...mismatch }));
  return { ...answered, outcome: 'ok', uncertain: ctx.uncertain, data: env.hasData ? env.data : undefined };
}
