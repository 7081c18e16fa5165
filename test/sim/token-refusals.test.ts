import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signSimToken, WIRE_STYLES } from '../../src/sim/index.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { TestClock, V1 } from './fixtures.js';

/**
 * How the simulator refuses a token, per wire style (docs/service.md, "A refused token"): HTTP 401,
 * envelope code 401 with a message per problem and an RFC 6750 challenge; only an expired token
 * differs, in the real style, which answers it as the live service was captured doing.
 */

const SECRET = 'token-refusals-secret';

describe.each(WIRE_STYLES)('token refusals (%s wire style)', (wireStyle) => {
  let sim: TestSimulator;
  const clock = new TestClock();
  beforeAll(async () => {
    sim = await startTestSimulator({ now: clock.now, jwtSecret: SECRET, wireStyle });
  });
  afterAll(async () => sim.close());
  beforeEach(async () => sim.admin.reset());

  async function call(token: string): Promise<{ status: number; body: unknown; challenge: string | null }> {
    const response = await fetch(`${sim.url}${V1}/emv`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json(), challenge: response.headers.get('www-authenticate') };
  }

  const token = (ttlSeconds = 600): string => signSimToken({ groupId: 'G-00000001', secret: SECRET, ttlSeconds, now: clock.now() });
  const failed = (msg: string): Record<string, unknown> => (wireStyle === 'real' ? { code: 401, msg } : { msg, code: 401, data: null });

  it('an expired token: 401 with a challenge in the reference style, HTTP 200 code 401 "token expired" in the real one', async () => {
    const expiring = token(30);
    clock.advance(31_000);
    const answer = await call(expiring);
    if (wireStyle === 'real') {
      expect(answer).toEqual({ status: 200, body: { code: 401, msg: 'token expired' }, challenge: null });
    } else {
      expect(answer).toEqual({
        status: 401,
        body: failed('Unauthorized: token expired'),
        challenge: 'Bearer realm="paycfg-sim", error="invalid_token", error_description="token expired"',
      });
    }
  });

  it('a revoked token is refused as revoked until the reset; other tokens of the group still work', async () => {
    const revoked = token(600);
    const other = token(601);
    expect((await call(revoked)).status).toBe(200);
    await sim.admin.revokeToken(revoked);
    expect(await call(revoked)).toEqual({
      status: 401,
      body: failed('Unauthorized: token revoked'),
      challenge: 'Bearer realm="paycfg-sim", error="invalid_token", error_description="token revoked"',
    });
    expect((await call(other)).status).toBe(200);
    await sim.admin.reset();
    expect((await call(revoked)).status).toBe(200);
  });

  it('an expired token that was also revoked is reported expired (expiry is checked first)', async () => {
    const both = token(30);
    await sim.admin.revokeToken(both);
    clock.advance(31_000);
    expect(JSON.stringify((await call(both)).body)).toContain('token expired');
  });

  it('revoking needs the token', async () => {
    const response = await fetch(`${sim.url}/_sim/tokens/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(400);
  });
});
