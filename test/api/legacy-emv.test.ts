import { beforeEach, expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { legacyGroup, legacyProfile } from './helpers/legacy-client-fixtures.js';
import { emvBody, useWireStyleSimulators } from './helpers/sim-client.js';

/** client.legacy.emvConfigs (/api/v2/emv: the current API's shapes and rules) against a legacy group, both wire styles, strict. */

const h = useWireStyleSimulators();

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (e: unknown) => e);

h.describe('client.legacy.emvConfigs', () => {
  beforeEach(() => legacyGroup(h));

  it('creates, lists, filters, updates and deletes EMV configs under /api/v2, one set of records with the current API', async () => {
    const client = h.client();
    const { id } = await client.legacy.emvConfigs.create(emvBody('visa-usd'));
    await client.legacy.emvConfigs.create(emvBody('mc-usd', '02'));
    expect(client.events.at(-1)).toMatchObject({ method: 'POST', path: '/api/v2/emv', outcome: 'ok' });
    expect((await client.legacy.emvConfigs.listAll()).map((e) => e.emvName).sort()).toEqual(['mc-usd', 'visa-usd']);
    expect(client.events.at(-1)?.path).toBe('/api/v2/emv?pageNumber=1&pageSize=-1');
    expect((await client.legacy.emvConfigs.listAll({ paymentMethod: '02' })).map((e) => e.emvName)).toEqual(['mc-usd']);
    expect((await client.legacy.emvConfigs.list({ pageSize: 1 })).records).toHaveLength(1);

    await client.legacy.emvConfigs.update(id, { currency: 'EUR', params: JSON.stringify({ aid: 'A0000000031010', clCVMLimit: '000000005000' }) });
    const current = (await client.emvConfigs.listAll({ emvName: 'visa-usd' }))[0];
    expect(current).toMatchObject({ id, currency: 'EUR' });
    expect(JSON.parse(current?.params ?? '')).toMatchObject({ clCVMLimit: '000000005000' });

    await client.legacy.emvConfigs.delete(id);
    expect((await client.emvConfigs.listAll()).map((e) => e.emvName)).toEqual(['mc-usd']);
  });

  it('refuses a taken name and the delete of a config a profile uses, as the current API does', async () => {
    const client = h.client();
    const { emvId } = await legacyProfile(client, 'acq-a');
    const taken = (await failureOf(client.legacy.emvConfigs.create(emvBody('emv-acq-a')))) as ApiError;
    expect(taken).toBeInstanceOf(ApiError);
    expect(taken.serviceMessage).toContain('name exist');
    const used = (await failureOf(client.legacy.emvConfigs.delete(emvId))) as ApiError;
    expect(used).toBeInstanceOf(ApiError);
    expect(used.serviceMessage).toContain('acq-a');
  });
});
