/**
 * Fills a simulator group through the raw API (not through paycfg), so that export is tested on
 * live state paycfg did not write itself.
 */
import type { TestSimulator } from '../helpers/simulator.js';

export const V1 = '/api/openapi/v1';

/** Calls the API and fails the test with the service's answer unless it succeeded. */
export async function call(sim: TestSimulator, group: string, method: string, path: string, body?: unknown): Promise<any> {
  const { status, body: answer } = await sim.api(method, path, body, group);
  if (status !== 200 || answer?.code !== 0) throw new Error(`${method} ${path} answered ${status} ${JSON.stringify(answer)}`);
  return answer.data;
}

export async function createDevice(sim: TestSimulator, group: string, body: Record<string, unknown>): Promise<{ id: string; activationCode: string }> {
  return call(sim, group, 'POST', `${V1}/device`, body);
}

/** Logs the terminal app in with the code; returns the activated device id (`T...`). */
export async function activate(sim: TestSimulator, activationCode: string): Promise<string> {
  const device = (await sim.admin.activate(activationCode)) as { deviceId: string };
  return device.deviceId;
}

/** The deviceAdmin values written by `populateEverything`: none may appear in any export output. */
export const DEVICE_ADMINS = {
  till1: 'adm-Till1-7f3a9c',
  kiosk: 'adm-Kiosk-2b8e41',
  back: 'adm-Back-9d0c55',
  bar: 'adm-Bar-61aa0f',
} as const;

/**
 * Every kind with every optional field: EMV params of both value types, three profiles (card with
 * every option, card with two EMV configs per method, QR), a merchant with every field (values
 * holding `${` too) and three bindings, a minimal merchant with no binding, and devices pending,
 * activated, logged out and decommissioned.
 */
export async function populateEverything(sim: TestSimulator, group: string): Promise<{ activated: string; loggedOut: string }> {
  const emv = async (emvName: string, paymentMethod: string, currency: string, params: Record<string, unknown>) =>
    (await call(sim, group, 'POST', `${V1}/emv`, { emvName, paymentMethod, currency, params: JSON.stringify(params) })).id as number;
  const visaUsd = await emv('visa-usd', '01', 'USD', {
    aid: 'A0000000031010',
    appVersion: '0002',
    clFloorLimit: 0,
    clTransLimit: 99999999,
    clCVMLimit: '100000',
    defaultDDOL: '9F3704',
  });
  const mcUsd = await emv('mc-usd', '02', 'USD', { aid: 'A0000000041010', clFloorLimit: '0', defaultTDOL: '9F02065F2A02' });
  const visaEur = await emv('visa-eur', '01', 'EUR', { aid: 'A0000000031010', clTransLimit: 5000000 });
  const visaEurDebit = await emv('visa-eur-debit', '01', 'EUR', { aid: 'A0000000032010', clTransLimit: 2500000 });

  const profile = async (body: Record<string, unknown>) => (await call(sim, group, 'POST', `${V1}/acquirer`, body)).id as number;
  const hostA = await profile({
    profileName: 'host-a-usd',
    currency: 'USD',
    acqType: 'card',
    connUrl: 'https://host-a.example.com/iso',
    notifyUrl: 'https://pbo.example.com/notify/host-a',
    connExtraParams: JSON.stringify({ nii: '003', timeoutSeconds: 30, keepAlive: true }),
    connMessageFormat: 'HOSTA_8583',
    enablerMsgFormat: 'HOSTA_ENABLER_V2',
    enablerParams: 'tid;mid',
    asDefault: true,
    asSettleBlock: true,
    methodList: JSON.stringify({ '01': ['Sale', 'Refund'], '02': [] }),
    emvList: JSON.stringify({ '01': [visaUsd], '02': [mcUsd] }),
  });
  const hostB = await profile({
    profileName: 'host-b-eur',
    currency: 'EUR',
    connMessageFormat: 'HOSTB_8583',
    enablerParams: 'tid',
    methodList: JSON.stringify({ '01': [] }),
    emvList: JSON.stringify({ '01': [visaEur, visaEurDebit] }),
  });
  const qr = await profile({
    profileName: 'qr-wallet',
    currency: 'USD',
    acqType: 'qr',
    connMessageFormat: 'HOSTD_WALLET',
    methodList: JSON.stringify({ A1: [], C12: [] }),
  });

  // host-a-usd is the default card profile: the service binds every new merchant to it.
  const cafe = await call(sim, group, 'POST', `${V1}/mchInfo`, {
    mchName: 'Café ${Corner}',
    currency: 'USD',
    contactName: 'Jane Doe',
    contactEmail: 'jane@cafe.example',
    mcc: '5814',
    region: 'east',
    timeZone: 'America/New_York',
    country: 'US',
    transType: 'SALE_ONLY',
    contactPhone: '+1 212 555 0100',
    contactAddress: '12 Main Street\nNew York, NY 10001',
    receiptLogo: 'https://cdn.example.com/cafe.png',
    receiptInfo: 'Pay with $${card} or ${qr}: thank you!',
    state: 0,
    providerReference: 'cafe-001',
    passcode: 'merchant-passcode-x1',
    mdr: '1.5',
    merchantType: 'restaurant',
    additionalData: { loyalty: { programme: 'beans', tiers: ['gold', 1, true, null] }, '01': 'code-like key', note: '${not a variable}' },
  });
  const mchId = cafe.mchId as string;
  await call(sim, group, 'PUT', `${V1}/mchInfo/payment/${mchId}`, {
    acquirerProfileId: String(hostA),
    currency: 'USD',
    mid: '000000012345',
    paymentMethods: [
      { paymentMethodCode: '01', allows: ['Sale'], emvs: [{ emvId: visaUsd }] },
      { paymentMethodCode: '02', emvs: [{ emvId: mcUsd }] },
    ],
  });
  await call(sim, group, 'POST', `${V1}/mchInfo/payment/${mchId}`, {
    acquirerProfileId: String(hostB),
    currency: 'EUR',
    mid: 'EU-778',
    paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: visaEur }, { emvId: visaEurDebit }] }],
  });
  await call(sim, group, 'POST', `${V1}/mchInfo/payment/${mchId}`, {
    acquirerProfileId: String(qr),
    currency: 'USD',
    paymentMethods: [{ paymentMethodCode: 'A1' }, { paymentMethodCode: 'C12' }],
  });

  const acquirers = { [hostA]: { tid: '00000001', mid: '000000012345' }, [hostB]: { tid: 'B0000101' } };
  await createDevice(sim, group, {
    mchId,
    deviceAlias: 'till-1',
    deviceName: 'Front till',
    deviceType: 'SMARTPOS',
    operatingMode: 'attended',
    methodList: '01,02,A1',
    deviceAdmin: DEVICE_ADMINS.till1,
    extParams: { acquirers },
    emvParams: { terminalCountryCode: '0840', txnCurrencyCode: '0840', netDExReaderCapability: 18000, terminalCapability: 'E0F8C8' },
  });
  const kiosk = await createDevice(sim, group, {
    mchId,
    deviceAlias: 'kiosk',
    deviceName: 'Self-service kiosk',
    operatingMode: 'unattended',
    methodList: '01',
    deviceAdmin: DEVICE_ADMINS.kiosk,
    extParams: { acquirers: { [hostA]: { tid: '00000002', mid: '000000012345' } } },
    emvParams: { terminalType: '25' },
  });
  const activated = await activate(sim, kiosk.activationCode);
  const back = await createDevice(sim, group, { mchId, deviceAlias: 'back-office', methodList: '02', deviceAdmin: DEVICE_ADMINS.back });
  const loggedOut = await activate(sim, back.activationCode);
  await call(sim, group, 'DELETE', `${V1}/device/${loggedOut}?deviceStatus=2`);
  const old = await createDevice(sim, group, { mchId, deviceAlias: 'old-till', deviceAdmin: 'adm-old-decommissioned' });
  const oldId = await activate(sim, old.activationCode);
  await call(sim, group, 'DELETE', `${V1}/device/${oldId}?deviceStatus=3`);

  // A minimal merchant whose automatic binding is removed: it has no binding at all.
  const bar = await call(sim, group, 'POST', `${V1}/mchInfo`, {
    mchName: 'Bar',
    currency: 'EUR',
    contactName: 'Bo',
    contactEmail: 'bo@bar.example',
    providerReference: 'bar-002',
  });
  await call(sim, group, 'DELETE', `${V1}/mchInfo/payment/${bar.mchId}?acquirerProfileId=${hostA}&currency=USD`);
  await createDevice(sim, group, { mchId: bar.mchId, deviceAlias: 'bar-till', deviceAdmin: DEVICE_ADMINS.bar });
  return { activated, loggedOut };
}
