import { expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { emvBody, profileBody, pageExtent, useWireStyleSimulators } from './helpers/sim-client.js';

const h = useWireStyleSimulators();

h.describe('EMV configs', () => {
  it('creates and lists EMV configs', async () => {
    const client = h.client();
    const { id } = await client.emvConfigs.create(emvBody('visa-usd', '01'));
    expect(typeof id).toBe('number');
    const page = await client.emvConfigs.list();
    expect(page).toMatchObject({ total: 1, current: 1, ...pageExtent(h.wireStyle, { hasNext: false, size: 20, pages: 1 }) });
    expect(page.records[0]).toMatchObject({ id, emvName: 'visa-usd', paymentMethod: '01', currency: 'USD' });
    expect(JSON.parse(page.records[0]?.params ?? '')).toMatchObject({ aid: 'A0000000031010' });
  });

  it('filters by paymentMethod, currency and partial emvName', async () => {
    const client = h.client();
    await client.emvConfigs.create(emvBody('visa-usd', '01'));
    await client.emvConfigs.create(emvBody('master-usd', '02'));
    await client.emvConfigs.create({ ...emvBody('visa-eur', '01'), currency: 'EUR' });
    expect((await client.emvConfigs.listAll({ paymentMethod: '01' })).map((e) => e.emvName).sort()).toEqual(['visa-eur', 'visa-usd']);
    expect((await client.emvConfigs.listAll({ currency: 'EUR' })).map((e) => e.emvName)).toEqual(['visa-eur']);
    expect((await client.emvConfigs.listAll({ emvName: 'master' })).map((e) => e.emvName)).toEqual(['master-usd']);
    expect(client.events.at(-1)?.path).toBe('/api/openapi/v1/emv?emvName=master&pageNumber=1&pageSize=-1');
  });

  it('refuses a taken name with code 10000 "name exist"', async () => {
    const client = h.client();
    await client.emvConfigs.create(emvBody('visa-usd'));
    const error = (await client.emvConfigs.create(emvBody('visa-usd')).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ serviceCode: 10000, serviceMessage: 'name exist', method: 'POST', path: '/api/openapi/v1/emv' });
    expect(error.message).toContain('name exist');
  });

  it('updates currency and params', async () => {
    const client = h.client();
    const { id } = await client.emvConfigs.create(emvBody('visa-usd'));
    await client.emvConfigs.update(id, { currency: 'EUR', params: JSON.stringify({ aid: 'A0000000032010' }) });
    const [emv] = await client.emvConfigs.listAll();
    expect(emv).toMatchObject({ id, currency: 'EUR', emvName: 'visa-usd' });
    expect(JSON.parse(emv?.params ?? '')).toEqual({ aid: 'A0000000032010' });
  });

  it('deletes an unused EMV config and is refused while a profile uses it', async () => {
    const client = h.client();
    const free = await client.emvConfigs.create(emvBody('free'));
    const used = await client.emvConfigs.create(emvBody('used'));
    await client.acquirerProfiles.create(profileBody('acq-a', used.id));
    await client.emvConfigs.delete(free.id);
    const error = await client.emvConfigs.delete(used.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).path).toBe(`/api/openapi/v1/emv/${used.id}`);
    expect((await client.emvConfigs.listAll()).map((e) => e.emvName)).toEqual(['used']);
  });
});
