/**
 * Method codes beyond 01..06 in the service's answers, through either API: a card brand's `07`
 * (the simulator's extended catalog), a QR code and a name paycfg does not know (put into the
 * answers by a proxy) must not break a read, a plan or an export.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupClient, type GroupApi } from '../../src/backend/configuration-api.js';
import { buildDesiredState } from '../../src/desired/build-desired.js';
import { buildExport } from '../../src/export/build-manifest.js';
import { readExportSource } from '../../src/export/read-export.js';
import { renderSingleFile } from '../../src/export/write-yaml.js';
import { readAllLive, readLive, readOwner } from '../../src/live/read-live.js';
import { loadManifest } from '../../src/manifest/index.js';
import { planGroup } from '../../src/plan/plan-changes.js';
import { startHoldingProxy, type HoldingProxy } from '../helpers/holding-proxy.js';
import { TEST_GROUP } from '../helpers/simulator.js';
import { legacyGroup } from '../api/helpers/legacy-client-fixtures.js';
import { useSimulator } from '../api/helpers/sim-client.js';

const h = useSimulator({ methodCodes: 'extended' });
const V1 = '/api/openapi/v1';

/** A QR code and a method name paycfg does not know, added to what the service answers. */
const withUnknownMethods = (path: string, body: string): string => {
  if (path.startsWith('/api/openapi/v1/device') || path.startsWith('/api/v2/device')) return body.replaceAll('"01,07"', '"01,07,A1,WALLET_X"');
  if (path.startsWith('/api/v2/mchInfo')) return body.replace(/"supportedPaymentMethods":\[(\{[^\]]*?"profileId":(\d+)\})/g, '"supportedPaymentMethods":[{"paymentMethod":"WalletX","profileId":$2},$1');
  return body;
};

let proxy: HoldingProxy;
beforeEach(async () => {
  proxy = await startHoldingProxy(h.sim.url, { rewrite: (request, body) => withUnknownMethods(request.path, body) });
});
afterEach(async () => {
  await proxy.close();
});

/** EMV configs for 01 and 07, a card profile with both, a merchant bound to both and a till naming both: written through the current API. */
async function groupWithMethod07(): Promise<void> {
  const call = async (method: string, path: string, body: unknown): Promise<any> => {
    const answer = await h.sim.api(method, path, body);
    expect(answer.body.code, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data;
  };
  const visa = await call('POST', `${V1}/emv`, { emvName: 'visa-usd', paymentMethod: '01', currency: 'USD', params: '{"aid":"A0000000031010"}' });
  const brand = await call('POST', `${V1}/emv`, { emvName: 'brand-07', paymentMethod: '07', currency: 'USD', params: '{"aid":"A0000000991010"}' });
  const profile = await call('POST', `${V1}/acquirer`, {
    profileName: 'host-a-usd',
    currency: 'USD',
    acqType: 'card',
    connMessageFormat: 'HOSTA_8583',
    connUrl: 'https://host-a.example.com/iso',
    methodList: JSON.stringify({ '01': [], '07': [] }),
    emvList: JSON.stringify({ '01': [visa.id], '07': [brand.id] }),
  });
  const merchant = await call('POST', `${V1}/mchInfo`, { mchName: 'Shop', currency: 'USD', contactName: 'Ada', contactEmail: 'ada@example.com', providerReference: 'shop-1' });
  await call('POST', `${V1}/mchInfo/payment/${merchant.mchId}`, {
    acquirerProfileId: String(profile.id),
    currency: 'USD',
    paymentMethods: [
      { paymentMethodCode: '01', emvs: [{ emvId: visa.id }] },
      { paymentMethodCode: '07', emvs: [{ emvId: brand.id }] },
    ],
  });
  await call('POST', `${V1}/device`, { mchId: merchant.mchId, deviceAlias: 'till', methodList: '01,07' });
}

const MANIFEST = `
version: 1
group: ${TEST_GROUP}
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, appVersion: "0003" }
`;

describe.each(['current', 'legacy'] as GroupApi[])('a group holding methods beyond 01..06, through the %s API', (api) => {
  it('reads, plans and exports: the codes kept, the unknown name as the service wrote it', async () => {
    if (api === 'legacy') await legacyGroup(h);
    await groupWithMethod07();
    const apiClient = h.client({ baseUrl: proxy.url });
    const client = groupClient(apiClient, api);
    const owner = await readOwner(client, TEST_GROUP);

    const { state } = await readAllLive(client, owner, { concurrency: 4 });
    const fields = (address: string) => state.resources.get(address as never)?.fields as Record<string, any>;
    expect(fields('emv/brand-07')).toMatchObject({ paymentMethod: '07' });
    expect(Object.keys(fields('acquirer/host-a-usd').methods).sort()).toEqual(['01', '07']);
    expect(fields('device/shop-1/till').methods).toEqual(['01', '07', 'A1', 'WALLET_X']);
    const bound = Object.keys(fields('binding/shop-1/host-a-usd/USD').methods).sort();
    expect(bound).toEqual(api === 'legacy' ? ['01', '07', 'WalletX'] : ['01', '07']);

    const loaded = await loadManifest(['-'], { env: {}, cwd: process.cwd(), readStdin: async () => MANIFEST });
    const desired = buildDesiredState(loaded);
    const live = await readLive(client, desired, owner, { concurrency: 4 });
    const { plan } = planGroup(desired, live.state, { baseUrl: client.baseUrl, group: { groupId: owner.groupId, groupName: '' } });
    expect(plan.changes.map((c) => `${c.action} ${c.address}`)).toEqual(['update emv/visa-usd']);

    const source = await readExportSource(apiClient, { concurrency: 4, api });
    const exported = buildExport({
      groupId: owner.groupId,
      groupName: owner.groupName ?? '',
      live: source.live,
      unkeyed: source.unkeyed,
      bindingAllowsUnknown: source.bindingAllowsUnknown,
      assignReferences: false,
      manageSecrets: false,
    });
    const text = renderSingleFile(exported, '../schemas/manifest.schema.json');
    expect(text).toContain('paymentMethod: "07"');
    expect(text).toContain('"07": { emvs: [ brand-07 ] }');
  });
});
