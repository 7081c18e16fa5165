/**
 * Connection pools shared by clients (a fleet run's targets): over real HTTP against the simulator,
 * behind a TCP relay that counts the connections opened to it.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { createConnectionPools } from '../../src/api/connection-pools.js';
import { startTestSimulator, TEST_GROUP, type TestSimulator } from '../helpers/simulator.js';

describe('connection pools shared by clients', () => {
  let sim: TestSimulator;
  let relay: Server;
  let relayUrl: string;
  let opened = 0;
  const open = new Set<Socket>();

  beforeAll(async () => {
    sim = await startTestSimulator();
    await sim.admin.createGroup({ groupId: TEST_GROUP }).catch(() => undefined);
    const target = new URL(sim.url);
    relay = createServer((socket) => {
      opened += 1;
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      const upstream = connect(Number(target.port), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address();
    relayUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
    await sim.close();
  });

  const client = (sharedPools?: ReturnType<typeof createConnectionPools>) =>
    createApiClient({ baseUrl: relayUrl, token: sim.token(), allowInsecureHttp: true, maxInFlight: 1, ...(sharedPools !== undefined ? { sharedPools } : {}) });

  /** `clients` clients one after another, each sending two requests and closing: the connections opened meanwhile. */
  const oneAfterAnother = async (clients: number, sharedPools?: ReturnType<typeof createConnectionPools>): Promise<number> => {
    const before = opened;
    for (let i = 0; i < clients; i++) {
      const each = client(sharedPools);
      expect((await each.owner()).groupId).toBe(TEST_GROUP);
      await each.owner();
      await each.close();
    }
    return opened - before;
  };

  it('without them, each client opens its own connection and closes it', async () => {
    expect(await oneAfterAnother(6)).toBe(6);
  });

  it('with them, clients reuse the pooled connections, which a client closing leaves open and the pools close', async () => {
    const pools = createConnectionPools(4);
    const count = await oneAfterAnother(6, pools);
    // undici may open a second connection while the first finishes a response; never more than the pool holds.
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(4);
    expect(open.size).toBe(count);
    await pools.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open.size).toBe(0);
  });
});
