import { createApiClient } from '../../src/api/index.js';
import type { MerchantCreate } from '../../src/api/wire-types.js';
import { mapWithConcurrency } from '../../src/util/map-with-concurrency.js';
import { BenchError } from './errors.js';
import { driftedMerchantIndexes, type GroupSpec } from './group-shape.js';
import { DRIFTED_CONTACT, DRIFTED_DEVICE_NAME } from './synthetic-wire.js';

/**
 * Changes about 1% of the merchants behind paycfg's back, through the service API as another tool
 * would: each one gets a new contact name (merchant PUT), loses the second method of its first
 * binding (binding PUT) and sees its first device renamed (device PUT). The next plan must show
 * exactly one update per changed resource. Returns the number of merchants changed.
 */
export async function driftGroup(spec: GroupSpec, baseUrl: string, token: string): Promise<number> {
  const client = createApiClient({ baseUrl, token, maxInFlight: 8 });
  try {
    const [merchants, profiles, emvConfigs] = await Promise.all([
      client.merchants.listAll(),
      client.acquirerProfiles.listAll(),
      client.emvConfigs.listAll(),
    ]);
    const byRef = new Map(merchants.map((m) => [m.providerReference ?? '', m]));
    const profileIds = new Map(profiles.map((p) => [p.profileName, p.profileId]));
    const emvIds = new Map(emvConfigs.map((e) => [e.emvName, e.id]));
    const targets = driftedMerchantIndexes(spec.merchants.length).map((i) => spec.merchants[i]!);
    await mapWithConcurrency(targets, 8, async (m) => {
      const live = byRef.get(m.providerReference);
      if (live === undefined) throw new BenchError(`drift: merchant ${m.providerReference} is not in the live group`);
      const { acquirers: _summary, ...record } = live;
      await client.merchants.replace(live.mchId, { ...(record as MerchantCreate), contactName: DRIFTED_CONTACT });
      const binding = m.bindings[0];
      if (binding !== undefined) {
        const [code, emvs] = Object.entries(binding.methods)[0]!;
        await client.bindings.replace(live.mchId, {
          acquirerProfileId: String(profileIds.get(binding.acquirer)),
          currency: binding.currency,
          ...(binding.mid !== undefined ? { mid: binding.mid } : {}),
          paymentMethods: [{ paymentMethodCode: code, emvs: emvs.map((name) => ({ emvId: Number(emvIds.get(name)) })) }],
        });
      }
      const alias = m.devices[0]?.deviceAlias;
      if (alias !== undefined) {
        const device = (await client.devices.listAll(live.mchId)).find((d) => d.deviceAlias === alias);
        if (device === undefined) throw new BenchError(`drift: device ${alias} of merchant ${m.providerReference} is not in the live group`);
        await client.devices.update(device.deviceId, { deviceName: DRIFTED_DEVICE_NAME });
      }
    });
    return targets.length;
  } finally {
    await client.close();
  }
}
