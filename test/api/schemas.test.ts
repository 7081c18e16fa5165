import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { checkData, checkEnvelope, recordSchemas, type DataShape } from '../../src/api/wire-schemas.js';
import { createPaymentTerminal } from '../helpers/payment-fixtures.js';
import { deviceBody, emvBody, merchantBody, profileBody, useWireStyleSimulators } from './helpers/sim-client.js';

/**
 * The wire contract: schemas/api is hand-written from the reference, and every answer of every
 * endpoint of the simulator must validate against it. The raw calls below bypass the client, so
 * this holds independently of the client's own strict mode.
 */

const h = useWireStyleSimulators();
const V1 = '/api/openapi/v1';
const SCHEMA_DIR = new URL('../../schemas/api/', import.meta.url);

interface Checked {
  endpoint: string;
  status: number;
  body: { code: number; msg: string; data?: unknown };
}

h.describe('schemas/api', () => {
  it('holds one schema per record kind plus envelope, page and shared definitions, each with a matching $id', () => {
    const files = readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).sort();
    expect(files).toEqual([...recordSchemas, 'envelope', 'page', 'common'].map((n) => `${n}.schema.json`).sort());
    for (const file of files) {
      const schema = JSON.parse(readFileSync(new URL(file, SCHEMA_DIR), 'utf8')) as { $id: string; $schema: string };
      expect(schema.$id).toBe(`https://paycfg.dev/schemas/api/${file}`);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    }
  });

  it('validates every answer of every endpoint of the simulator', async () => {
    const checked: Checked[] = [];
    const call = async (method: string, path: string, shape: DataShape, body?: unknown, groupId?: string) => {
      const response = await h.sim.api(method, path, body, groupId);
      const endpoint = `${method} ${path}`;
      expect(checkEnvelope(response.body), endpoint).toBeUndefined();
      if (response.body.code === 0) {
        expect(checkData(shape, response.body.data), endpoint).toBeUndefined();
        if (shape.kind === 'none') expect('data' in response.body, `${endpoint} returns nothing`).toBe(false);
      }
      checked.push({ endpoint, status: response.status, body: response.body });
      return response.body.data as any;
    };

    await call('GET', '/api/v2/current', { kind: 'record', schema: 'owner-info' });

    const emv = await call('POST', `${V1}/emv`, { kind: 'record', schema: 'id-result' }, emvBody('visa'));
    const emv2 = await call('POST', `${V1}/emv`, { kind: 'record', schema: 'id-result' }, emvBody('spare'));
    await call('GET', `${V1}/emv?pageSize=-1`, { kind: 'page', schema: 'emv-config' });
    await call('PUT', `${V1}/emv/${emv2.id}`, { kind: 'none' }, { currency: 'EUR', params: '{"aid":"A1"}' });
    await call('DELETE', `${V1}/emv/${emv2.id}`, { kind: 'none' });

    const profile = await call('POST', `${V1}/acquirer`, { kind: 'record', schema: 'id-result' }, profileBody('acq-a', emv.id));
    const spare = await call('POST', `${V1}/acquirer`, { kind: 'record', schema: 'id-result' }, profileBody('acq-spare', emv.id));
    await call('GET', `${V1}/acquirer?pageSize=-1`, { kind: 'page', schema: 'acquirer-profile' });
    await call('PUT', `${V1}/acquirer/${profile.id}`, { kind: 'none' }, { notifyUrl: 'https://pbo.example/n', enablerParams: 'tid' });
    await call('DELETE', `${V1}/acquirer/${spare.id}`, { kind: 'none' });

    const merchant = await call(
      'POST',
      `${V1}/mchInfo`,
      { kind: 'record', schema: 'merchant' },
      merchantBody('shop-1', { mcc: '5812', country: 'US', passcode: '2468', additionalData: { a: 1 } }),
    );
    const spareMerchant = await call('POST', `${V1}/mchInfo`, { kind: 'record', schema: 'merchant' }, merchantBody('shop-2'));
    await call('PUT', `${V1}/mchInfo/${merchant.mchId}`, { kind: 'record', schema: 'merchant' }, merchantBody('shop-1', { mchName: 'Renamed' }));
    await call('DELETE', `${V1}/mchInfo/${spareMerchant.mchId}`, { kind: 'none' });

    const binding = { acquirerProfileId: String(profile.id), currency: 'USD', mid: 'MID-1', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: emv.id }] }] };
    await call('POST', `${V1}/mchInfo/payment/${merchant.mchId}`, { kind: 'none' }, binding);
    await call('PUT', `${V1}/mchInfo/payment/${merchant.mchId}`, { kind: 'none' }, { ...binding, mid: 'MID-2' });
    await call('GET', `${V1}/mchInfo/payment/${merchant.mchId}`, { kind: 'page', schema: 'binding-record' });
    await call('GET', `${V1}/mchInfo?pageSize=-1`, { kind: 'page', schema: 'merchant' });
    await call('GET', `${V1}/mchInfo/${merchant.mchId}`, { kind: 'record', schema: 'merchant', nullable: true });
    expect(await call('GET', `${V1}/mchInfo/M000000000000`, { kind: 'record', schema: 'merchant', nullable: true })).toBeNull();

    const unbound = await call('POST', `${V1}/mchInfo`, { kind: 'record', schema: 'merchant' }, merchantBody('shop-3'));
    const pending = await call('POST', `${V1}/device`, { kind: 'record', schema: 'device-created' }, deviceBody(unbound.mchId, 'no-acquirer'));
    expect(pending.profileId).toBeNull();
    await call('GET', `${V1}/device?mchId=${unbound.mchId}`, { kind: 'page', schema: 'device' });

    const extParams = { acquirers: { [String(profile.id)]: { tid: 'T1' } } };
    const code = await call('POST', `${V1}/device`, { kind: 'record', schema: 'device-created' }, deviceBody(merchant.mchId, 'till-1', { deviceAdmin: 'pw-1234', extParams }));
    const other = await call('POST', `${V1}/device`, { kind: 'record', schema: 'device-created' }, deviceBody(merchant.mchId, 'till-2', { extParams }));
    const third = await call('POST', `${V1}/device`, { kind: 'record', schema: 'device-created' }, deviceBody(merchant.mchId, 'till-3', { extParams }));
    await call('GET', `${V1}/device/${code.id}`, { kind: 'record', schema: 'device', nullable: true });
    await call('GET', `${V1}/device/${code.activationCode}`, { kind: 'record', schema: 'device', nullable: true });
    expect(await call('GET', `${V1}/device/CD-000000000000`, { kind: 'record', schema: 'device', nullable: true })).toBeNull();
    await call('GET', `${V1}/device/emv/${code.id}`, { kind: 'record', schema: 'device-emv', nullable: true });
    await call('PUT', `${V1}/device/${code.id}`, { kind: 'none' }, { deviceName: 'Front', emvParams: JSON.stringify({ terminalType: '22' }) });
    await call('POST', `${V1}/device/code`, { kind: 'none' }, { deviceId: code.id, email: 'ops@example.com' });
    await call('DELETE', `${V1}/device/${other.id}/idle`, { kind: 'none' });
    await call('DELETE', `${V1}/device/${third.id}`, { kind: 'none' });

    await h.sim.admin.activate(code.activationCode);
    const devices = await call('GET', `${V1}/device?mchId=${merchant.mchId}&pageSize=-1`, { kind: 'page', schema: 'device' });
    const active = (devices.records as Array<{ deviceId: string; isDevice?: boolean }>).find((d) => d.isDevice === true);
    expect(active).toBeDefined();
    await call('GET', `${V1}/device/${active?.deviceId}`, { kind: 'record', schema: 'device', nullable: true });
    await call('DELETE', `${V1}/device/${active?.deviceId}?deviceStatus=2`, { kind: 'none' });
    await call('DELETE', `${V1}/device/${active?.deviceId}?deviceStatus=3`, { kind: 'none' });
    await call('DELETE', `${V1}/mchInfo/payment/${merchant.mchId}?acquirerProfileId=${profile.id}&currency=USD`, { kind: 'none' });

    // Error envelopes are envelopes too: a business refusal, another group's device, a legacy endpoint.
    await call('POST', `${V1}/emv`, { kind: 'none' }, emvBody('visa'));
    await call('GET', `${V1}/device/${pending.id}`, { kind: 'none' }, undefined, 'G-00000077');
    await call('GET', '/api/v2/mchInfo', { kind: 'none' });

    const codes = checked.map((c) => c.body.code);
    expect(codes.slice(-3)).toEqual([10000, 13000, 13310]);
    expect(codes.slice(0, -3).every((c) => c === 0)).toBe(true);
    // Every documented endpoint was exercised.
    const routes = new Set(checked.map((c) => c.endpoint.replace(/\?.*$/, '').replace(/\/(M|CD-|T)?\d+(?=\/|$)/g, '/{id}')));
    expect([...routes].sort()).toEqual(
      [
        ...['GET', 'POST'].flatMap((m) => ['acquirer', 'emv', 'mchInfo', 'device'].map((r) => `${m} ${V1}/${r}`)),
        ...['PUT', 'DELETE'].flatMap((m) => ['acquirer', 'emv', 'mchInfo', 'device'].map((r) => `${m} ${V1}/${r}/{id}`)),
        `GET ${V1}/mchInfo/{id}`,
        `GET ${V1}/device/{id}`,
        ...['GET', 'POST', 'PUT', 'DELETE'].map((m) => `${m} ${V1}/mchInfo/payment/{id}`),
        `DELETE ${V1}/device/{id}/idle`,
        `POST ${V1}/device/code`,
        `GET ${V1}/device/emv/{id}`,
        'GET /api/v2/current',
        'GET /api/v2/mchInfo',
      ].sort(),
    );
  });

  it('validates every answer of the transaction, settlement and legacy endpoints of the simulator (document 2)', async () => {
    const seen: string[] = [];
    const call = async (method: string, path: string, shape: DataShape, body?: unknown) => {
      const response = await h.sim.api(method, path, body);
      const endpoint = `${method} ${path}`;
      expect(checkEnvelope(response.body), endpoint).toBeUndefined();
      expect(response.body.code, `${endpoint}: ${JSON.stringify(response.body)}`).toBe(0);
      expect(checkData(shape, response.body.data), endpoint).toBeUndefined();
      seen.push(endpoint.replace(/\?.*$/, '').replace(/\/(M|CD-|T)?\d+(?=\/|$)/g, '/{id}'));
      return response.body.data as any;
    };
    const terminal = await createPaymentTerminal(h.sim);
    const adminPwd = Buffer.from(terminal.deviceAdmin).toString('base64');
    const sale = await terminal.pay(20);
    const voided = await terminal.pay(5);
    const preAuth = await terminal.pay(9, { tranType: 'PRE_AUTH' });
    await terminal.pay(1, { decline: true });
    await call('GET', '/api/v2/order?pageSize=-1', { kind: 'page', schema: 'transaction' });
    await call('POST', `/api/v2/order/void/${voided.tranId}`, { kind: 'record', schema: 'void-result' }, { adminPwd });
    const refund = await call('POST', `/api/v2/order/refund/${sale.tranId}`, { kind: 'record', schema: 'id-result' }, { refundAmount: 2, refundReason: 'r', adminPwd });
    await call('POST', `/api/v2/order/capture/${preAuth.tranId}`, { kind: 'none' }, { amount: '4.5' });
    await call('POST', `/api/v2/order/email/${sale.tranId}`, { kind: 'none' }, { email: 'guest@example.com' });
    for (const tranId of [sale.tranId, voided.tranId, preAuth.tranId, String(refund.id)]) {
      await call('GET', `/api/v2/order/${tranId}`, { kind: 'record', schema: 'transaction-detail', nullable: true });
    }
    const batches = await call('GET', '/api/v2/settlement?pageSize=-1', { kind: 'page', schema: 'settlement-batch' });
    const batchId = batches.records[0].batchId as string;
    await call('GET', `/api/v2/settlement/${batchId}`, { kind: 'record', schema: 'settlement-batch-detail', nullable: true });
    await call('POST', '/api/v2/settlement/email', { kind: 'none' }, { batchIds: JSON.stringify([{ batchId }]), email: 'ops@example.com', mchId: terminal.mchId });
    await call('POST', '/api/v2/settlement/settle', { kind: 'record', schema: 'id-result' }, { batchId });
    await call('GET', `/api/v2/settlement/${batchId}`, { kind: 'record', schema: 'settlement-batch-detail', nullable: true });
    // A failed settlement: acquirer code 96, state 2, no success time.
    const other = await createPaymentTerminal(h.sim);
    await other.pay(3);
    const open = (await call('GET', '/api/v2/settlement?pageSize=-1', { kind: 'page', schema: 'settlement-batch' })).records.find((b: any) => b.state === 0);
    await h.sim.admin.settlementFailure(open.batchId);
    const failed = await call('GET', `/api/v2/settlement/${open.batchId}`, { kind: 'record', schema: 'settlement-batch-detail', nullable: true });
    expect(failed).toMatchObject({ state: 2, acquirerCode: '96', successTime: '' });

    await h.sim.admin.createGroup({ groupId: 'G-00000001', apiVersion: 'legacy' });
    await call('GET', '/api/v2/acquirer?pageSize=-1', { kind: 'page', schema: 'legacy-acquirer-profile' });
    await call('GET', '/api/v2/emv?pageSize=-1', { kind: 'page', schema: 'legacy-emv-config' });
    await call('GET', '/api/v2/mchInfo?pageSize=-1', { kind: 'page', schema: 'legacy-merchant' });
    await call('GET', `/api/v2/mchInfo/${terminal.mchId}`, { kind: 'record', schema: 'legacy-merchant', nullable: true });
    const merchant = await call('POST', '/api/v2/mchInfo', { kind: 'record', schema: 'legacy-merchant' }, { mchName: 'Legacy', contactName: 'Ada', contactEmail: 'ada@example.com' });
    await call('PUT', `/api/v2/mchInfo/${merchant.mchId}`, { kind: 'record', schema: 'legacy-merchant' }, { supportedPaymentMethods: [{ paymentMethod: '01', profileId: terminal.profileId }] });
    const code = await call('POST', '/api/v2/device', { kind: 'record', schema: 'legacy-device-created' }, { mchId: merchant.mchId, activateCodeAlias: 'till', deviceType: 'COTS' });
    await call('GET', `/api/v2/device?merchantId=${terminal.mchId}&pageSize=-1`, { kind: 'page', schema: 'legacy-device' });
    await call('GET', `/api/v2/device?merchantId=${merchant.mchId}&pageSize=-1`, { kind: 'page', schema: 'legacy-device' });
    await call('PUT', `/api/v2/device/${code.id}`, { kind: 'record', schema: 'id-result' }, { extParams: JSON.stringify({ acqTid: 'T9', acqMid: 'M9' }) });
    await call('DELETE', `/api/v2/device/${code.id}`, { kind: 'record', schema: 'id-result' });
    await call('DELETE', `/api/v2/mchInfo/payment/${merchant.mchId}/01`, { kind: 'none' });
    await call('PUT', `/api/v2/acquirer/${terminal.profileId}`, { kind: 'record', schema: 'id-result' }, { connMessageFormat: 'HOSTA_8583', currency: 'USD', connTimeout: 30 });
    await call('DELETE', `/api/v2/mchInfo/${merchant.mchId}`, { kind: 'none' });
    const legacyEmv = await call('POST', '/api/v2/emv', { kind: 'record', schema: 'id-result' }, emvBody('legacy-visa'));
    await call('PUT', `/api/v2/emv/${legacyEmv.id}`, { kind: 'none' }, { currency: 'USD', params: '{"aid":"A0000000031010"}' });
    const legacyProfile = await call('POST', '/api/v2/acquirer', { kind: 'record', schema: 'id-result' }, {
      profileName: 'legacy-acq',
      currency: 'USD',
      groupId: 'G-00000001',
      connMessageFormat: 'HOSTA_8583',
      connUrl: 'https://acquirer.example.com/8583',
      notifyUrl: 'https://pbo.example.com/notify',
      emvList: { '01': [legacyEmv.id] },
      methodList: { '01': ['Sale'] },
    });
    await call('DELETE', `/api/v2/acquirer/${legacyProfile.id}`, { kind: 'record', schema: 'id-result' });
    await call('DELETE', `/api/v2/emv/${legacyEmv.id}`, { kind: 'none' });
    expect(new Set(seen).size).toBe(28);
  });

  it('rejects records that break the reference, so the checks above are not vacuous', () => {
    const profile = { profileId: 1, profileName: 'a', currency: 'USD', acqType: 'card', connMessageFormat: 'HOSTA_8583', methodList: '{}' };
    const bad: Array<[DataShape, unknown, string]> = [
      [{ kind: 'record', schema: 'acquirer-profile' }, { ...profile, profileId: 'p1' }, '/data/profileId'],
      [{ kind: 'record', schema: 'acquirer-profile' }, { ...profile, profileId: null }, '/data/profileId'],
      [{ kind: 'record', schema: 'acquirer-profile' }, { ...profile, methodList: null }, '/data/methodList'],
      [{ kind: 'record', schema: 'acquirer-profile' }, { ...profile, methodList: { '01': [] } }, '/data/methodList'],
      [{ kind: 'record', schema: 'acquirer-profile' }, { ...profile, connMessageFormat: 'HOSTZ' }, '/data/connMessageFormat'],
      [{ kind: 'record', schema: 'acquirer-profile' }, { ...profile, createdAt: '2024-01-01 10:00:00' }, '/data/createdAt'],
      [{ kind: 'record', schema: 'device' }, { deviceId: 'CD-1', deviceStatus: 4 }, '/data/deviceStatus'],
      [{ kind: 'record', schema: 'device' }, { deviceId: 'CD-1', isDevice: false }, '/data/isDevice'],
      [{ kind: 'record', schema: 'merchant' }, { mchName: 'a', currency: 'USD', contactName: 'n', contactEmail: 'e' }, '/data/mchId'],
      [{ kind: 'record', schema: 'merchant' }, { mchId: 'M1', mchName: 'a', currency: 'usd', contactName: 'n', contactEmail: 'e' }, '/data/currency'],
      [{ kind: 'record', schema: 'device-created' }, { id: 'CD-1', activationCode: '1' }, '/data/profileId'],
      [{ kind: 'page', schema: 'emv-config' }, { total: 1, current: 1, hasNext: 'no', records: [] }, '/data/hasNext'],
      [{ kind: 'page', schema: 'emv-config' }, { records: [], current: 1, size: 10, pages: 0 }, '/data/total'],
      [{ kind: 'page', schema: 'emv-config' }, { records: [], total: 0, size: '10', current: 1 }, '/data/size'],
      [{ kind: 'page', schema: 'binding-record' }, { total: 1, current: 1, hasNext: false, records: [{ currency: 'USD' }] }, '/data/records/0/acquirerProfileId'],
      [{ kind: 'record', schema: 'owner-info' }, undefined, '/data'],
    ];
    for (const [shape, data, pointer] of bad) expect(checkData(shape, data)?.pointer, pointer).toBe(pointer);
    expect(checkEnvelope({ code: '0', msg: 'SUCCESS' })?.pointer).toBe('/code');
    expect(checkEnvelope({ code: 0, msg: 'SUCCESS', data: 'text' })?.pointer).toBe('/data');
  });

  it('checks the records of document 2 (transactions, settlements, legacy): both wire styles pass, a wrong shape is refused', () => {
    const tran = { tranId: '100000000001', amount: { currency: 'USD', value: 12.5 }, tranType: 'SALE', tranStatus: 'APPROVED' };
    const batch = { batchId: '5001', currency: 'USD', state: 0 };
    const legacyProfile = { profileId: 1001, profileName: 'acq', currency: 'USD', methodList: { '01': ['Sale', 'Refund'] } };
    const good: Array<[DataShape, unknown]> = [
      [{ kind: 'record', schema: 'transaction' }, { ...tran, createdAt: '2026-11-25T10:15:00Z', settleState: 0, accountMasked: '476173******0119' }],
      [{ kind: 'record', schema: 'transaction' }, { ...tran, settleState: null, rrn: null, createdAt: '2026-11-25T10:15:00.123+00:00' }],
      [{ kind: 'record', schema: 'transaction-detail' }, { ...tran, callbackUrl: '', actions: [{ actionType: 'REFUND', amount: { currency: 'USD', value: 1 } }] }],
      [{ kind: 'record', schema: 'transaction-detail' }, { ...tran, callbackUrl: null, actions: null }],
      [{ kind: 'record', schema: 'void-result' }, { currency: 'USD', state: 4, deviceId: 'T0000000001', refundAmount: 12.5 }],
      [{ kind: 'page', schema: 'settlement-batch' }, { records: [{ ...batch, paymentAmt: 1.5, paymentCount: 1, acquirerCode: null }], total: 1, size: 10, current: 1, pages: 1 }],
      [{ kind: 'page', schema: 'settlement-batch' }, { total: 1, current: 1, hasNext: false, pages: 1, size: 10, records: [{ ...batch, createdAt: '2026-11-25T10:15:00Z' }] }],
      [{ kind: 'record', schema: 'settlement-batch-detail' }, { ...batch, successTime: '', transactions: [{ amount: 1.5, transType: 'SALE', count: 1, paymentMethod: 'NETWORK_A' }] }],
      [{ kind: 'record', schema: 'legacy-merchant' }, { mchId: 'M1', mchName: 'a', supportedPaymentMethods: [{ paymentMethod: '01', profileId: 1001 }], extParams: { acqMid: 'MID', acqTid: '' }, mcc: null }],
      [{ kind: 'record', schema: 'legacy-device' }, { deviceId: 'CD-1', activateCodeAlias: 'till', extParams: { acqTid: 'T1', jwtSecret: 'x' }, profileId: '1001', serverUrl: null }],
      [{ kind: 'record', schema: 'legacy-device-created' }, { id: 'CD-1', activationCode: '123456789012' }],
      [{ kind: 'record', schema: 'legacy-device-created' }, { id: 'CD-1', activeCode: '123456789012' }],
      [{ kind: 'record', schema: 'legacy-acquirer-profile' }, { ...legacyProfile, emvList: { '01': [1002] }, connTimeout: 30, connSync: true, batchNo: '000001', acqType: null }],
    ];
    for (const [shape, data] of good) expect(checkData(shape, data), JSON.stringify(data)).toBeUndefined();
    const bad: Array<[DataShape, unknown, string]> = [
      [{ kind: 'record', schema: 'transaction' }, { ...tran, tranStatus: 'OK' }, '/data/tranStatus'],
      [{ kind: 'record', schema: 'transaction' }, { ...tran, amount: 12.5 }, '/data/amount'],
      [{ kind: 'record', schema: 'transaction' }, { ...tran, amount: { currency: 'USD', value: '12.50' } }, '/data/amount/value'],
      [{ kind: 'record', schema: 'transaction' }, { ...tran, settleState: 3 }, '/data/settleState'],
      [{ kind: 'record', schema: 'transaction' }, { ...tran, createdAt: '2026-11-25 10:15:00' }, '/data/createdAt'],
      [{ kind: 'record', schema: 'transaction-detail' }, { ...tran, tranId: undefined, actions: [] }, '/data/tranId'],
      [{ kind: 'record', schema: 'transaction-detail' }, { ...tran, actions: {} }, '/data/actions'],
      [{ kind: 'record', schema: 'void-result' }, { currency: 'USD', state: 4, deviceId: 'T1' }, '/data/refundAmount'],
      [{ kind: 'page', schema: 'settlement-batch' }, { records: [{ ...batch, state: '0' }], total: 1, current: 1 }, '/data/records/0/state'],
      [{ kind: 'record', schema: 'settlement-batch' }, { ...batch, paymentCount: 1.5 }, '/data/paymentCount'],
      [{ kind: 'record', schema: 'settlement-batch-detail' }, { ...batch, transactions: [{ amount: 1, transType: 'SALE', count: 1 }] }, '/data/transactions/0/paymentMethod'],
      [{ kind: 'record', schema: 'legacy-merchant' }, { mchId: 'M1', mchName: 'a', supportedPaymentMethods: [{ paymentMethod: '01', profileId: 'p1' }] }, '/data/supportedPaymentMethods/0/profileId'],
      [{ kind: 'record', schema: 'legacy-device' }, { deviceId: 'CD-1', deviceStatus: 5 }, '/data/deviceStatus'],
      [{ kind: 'record', schema: 'legacy-device-created' }, { id: 'CD-1' }, '/data/activationCode'],
      [{ kind: 'record', schema: 'legacy-acquirer-profile' }, { ...legacyProfile, methodList: JSON.stringify({ '01': [] }) }, '/data/methodList'],
      [{ kind: 'record', schema: 'legacy-acquirer-profile' }, { ...legacyProfile, emvList: { '01': ['x'] } }, '/data/emvList/01/0'],
    ];
    for (const [shape, data, pointer] of bad) expect(checkData(shape, data)?.pointer, pointer).toBe(pointer);
  });

  it('allows what the reference leaves open: extra fields, absent optional fields, null device profileId', () => {
    expect(checkData({ kind: 'record', schema: 'merchant' }, { mchId: 'M1', mchName: 'a', currency: 'USD', contactName: 'n', contactEmail: 'e', futureField: [1] })).toBeUndefined();
    expect(checkData({ kind: 'record', schema: 'device' }, { deviceId: 'CD-1', profileId: null })).toBeUndefined();
    expect(checkData({ kind: 'record', schema: 'device-emv' }, { emvParams: { netDExReaderCapability: 18000, vendorKey: 'x' }, emvAID: [] })).toBeUndefined();
    expect(checkData({ kind: 'record', schema: 'merchant', nullable: true }, null)).toBeUndefined();
  });

  it('allows the real service\'s shapes: MyBatis-Plus pages without hasNext, null optional fields, ids as integers or strings', () => {
    const emv = { id: 7, emvName: 'mc', paymentMethod: '02', currency: 'USD', params: '{"isNewCVMRuleForMC":true}' };
    const pages: unknown[] = [
      { records: [emv], total: 1, size: 10, current: 1, pages: 1 },
      { records: [emv], hasNext: false, total: 1, size: 10, current: 1, pages: 1 },
      { records: [emv], total: 1, size: -1, current: 1, pages: -1 },
      { records: [{ ...emv, id: '7', groupId: null, createdAt: null }], total: 1, current: 1 },
    ];
    for (const page of pages) expect(checkData({ kind: 'page', schema: 'emv-config' }, page), JSON.stringify(page)).toBeUndefined();
    const profile = { profileId: '12', profileName: 'a', currency: 'USD', acqType: 'card', connMessageFormat: 'SVC_ENABLER', methodList: '{}' };
    expect(checkData({ kind: 'record', schema: 'acquirer-profile' }, { ...profile, emvList: null, connUrl: null, asDefault: null })).toBeUndefined();
    const merchant = { mchId: 'M1721816099', uuid: 'M1721816099', mchName: 'a', currency: 'USD', contactName: 'n', contactEmail: 'e' };
    expect(
      checkData({ kind: 'record', schema: 'merchant' }, { ...merchant, mcc: null, state: null, additionalData: null, acquirers: [{ profileId: '12', emvList: null }] }),
    ).toBeUndefined();
    const binding = { acquirerProfileId: 12, currency: 'USD', mid: null, paymentMethods: [{ paymentMethodCode: 'A1', emvs: [{ emvId: '7' }] }] };
    expect(checkData({ kind: 'record', schema: 'binding-record' }, binding)).toBeUndefined();
    expect(checkData({ kind: 'record', schema: 'id-result' }, { id: '12' })).toBeUndefined();
    expect(checkData({ kind: 'record', schema: 'device' }, { deviceId: 'CD-1', profileId: 12, isDevice: null, deviceAlias: null })).toBeUndefined();
    const owner = { groupName: 'PBO', messageFormat: '["SVC_ENABLER"]', groupId: 'G-12345678', emailSender: '{}', updatedAt: '2024-07-24 10:14:59' };
    expect(checkData({ kind: 'record', schema: 'owner-info' }, owner)).toBeUndefined();
    expect(checkEnvelope({ code: 10000, msg: 'Parameters Error (activationCode required)' })).toBeUndefined();
    expect(checkEnvelope({ msg: 'Parameters Error (activationCode required)', code: 10000, data: null })).toBeUndefined();
  });
});
