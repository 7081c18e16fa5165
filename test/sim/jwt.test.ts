import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticate } from '../../src/sim/http/auth.js';
import { signHs256, verifyHs256 } from '../../src/sim/http/jwt.js';
import { signSimToken } from '../../src/sim/index.js';

const NOW = 1_800_000_000;

function segment(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('HS256 JWT', () => {
  it('round-trips claims and matches an independently computed RFC 7519 signature', () => {
    const token = signHs256({ groupId: 'G-00000001', exp: NOW + 60 }, 'secret');
    const [header, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload as string, 'base64url').toString())).toEqual({ groupId: 'G-00000001', exp: NOW + 60 });
    expect(verifyHs256(token, 'secret', NOW)).toEqual({ ok: true, claims: { groupId: 'G-00000001', exp: NOW + 60 } });
  });

  it('verifies a token from the jwt.io HS256 example shape signed elsewhere', () => {
    // Header and payload built by hand; signature from node:crypto in the test, not from signHs256.
    const input = `${segment({ typ: 'JWT', alg: 'HS256' })}.${segment({ exp: NOW + 1, groupId: 'G-00000007' })}`;
    const token = `${input}.${createHmac('sha256', 'k').update(input).digest('base64url')}`;
    expect(verifyHs256(token, 'k', NOW)).toMatchObject({ ok: true, claims: { groupId: 'G-00000007' } });
  });

  it('rejects a wrong secret, a changed payload and a truncated signature as bad signatures', () => {
    const token = signHs256({ groupId: 'G-00000001', exp: NOW + 60 }, 'secret');
    expect(verifyHs256(token, 'Secret', NOW)).toEqual({ ok: false, reason: 'bad signature' });
    const [header, , signature] = token.split('.');
    const forged = `${header}.${segment({ groupId: 'G-00000002', exp: NOW + 60 })}.${signature}`;
    expect(verifyHs256(forged, 'secret', NOW)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyHs256(token.slice(0, -4), 'secret', NOW)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('expires at exp (inclusive)', () => {
    const token = signHs256({ groupId: 'G-00000001', exp: NOW }, 'secret');
    expect(verifyHs256(token, 'secret', NOW - 1).ok).toBe(true);
    expect(verifyHs256(token, 'secret', NOW)).toEqual({ ok: false, reason: 'expired' });
  });

  it('treats other algorithms, missing claims and garbage as malformed', () => {
    const unsigned = `${segment({ alg: 'none' })}.${segment({ groupId: 'G-00000001', exp: NOW + 60 })}.`;
    const rs = `${segment({ alg: 'RS256' })}.${segment({ groupId: 'G-00000001', exp: NOW + 60 })}.abc`;
    for (const token of [unsigned, rs, 'x', 'a.b', 'a.b.c.d', `${segment({ alg: 'HS256' })}.!!!.abc`]) {
      expect(verifyHs256(token, 'secret', NOW), token).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(verifyHs256(signHs256({ groupId: 'G-00000001', exp: 'later' }, 'secret'), 'secret', NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('authenticate() reads the Bearer header and requires a group id of the documented shape', () => {
    const now = new Date(NOW * 1000);
    const token = signSimToken({ groupId: 'G-00000001', secret: 's', now, ttlSeconds: 10 });
    expect(authenticate(`Bearer ${token}`, 's', now)).toEqual({ ok: true, groupId: 'G-00000001' });
    expect(authenticate(`bearer   ${token}`, 's', now)).toEqual({ ok: true, groupId: 'G-00000001' });
    expect(authenticate(undefined, 's', now)).toEqual({ ok: false, reason: 'missing token' });
    expect(authenticate(token, 's', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(authenticate(`Bearer ${signHs256({ groupId: 'G-1', exp: NOW + 5 }, 's')}`, 's', now)).toEqual({ ok: false, reason: 'malformed' });
  });
});
