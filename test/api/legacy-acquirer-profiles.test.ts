import { beforeEach, expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { legacyBoundMerchant, legacyGroup, legacyProfile } from './helpers/legacy-client-fixtures.js';
import { emvBody, profileBody, useWireStyleSimulators } from './helpers/sim-client.js';

/** client.legacy.acquirerProfiles against a legacy group of the simulator, both wire styles, strict (legacy-acquirer-profile, id-result). */

const h = useWireStyleSimulators();

const failureOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (e: unknown) => e);

h.describe('client.legacy.acquirerProfiles', () => {
  beforeEach(() => legacyGroup(h));

  it('creates a profile with object lists and reads it back without acqType, with its connection settings', async () => {
    const client = h.client();
    const { profileId, emvId } = await legacyProfile(client, 'acq-a', ['Sale', 'Refund']);
    const [profile] = await client.legacy.acquirerProfiles.listAll();
    expect(client.events.at(-1)?.path).toBe('/api/v2/acquirer?pageNumber=1&pageSize=-1');
    expect(profile).toMatchObject({
      profileId,
      profileName: 'acq-a',
      currency: 'USD',
      connMessageFormat: 'HOSTA_8583',
      notifyUrl: 'https://pbo.example.com/notify',
      emvList: { '01': [emvId] },
      methodList: { '01': ['Sale', 'Refund'] },
    });
    expect(profile).not.toHaveProperty('acqType');
    // The same profile through the current API: a card profile, lists JSON-encoded.
    const [current] = await client.acquirerProfiles.listAll();
    expect(current).toMatchObject({ profileId, acqType: 'card' });
    expect(JSON.parse(current?.methodList ?? '')).toEqual({ '01': ['Sale', 'Refund'] });
  });

  it('filters by name (like), pages with the size sent', async () => {
    const client = h.client();
    await legacyProfile(client, 'north-1');
    await legacyProfile(client, 'north-2');
    await legacyProfile(client, 'south-1');
    expect((await client.legacy.acquirerProfiles.listAll({ profileName: 'north' })).map((p) => p.profileName).sort()).toEqual(['north-1', 'north-2']);
    const page = await client.legacy.acquirerProfiles.list({ pageSize: 2, pageNumber: 2 });
    expect(page).toMatchObject({ total: 3, current: 2 });
    expect(page.records).toHaveLength(1);
  });

  it('updates (connMessageFormat and currency required, answers the id) and refuses a currency change', async () => {
    const client = h.client();
    const { profileId } = await legacyProfile(client, 'acq-a');
    expect(
      await client.legacy.acquirerProfiles.update(profileId, { connMessageFormat: 'HOSTB_8583', currency: 'USD', connTimeout: 45, methodList: { '01': ['Sale'] } }),
    ).toEqual({ id: profileId });
    expect((await client.legacy.acquirerProfiles.listAll())[0]).toMatchObject({ connMessageFormat: 'HOSTB_8583', connTimeout: 45, methodList: { '01': ['Sale'] } });
    const refused = (await failureOf(client.legacy.acquirerProfiles.update(profileId, { connMessageFormat: 'HOSTB_8583', currency: 'EUR' }))) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.serviceCode).toBe(10000);
  });

  it('deletes an unused profile (answers its id) and refuses one a merchant uses', async () => {
    const client = h.client();
    const { profileId: unused } = await legacyProfile(client, 'unused');
    expect(await client.legacy.acquirerProfiles.delete(unused)).toEqual({ id: unused });
    const { profileId } = await legacyBoundMerchant(client);
    expect(await failureOf(client.legacy.acquirerProfiles.delete(profileId))).toBeInstanceOf(ApiError);
    expect((await client.legacy.acquirerProfiles.listAll()).map((p) => p.profileId)).toEqual([profileId]);
  });

  it('shows a profile created through the current API in the legacy shape', async () => {
    const client = h.client();
    const { id: emvId } = await client.emvConfigs.create(emvBody('emv-current'));
    const { id } = await client.acquirerProfiles.create(profileBody('acq-current', emvId));
    expect((await client.legacy.acquirerProfiles.listAll())[0]).toMatchObject({ profileId: id, profileName: 'acq-current', emvList: { '01': [emvId] }, methodList: { '01': [] } });
  });
});
