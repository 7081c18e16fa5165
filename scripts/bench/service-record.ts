/**
 * The service record the bench's recorded plans run with (`plan --service-record FILE`): the
 * simulator's reading, established the way `paycfg probe` establishes it from a live group, on a
 * small group of its own (not measured, no latency). One merchant is bound to part of a profile
 * (the first of its two methods); its acquirers[] item then shows whose lists it carries. The
 * bench's simulator speaks the binding reading (its default), so anything else is an error: the
 * recorded plans would measure a contradicted record.
 */
import { createApiClient } from '../../src/api/index.js';
import { PACKAGE_VERSION } from '../../src/package-files.js';
import { writeServiceRecord } from '../../src/service-record/file.js';
import type { EmvIdsByMethod, ServiceRecord } from '../../src/service-record/types.js';
import type { BenchSimulator } from './bench-simulator.js';
import { DEVICE_ADMIN } from './child-env.js';
import { BenchError } from './errors.js';
import { buildGroupSpec } from './group-shape.js';
import { seedGroup } from './seed-group.js';

/** A method map's lists compared as a record compares them: methods and ids sorted. */
function sortedLists(lists: EmvIdsByMethod): EmvIdsByMethod {
  return Object.fromEntries(Object.keys(lists).sort().map((code) => [code, [...(lists[code] ?? [])].sort((a, b) => a - b)]));
}

const sameLists = (a: EmvIdsByMethod, b: EmvIdsByMethod): boolean => JSON.stringify(sortedLists(a)) === JSON.stringify(sortedLists(b));

const parsedLists = (json: string | undefined): EmvIdsByMethod => sortedLists(JSON.parse(json ?? '{}') as Record<string, number[]>);

/**
 * Seeds group `groupId` (empty) with one merchant bound to half of its profile, reads the summary,
 * and writes the record of the binding reading to `file` with what was read as its evidence.
 */
export async function recordBindingReading(sim: BenchSimulator, groupId: string, file: string): Promise<ServiceRecord> {
  await sim.setLatency(0);
  const spec = buildGroupSpec({ merchants: 1, bindingsPerMerchant: 1, devicesPerMerchant: 0, profiles: 1, emvConfigs: 2, withMid: false });
  await seedGroup(spec, sim.url, sim.token(groupId), DEVICE_ADMIN);
  const client = createApiClient({ baseUrl: sim.url, token: sim.token(groupId) });
  try {
    const [[profile], [merchant]] = await Promise.all([client.acquirerProfiles.listAll(), client.merchants.listAll()]);
    if (profile === undefined || merchant === undefined) throw new BenchError(`the service record's group ${groupId} was not seeded`);
    const profileLists = parsedLists(profile.emvList);
    const [code, emvIds] = Object.entries(profileLists)[0]!;
    await client.bindings.replace(merchant.mchId, {
      acquirerProfileId: String(profile.profileId),
      currency: profile.currency,
      paymentMethods: [{ paymentMethodCode: code, emvs: emvIds.map((emvId) => ({ emvId })) }],
    });
    const [[read], [binding]] = await Promise.all([client.merchants.listAll(), client.bindings.listAll(merchant.mchId)]);
    const item = read?.acquirers?.find((a) => a.profileId === profile.profileId);
    if (item === undefined || binding === undefined) throw new BenchError(`the service record's merchant ${merchant.mchId} shows no binding`);
    const bindingLists = sortedLists(
      Object.fromEntries((binding.paymentMethods ?? []).map((pm) => [pm.paymentMethodCode, (pm.emvs ?? []).map((e) => e.emvId)])),
    );
    const summaryLists = parsedLists(item.emvList);
    if (!sameLists(summaryLists, bindingLists) || sameLists(summaryLists, profileLists)) {
      throw new BenchError(
        `the bench's simulator does not show the binding reading: summary ${JSON.stringify(summaryLists)}, binding ${JSON.stringify(bindingLists)}, profile ${JSON.stringify(profileLists)}`,
      );
    }
    const record: ServiceRecord = {
      version: 1,
      summaryLists: 'binding',
      evidence: {
        baseUrl: sim.url,
        group: groupId,
        at: new Date().toISOString(),
        paycfgVersion: PACKAGE_VERSION,
        method: 'live-group',
        merchant: { mchId: merchant.mchId, ...(merchant.providerReference !== undefined ? { providerReference: merchant.providerReference } : {}) },
        profile: { profileId: profile.profileId, profileName: profile.profileName },
        currency: profile.currency,
        bindingLists,
        profileLists,
        summaryLists,
        writes: [],
      },
    };
    await writeServiceRecord(file, record);
    return record;
  } finally {
    await client.close();
  }
}
