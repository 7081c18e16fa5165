import { createHmac, timingSafeEqual } from 'node:crypto';

/** Claims of a simulator token: the caller's group and the expiry (seconds since the epoch). */
export interface SimTokenClaims {
  groupId: string;
  exp: number;
  iat?: number;
}

export type TokenCheck =
  | { ok: true; claims: SimTokenClaims }
  | { ok: false; reason: 'malformed' | 'bad signature' | 'expired' };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function encodeSegment(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function signature(signingInput: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

/** An HS256 JWT (RFC 7519) over the given claims. */
export function signHs256(claims: object, secret: string): string {
  const signingInput = `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment(claims)}`;
  return `${signingInput}.${signature(signingInput, secret).toString('base64url')}`;
}

function decodeSegment(segment: string): unknown {
  if (!BASE64URL.test(segment)) return undefined;
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Checks shape, then signature (constant-time), then expiry. Only HS256 is accepted: a token
 * claiming `none` or another algorithm is malformed, never trusted.
 */
export function verifyHs256(token: string, secret: string, nowSeconds: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeSegment(headerPart);
  const payload = decodeSegment(payloadPart);
  if (!isRecord(header) || header['alg'] !== 'HS256' || !isRecord(payload) || !BASE64URL.test(signaturePart)) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = signature(`${headerPart}.${payloadPart}`, secret);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
  const groupId = payload['groupId'];
  const exp = payload['exp'];
  if (typeof groupId !== 'string' || typeof exp !== 'number' || !Number.isFinite(exp)) {
    return { ok: false, reason: 'malformed' };
  }
  if (exp <= nowSeconds) return { ok: false, reason: 'expired' };
  const iat = payload['iat'];
  return { ok: true, claims: typeof iat === 'number' ? { groupId, exp, iat } : { groupId, exp } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
