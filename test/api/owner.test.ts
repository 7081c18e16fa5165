import { describe, expect, it } from 'vitest';
import { useSimulator } from './helpers/sim-client.js';

const h = useSimulator();

describe('GET /api/v2/current', () => {
  it('returns the owner of the token, typed and schema-checked', async () => {
    const client = h.client();
    const owner = await client.owner();
    expect(owner.groupId).toBe('G-00000001');
    expect(owner).toMatchObject({ groupName: expect.any(String), timeZone: expect.any(String), messageFormat: expect.any(String) });
    expect(client.events).toMatchObject([{ method: 'GET', path: '/api/v2/current', status: 200, code: 0, attempt: 1, outcome: 'ok' }]);
  });

  it('tells groups apart by token', async () => {
    await h.sim.admin.createGroup({ groupId: 'G-00000042', groupName: 'Second PBO', timeZone: 'Europe/Paris' });
    const owner = await h.client({ groupId: 'G-00000042' }).owner();
    expect(owner).toMatchObject({ groupId: 'G-00000042', groupName: 'Second PBO', timeZone: 'Europe/Paris' });
  });

  it('stays on /api/v2 for a legacy group too', async () => {
    await h.sim.admin.createGroup({ groupId: 'G-00000043', apiVersion: 'legacy' });
    expect((await h.client({ groupId: 'G-00000043' }).owner()).groupId).toBe('G-00000043');
  });

  it('counts requests by method', async () => {
    const client = h.client();
    await client.owner();
    await client.owner();
    expect(client.stats()).toMatchObject({ requests: 2, byMethod: { GET: 2 }, retries: 0, rateLimited: 0 });
  });
});
