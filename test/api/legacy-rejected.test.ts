import { expect, it } from 'vitest';
import { LegacyApiRejectedError, type ApiClient, type LegacyAcquirerProfileCreate } from '../../src/api/index.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { useWireStyleSimulators } from './helpers/sim-client.js';

/**
 * Every client.legacy method, against a group on the current API (v1, the default): each is
 * refused with 13310, raised as LegacyApiRejectedError, and sent exactly once (a refusal is an
 * answer, never retried), reads and writes alike.
 */

const h = useWireStyleSimulators();

type Calls = Record<string, () => Promise<unknown>>;

function everyLegacyMethod(client: ApiClient): Record<keyof ApiClient['legacy'], Calls> {
  const { merchants, devices, acquirerProfiles, emvConfigs } = client.legacy;
  const profile: LegacyAcquirerProfileCreate = {
    profileName: 'p',
    currency: 'USD',
    groupId: TEST_GROUP,
    connMessageFormat: 'HOSTA_8583',
    connUrl: 'https://acquirer.example.com/8583',
    notifyUrl: 'https://pbo.example.com/notify',
    emvList: { '01': [1] },
    methodList: { '01': ['Sale'] },
  };
  const emv = { emvName: 'e', paymentMethod: '01', currency: 'USD', params: '{}' };
  return {
    merchants: {
      list: () => merchants.list(),
      listAll: () => merchants.listAll(),
      get: () => merchants.get('M1'),
      create: () => merchants.create({ mchName: 'Shop', contactName: 'Ada', contactEmail: 'ada@example.com' }),
      update: () => merchants.update('M1', { mchName: 'Shop 2' }),
      delete: () => merchants.delete('M1'),
      unbindMethod: () => merchants.unbindMethod('M1', '01'),
    },
    devices: {
      list: () => devices.list('M1'),
      listAll: () => devices.listAll('M1'),
      create: () => devices.create({ mchId: 'M1', activateCodeAlias: 'till', deviceType: 'COTS', methodList: { all: { tid: 'T1', mid: 'M1' } } }),
      update: () => devices.update('T0000000001', { deviceAdmin: 'pw' }),
      delete: () => devices.delete('T0000000001', 2),
    },
    acquirerProfiles: {
      list: () => acquirerProfiles.list(),
      listAll: () => acquirerProfiles.listAll(),
      create: () => acquirerProfiles.create(profile),
      update: () => acquirerProfiles.update(1001, { connMessageFormat: 'HOSTA_8583', currency: 'USD' }),
      delete: () => acquirerProfiles.delete(1001),
    },
    emvConfigs: {
      list: () => emvConfigs.list(),
      listAll: () => emvConfigs.listAll(),
      create: () => emvConfigs.create(emv),
      update: () => emvConfigs.update(1, { currency: 'USD', params: '{}' }),
      delete: () => emvConfigs.delete(1),
    },
  };
}

h.describe('client.legacy on a group on the current API', () => {
  it('every method raises LegacyApiRejectedError (13310), each request sent once', async () => {
    const client = h.client();
    const groups = everyLegacyMethod(client);
    // The table covers every method the client offers, so a new one cannot be left out.
    for (const [group, calls] of Object.entries(groups)) {
      expect(Object.keys(calls).sort(), group).toEqual(Object.keys(client.legacy[group as keyof ApiClient['legacy']]).sort());
    }
    let count = 0;
    for (const [group, calls] of Object.entries(groups)) {
      for (const [method, run] of Object.entries(calls)) {
        count += 1;
        client.events.length = 0;
        const error = await run().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${group}.${method}`).toBeInstanceOf(LegacyApiRejectedError);
        expect((error as LegacyApiRejectedError).serviceCode, `${group}.${method}`).toBe(13310);
        expect(client.events.map((e) => e.attempt), `${group}.${method}`).toEqual([1]);
        expect(client.events[0]?.path, `${group}.${method}`).toMatch(/^\/api\/v2\//);
      }
    }
    expect(count).toBe(22);
    expect(client.stats().retries).toBe(0);
  });
});
