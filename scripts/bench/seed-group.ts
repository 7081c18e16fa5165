import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { mapWithConcurrency } from '../../src/util/map-with-concurrency.js';
import { BenchError } from './errors.js';
import type { GroupSpec } from './group-shape.js';

/** Requests in flight while seeding; the simulator answers them without latency. */
const SEED_CONCURRENCY = 16;

const json = (value: unknown): string => JSON.stringify(value);

/**
 * Fills an empty group with the generated group straight through the API, the way the onboarding
 * order of the reference has it (01 §4.7), without paycfg. The memory measurement needs large
 * groups in place quickly; what paycfg's own apply costs is measured by the scenarios.
 */
export async function seedGroup(spec: GroupSpec, baseUrl: string, token: string, deviceAdmin: string): Promise<void> {
  const client = createApiClient({ baseUrl, token, maxInFlight: SEED_CONCURRENCY });
  try {
    const emvIds = new Map<string, number>();
    await mapWithConcurrency(spec.emvConfigs, SEED_CONCURRENCY, async (e) => {
      const { id } = await client.emvConfigs.create({ emvName: e.emvName, paymentMethod: e.paymentMethod, currency: e.currency, params: json(e.params) });
      emvIds.set(e.emvName, id);
    });
    const emvList = (methods: Readonly<Record<string, readonly string[]>>): Record<string, number[]> =>
      Object.fromEntries(Object.entries(methods).map(([code, names]) => [code, names.map((n) => emvIds.get(n)!)]));
    const profileIds = new Map<string, number>();
    await mapWithConcurrency(spec.profiles, SEED_CONCURRENCY, async (p) => {
      const { id } = await client.acquirerProfiles.create({
        profileName: p.profileName,
        currency: p.currency,
        acqType: 'card',
        connMessageFormat: 'HOSTA_8583',
        connUrl: `https://${p.profileName}.acquirer.example/iso`,
        enablerParams: 'tid,mid',
        methodList: json(Object.fromEntries(Object.keys(p.methods).map((code) => [code, []]))),
        emvList: json(emvList(p.methods)),
      });
      profileIds.set(p.profileName, id);
    });
    await mapWithConcurrency(spec.merchants, SEED_CONCURRENCY, async (m) => {
      const { mchId } = await client.merchants.create({
        mchName: m.mchName,
        currency: m.currency,
        contactName: m.contactName,
        contactEmail: m.contactEmail,
        mcc: m.mcc,
        country: m.country,
        state: m.state as 0 | 1,
        providerReference: m.providerReference,
      });
      await seedMerchant(client, mchId, m, profileIds, emvIds, deviceAdmin);
    });
  } finally {
    await client.close();
  }
}

async function seedMerchant(
  client: ApiClient,
  mchId: string,
  m: GroupSpec['merchants'][number],
  profileIds: ReadonlyMap<string, number>,
  emvIds: ReadonlyMap<string, number>,
  deviceAdmin: string,
): Promise<void> {
  for (const b of m.bindings) {
    const profileId = profileIds.get(b.acquirer);
    if (profileId === undefined) throw new BenchError(`seeding: profile ${b.acquirer} was not created`);
    await client.bindings.create(mchId, {
      acquirerProfileId: String(profileId),
      currency: b.currency,
      ...(b.mid !== undefined ? { mid: b.mid } : {}),
      paymentMethods: Object.entries(b.methods).map(([code, names]) => ({
        paymentMethodCode: code,
        allows: [],
        emvs: names.map((n) => ({ emvId: emvIds.get(n)! })),
      })),
    });
  }
  for (const d of m.devices) {
    await client.devices.create({
      mchId,
      deviceAlias: d.deviceAlias,
      deviceName: d.deviceName,
      methodList: d.methods.join(','),
      deviceAdmin,
      extParams: { acquirers: Object.fromEntries(Object.entries(d.acquirerFields).map(([name, fields]) => [String(profileIds.get(name)), { ...fields }])) },
      emvParams: { ...d.emvParams },
    });
  }
}
