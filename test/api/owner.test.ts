import { describe, expect, it } from 'vitest';
import { ownerMessageFormats } from '../../src/api/owner-info.js';
import { useWireStyleSimulators } from './helpers/sim-client.js';

const h = useWireStyleSimulators();

h.describe('GET /api/v2/current', () => {
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

  it('reads the group\'s message formats in either wording (JSON-encoded array or plain name)', async () => {
    await h.sim.admin.createGroup({ groupId: 'G-00000001', messageFormat: 'SVC_ENABLER' });
    const owner = await h.client().owner();
    expect(owner.messageFormat).toBe(h.wireStyle === 'real' ? '["SVC_ENABLER"]' : 'SVC_ENABLER');
    expect(ownerMessageFormats(owner)).toEqual(['SVC_ENABLER']);
    // The real service leaves logo out while the group has none.
    if (h.wireStyle === 'real') expect(owner).not.toHaveProperty('logo');
  });

  it('counts requests by method', async () => {
    const client = h.client();
    await client.owner();
    await client.owner();
    expect(client.stats()).toMatchObject({ requests: 2, byMethod: { GET: 2 }, retries: 0, rateLimited: 0 });
  });
});

describe('ownerMessageFormats', () => {
  it.each([
    ['["SVC_ENABLER"]', ['SVC_ENABLER']],
    ['["SVC_ENABLER", "HOSTA_8583"]', ['SVC_ENABLER', 'HOSTA_8583']],
    ['[]', []],
    ['HOSTA_8583', ['HOSTA_8583']],
    ['HOSTA_8583, SVC_ENABLER', ['HOSTA_8583', 'SVC_ENABLER']],
    ['[not json', ['[not json']],
    ['', []],
    [undefined, []],
  ])('reads %j as %j', (messageFormat, formats) => {
    expect(ownerMessageFormats(messageFormat === undefined ? {} : { messageFormat })).toEqual(formats);
  });
});
