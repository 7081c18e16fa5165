import type { ApiClient } from '../../../src/api/index.js';
import type { SimHarness } from './sim-client.js';
import { TEST_GROUP } from '../../helpers/simulator.js';

/**
 * Legacy groups and records for the client's legacy suites, made through client.legacy itself
 * (an integrator on the legacy API would do the same).
 */

/** Puts the test group on the legacy API; the simulator's reset after each test drops it again. */
export async function legacyGroup(h: SimHarness, groupId = TEST_GROUP): Promise<void> {
  await h.sim.admin.createGroup({ groupId, apiVersion: 'legacy' });
}

/** An EMV config and a legacy card profile over it, for method 01. */
export async function legacyProfile(client: ApiClient, profileName = 'acq-legacy', methods: string[] = ['Sale', 'Void', 'Refund']) {
  const { id: emvId } = await client.legacy.emvConfigs.create({
    emvName: `emv-${profileName}`,
    paymentMethod: '01',
    currency: 'USD',
    params: JSON.stringify({ aid: 'A0000000031010' }),
  });
  const { id: profileId } = await client.legacy.acquirerProfiles.create({
    profileName,
    currency: 'USD',
    groupId: TEST_GROUP,
    connMessageFormat: 'HOSTA_8583',
    connUrl: 'https://acquirer.example.com/8583',
    notifyUrl: 'https://pbo.example.com/notify',
    emvList: { '01': [emvId] },
    methodList: { '01': methods },
  });
  return { emvId, profileId: Number(profileId) };
}

/** A legacy merchant bound to a new legacy profile for method 01. */
export async function legacyBoundMerchant(client: ApiClient, name = 'Corner Shop') {
  const { emvId, profileId } = await legacyProfile(client, `acq-${name}`);
  const merchant = await client.legacy.merchants.create({ mchName: name, contactName: 'Ada', contactEmail: 'ada@example.com' });
  const bound = await client.legacy.merchants.update(merchant.mchId, { supportedPaymentMethods: [{ paymentMethod: '01', profileId }] });
  return { emvId, profileId, merchant: bound };
}
