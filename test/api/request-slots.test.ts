import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestSlots } from '../../src/api/request-slots.js';
import { createClient } from '../../src/library/client.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

describe('createRequestSlots', () => {
  it('hands out at most its size, and the next waiter gets a slot as one is given back', async () => {
    const slots = createRequestSlots(2);
    const first = await slots.acquire();
    const second = await slots.acquire();
    let third: (() => void) | undefined;
    const waiting = slots.acquire().then((release) => (third = release));
    await Promise.resolve();
    expect(third).toBeUndefined();
    expect(slots.inUse()).toBe(2);
    first();
    await waiting;
    expect(third).toBeTypeOf('function');
    expect(slots.inUse()).toBe(2);
    second();
    third!();
    expect(slots.inUse()).toBe(0);
    expect(slots.peak()).toBe(2);
  });

  it('gives a slot back once, however often its release is called', async () => {
    const slots = createRequestSlots(1);
    const release = await slots.acquire();
    release();
    release();
    expect(slots.inUse()).toBe(0);
    await slots.acquire();
    expect(slots.inUse()).toBe(1);
  });

  it('refuses a size that is not a whole number of at least 1', () => {
    expect(() => createRequestSlots(0)).toThrow(/at least 1, got 0/);
    expect(() => createRequestSlots(1.5)).toThrow(/whole number/);
  });
});

describe('clients sharing slots, over HTTP', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator({ faults: { latencyMs: 20 } });
    await sim.admin.createGroup({ groupId: 'G-00000002' });
  });
  afterAll(() => sim.close());

  it('keep the requests of every client together under the shared bound, each client under its own', async () => {
    const slots = createRequestSlots(3);
    const clients = ['G-00000001', 'G-00000002'].map((group) => createClient({ baseUrl: sim.url, token: sim.token(group), maxInFlight: 4, sharedSlots: slots, env: {} }));
    try {
      await Promise.all(clients.flatMap((client) => Array.from({ length: 8 }, () => client.owner())));
      expect(slots.peak()).toBe(3);
      expect(slots.inUse()).toBe(0);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });
});
