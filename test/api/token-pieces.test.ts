import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, createApiClient, type ApiClient } from '../../src/api/index.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { MIN_FRAGMENT } from '../../src/util/token-fragments.js';
import { startScriptedPeer, type ScriptedPeer, type ScriptedReply } from './helpers/scripted-peer.js';
import { FAST_RETRY } from './helpers/sim-client.js';

/**
 * A gateway that quotes part of the token (cut to a prefix, a piece of its middle, its end) in
 * its 401: the whole-token scrub does not see the piece, and a piece of an opaque token is
 * secret. Over a real socket, through the client and through the CLI's text and --json output,
 * recorded before the output filter (which masks only the whole token) and after it.
 */

const TOKEN = 'SECRETTOKEN-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP';
const PREFIX = TOKEN.slice(0, 20);
const MIDDLE = TOKEN.slice(22, 40);
const SUFFIX = TOKEN.slice(-14);
const ECHOED = `token ${PREFIX}… expired (${MIDDLE}) …${SUFFIX}`;
const MASKED = 'token [redacted]… expired ([redacted]) …[redacted]';

/** Every piece of the token of the masked length that `text` holds. */
function piecesIn(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + MIN_FRAGMENT <= TOKEN.length; i += 1) {
    const piece = TOKEN.slice(i, i + MIN_FRAGMENT);
    if (text.includes(piece)) found.push(piece);
  }
  return found;
}

let peer: ScriptedPeer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await peer?.close();
  client = undefined;
  peer = undefined;
});

async function failureFrom(reply: ScriptedReply): Promise<Error> {
  peer = await startScriptedPeer(() => reply);
  client = createApiClient({ baseUrl: peer.url, token: TOKEN, retry: FAST_RETRY, random: () => 0.5 });
  return client.owner().then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );
}

describe('a piece of the token in what the service or a gateway says', () => {
  it("a gateway's JSON 401 quoting a prefix, a middle piece and a suffix: each is masked", async () => {
    const error = await failureFrom({ status: 401, body: { message: ECHOED } });
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain(`: "${MASKED}")`);
    expect(piecesIn(JSON.stringify({ message: error.message, details: (error as AuthenticationError).details }))).toEqual([]);
  });

  it("the challenge's error_description quoting a piece is masked too", async () => {
    // A header holds Latin-1 only: dots for the ellipsis.
    const said = ECHOED.replace(/…/g, '...');
    const error = await failureFrom({ status: 401, headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${said}"` } });
    expect(error.message).toContain(`(HTTP 401 with an empty body: "${MASKED.replace(/…/g, '...')}")`);
    expect(piecesIn(error.message)).toEqual([]);
  });

  it("any other message of the service quoting a piece (a refusal's envelope) is masked", async () => {
    const error = await failureFrom({ status: 200, body: { code: 10000, msg: `bad header ${MIDDLE}` } });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serviceMessage).toBe('bad header [redacted]');
  });

  it('a reason phrase quoting a piece is masked', async () => {
    // The scripted peer sets no reason phrase: a server of its own, closed by the test.
    const server = createServer((_request, response) => {
      response.statusMessage = `Rejected ${PREFIX}`;
      response.writeHead(403, { 'content-type': 'text/html' });
      response.end('<html>no</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, retry: FAST_RETRY, random: () => 0.5 });
      const error = await client.owner().then(
        () => new Error('expected the call to fail'),
        (e: unknown) => e as Error,
      );
      expect(error.message).toContain('HTTP 403 Rejected [redacted]');
      expect(piecesIn(error.message)).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('through the CLI', () => {
  async function run(argv: string[], outputFilter: boolean): Promise<{ code: number; out: string; err: string }> {
    peer ??= await startScriptedPeer(() => ({ status: 401, body: { message: ECHOED } }));
    const io = captureIo({ env: { PAYCFG_BASE_URL: peer.url, PAYCFG_TOKEN: TOKEN }, outputFilter });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  }

  for (const outputFilter of [false, true]) {
    const when = outputFilter ? 'after the output filter' : 'as paycfg wrote it';
    it(`--json: the error quotes the gateway with each piece masked (${when})`, async () => {
      const { code, out, err } = await run(['export', '--json'], outputFilter);
      expect(code).toBe(1);
      const { error } = JSON.parse(out) as { error: Record<string, unknown> };
      expect(error).toMatchObject({ code: 'AUTH', tokenProblem: 'expired', serviceMessage: MASKED, httpStatus: 401 });
      // A gateway's body is not the service's envelope: no service code is made up for it.
      expect(error).not.toHaveProperty('serviceCode');
      expect(piecesIn(out + err)).toEqual([]);
    });

    it(`text: the error on stderr quotes the gateway with each piece masked (${when})`, async () => {
      const { code, out, err } = await run(['export'], outputFilter);
      expect(code).toBe(1);
      expect(err).toContain(`the access token has expired (HTTP 401, a body that is not the service's envelope: "${MASKED}")`);
      expect(piecesIn(out + err)).toEqual([]);
    });
  }
});
