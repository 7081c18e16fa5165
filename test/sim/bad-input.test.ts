import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { merchantWithBinding, ok, V1 } from './fixtures.js';

/**
 * Malformed requests of every kind: each must be refused with code 10000 and a msg naming the
 * field (HTTP 200 for parameter errors, 413 for an oversized body), never a 500 or a hang.
 */
let sim: TestSimulator;
let mchId: string;
let profileId: number;
let emvId: number;
let deviceId: string;

beforeAll(async () => {
  sim = await startTestSimulator();
  const setup = await merchantWithBinding(sim);
  mchId = setup.mchId;
  profileId = setup.profileId;
  emvId = setup.emvIds['01'] as number;
  deviceId = ok(await sim.api('POST', `${V1}/device`, { mchId })).id;
});
afterAll(async () => sim.close());

interface Case {
  name: string;
  method: string;
  path: () => string;
  /** a function when the body needs ids made in beforeAll */
  body?: unknown;
  /** what the msg must say (the field it names) */
  msg: RegExp;
  status?: number;
}

const profileBody = (): Record<string, unknown> => ({
  profileName: 'P-new',
  currency: 'EUR',
  connMessageFormat: 'HOSTA_8583',
  methodList: '{"01":[]}',
  emvList: `{"01":[${emvId}]}`,
});
const merchantBody = { mchName: 'M', currency: 'EUR', contactName: 'C', contactEmail: 'c@example.com' };

const cases: Case[] = [
  // bodies that are not JSON objects
  { name: 'malformed JSON', method: 'POST', path: () => `${V1}/emv`, body: '{"emvName": ', msg: /request body is not JSON/ },
  { name: 'empty body', method: 'POST', path: () => `${V1}/mchInfo`, body: '', msg: /request body required/ },
  { name: 'JSON array body', method: 'POST', path: () => `${V1}/acquirer`, body: '[1,2]', msg: /request body must be a JSON object/ },
  { name: 'JSON string body', method: 'PUT', path: () => `${V1}/mchInfo/${mchId}`, body: '"text"', msg: /request body must be a JSON object/ },
  { name: 'JSON null body', method: 'POST', path: () => `${V1}/device`, body: 'null', msg: /request body must be a JSON object/ },
  // EMV configs
  { name: 'emv: emvName wrong type', method: 'POST', path: () => `${V1}/emv`, body: { emvName: 1, paymentMethod: '01', currency: 'EUR', params: '{}' }, msg: /emvName must be a string/ },
  { name: 'emv: params as an object', method: 'POST', path: () => `${V1}/emv`, body: { emvName: 'a', paymentMethod: '01', currency: 'EUR', params: { aid: 'x' } }, msg: /params must be a string/ },
  { name: 'emv: params invalid JSON', method: 'PUT', path: () => `${V1}/emv/${emvId}`, body: { currency: 'EUR', params: '{aid:1}' }, msg: /params is not valid JSON/ },
  { name: 'emv: unknown method code', method: 'POST', path: () => `${V1}/emv`, body: { emvName: 'a', paymentMethod: '1', currency: 'EUR', params: '{}' }, msg: /paymentMethod has unknown payment method code "1"/ },
  { name: 'emv: paymentMethod as a number', method: 'POST', path: () => `${V1}/emv`, body: { emvName: 'a', paymentMethod: 1, currency: 'EUR', params: '{}' }, msg: /paymentMethod must be a string/ },
  { name: 'emv: path id not a number', method: 'DELETE', path: () => `${V1}/emv/x1`, msg: /emvId must be a number/ },
  // acquirer profiles
  { name: 'profile: methodList invalid JSON', method: 'POST', path: () => `${V1}/acquirer`, body: () => ({ ...profileBody(), methodList: '{"01":[}' }), msg: /methodList is not valid JSON/ },
  { name: 'profile: methodList as an object', method: 'POST', path: () => `${V1}/acquirer`, body: () => ({ ...profileBody(), methodList: { '01': [] } }), msg: /methodList must be a string/ },
  { name: 'profile: emvList not an object', method: 'POST', path: () => `${V1}/acquirer`, body: () => ({ ...profileBody(), emvList: '[1]' }), msg: /emvList must be a JSON-encoded object/ },
  { name: 'profile: emvList negative id', method: 'POST', path: () => `${V1}/acquirer`, body: () => ({ ...profileBody(), emvList: '{"01":[-1]}' }), msg: /emvList\.01\[0\] must be at least 0/ },
  { name: 'profile: connExtraParams invalid JSON', method: 'PUT', path: () => `${V1}/acquirer/${profileId}`, body: { connExtraParams: '{' }, msg: /connExtraParams is not valid JSON/ },
  { name: 'profile: unknown message format', method: 'POST', path: () => `${V1}/acquirer`, body: () => ({ ...profileBody(), connMessageFormat: 'ISO' }), msg: /connMessageFormat must be one of/ },
  { name: 'profile: missing connMessageFormat', method: 'POST', path: () => `${V1}/acquirer`, body: () => ({ ...profileBody(), connMessageFormat: undefined }), msg: /connMessageFormat required/ },
  { name: 'profile: asSettleBlock as a string', method: 'PUT', path: () => `${V1}/acquirer/${profileId}`, body: { asSettleBlock: 'no' }, msg: /asSettleBlock must be true or false/ },
  { name: 'profile: unknown code key', method: 'PUT', path: () => `${V1}/acquirer/${profileId}`, body: { methodList: '{"D4":[]}' }, msg: /methodList\.D4 has unknown payment method code "D4"/ },
  // merchants
  { name: 'merchant: contactEmail wrong type', method: 'POST', path: () => `${V1}/mchInfo`, body: { ...merchantBody, contactEmail: ['a@b.co'] }, msg: /contactEmail must be a string/ },
  { name: 'merchant: state out of range', method: 'PUT', path: () => `${V1}/mchInfo/${mchId}`, body: { ...merchantBody, state: 5 }, msg: /state must be 0/ },
  { name: 'merchant: additionalData array', method: 'POST', path: () => `${V1}/mchInfo`, body: { ...merchantBody, additionalData: [1] }, msg: /additionalData must be an object/ },
  { name: 'merchant: bad receiptLogo', method: 'POST', path: () => `${V1}/mchInfo`, body: { ...merchantBody, receiptLogo: '%%%' }, msg: /receiptLogo must be an http\(s\) URL or base64/ },
  // bindings
  { name: 'binding: paymentMethods not an array', method: 'POST', path: () => `${V1}/mchInfo/payment/${mchId}`, body: () => ({ acquirerProfileId: String(profileId), currency: 'USD', paymentMethods: { paymentMethodCode: '01' } }), msg: /paymentMethods must be an array/ },
  { name: 'binding: emvId as a string', method: 'PUT', path: () => `${V1}/mchInfo/payment/${mchId}`, body: () => ({ acquirerProfileId: String(profileId), currency: 'EUR', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: String(emvId) }] }] }), msg: /paymentMethods\[0\]\.emvs\[0\]\.emvId must be a number/ },
  { name: 'binding: emvId fractional', method: 'PUT', path: () => `${V1}/mchInfo/payment/${mchId}`, body: () => ({ acquirerProfileId: String(profileId), currency: 'EUR', paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: 1.5 }] }] }), msg: /emvId must be an integer/ },
  { name: 'binding: missing paymentMethodCode', method: 'POST', path: () => `${V1}/mchInfo/payment/${mchId}`, body: () => ({ acquirerProfileId: String(profileId), currency: 'USD', paymentMethods: [{ emvs: [] }] }), msg: /paymentMethods\[0\]\.paymentMethodCode required/ },
  { name: 'binding: allows not strings', method: 'POST', path: () => `${V1}/mchInfo/payment/${mchId}`, body: () => ({ acquirerProfileId: String(profileId), currency: 'USD', paymentMethods: [{ paymentMethodCode: '01', allows: [1] }] }), msg: /paymentMethods\[0\]\.allows\[0\] must be a string/ },
  { name: 'binding: currency missing', method: 'POST', path: () => `${V1}/mchInfo/payment/${mchId}`, body: () => ({ acquirerProfileId: String(profileId) }), msg: /currency required/ },
  // devices
  { name: 'device: extParams as a string on create', method: 'POST', path: () => `${V1}/device`, body: () => ({ mchId, extParams: '{}' }), msg: /extParams must be an object/ },
  { name: 'device: acquirers not an object', method: 'POST', path: () => `${V1}/device`, body: () => ({ mchId, extParams: { acquirers: [] } }), msg: /extParams\.acquirers must be an object/ },
  { name: 'device: emvParams key wrong type', method: 'POST', path: () => `${V1}/device`, body: () => ({ mchId, emvParams: { terminalType: 21 } }), msg: /emvParams\.terminalType must be a string/ },
  { name: 'device: methodList unknown code', method: 'POST', path: () => `${V1}/device`, body: () => ({ mchId, methodList: '01,99' }), msg: /methodList has unknown payment method code "99"/ },
  { name: 'device: PUT emvParams invalid JSON', method: 'PUT', path: () => `${V1}/device/${deviceId}`, body: { emvParams: '{"a":' }, msg: /emvParams is not valid JSON/ },
  { name: 'device: PUT extParams not an object', method: 'PUT', path: () => `${V1}/device/${deviceId}`, body: { extParams: '7' }, msg: /extParams must be a JSON-encoded object/ },
  { name: 'device: PUT deviceType wrong type', method: 'PUT', path: () => `${V1}/device/${deviceId}`, body: { deviceType: true }, msg: /deviceType must be a string/ },
  { name: 'device: deviceStatus not 2 or 3', method: 'DELETE', path: () => `${V1}/device/${deviceId}?deviceStatus=abc`, msg: /deviceStatus must be 2/ },
  { name: 'device: send code without email', method: 'POST', path: () => `${V1}/device/code`, body: () => ({ deviceId }), msg: /email required/ },
  // query parameters
  { name: 'pageSize not a number', method: 'GET', path: () => `${V1}/emv?pageSize=ten`, msg: /pageSize must be -1 or a whole number/ },
  { name: 'pageSize zero', method: 'GET', path: () => `${V1}/acquirer?pageSize=0`, msg: /pageSize/ },
  { name: 'pageSize below -1', method: 'GET', path: () => `${V1}/mchInfo?pageSize=-2`, msg: /pageSize/ },
  { name: 'pageNumber zero', method: 'GET', path: () => `${V1}/device?mchId=${mchId}&pageNumber=0`, msg: /pageNumber must be a whole number from 1/ },
  { name: 'pageNumber fractional', method: 'GET', path: () => `${V1}/mchInfo/payment/${mchId}?pageNumber=1.5`, msg: /pageNumber/ },
  // nesting that would overflow the stack of a recursive serialiser
  { name: 'deeply nested JSON in params', method: 'POST', path: () => `${V1}/emv`, body: { emvName: 'deep', paymentMethod: '01', currency: 'EUR', params: `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}` }, msg: /params nests deeper than 32 levels/ },
  { name: 'deeply nested body', method: 'POST', path: () => `${V1}/mchInfo`, body: `{"mchName":"m","additionalData":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`, msg: /additionalData nests deeper than 32 levels/ },
  // size limit
  { name: 'body over 1 MiB', method: 'POST', path: () => `${V1}/mchInfo`, body: { ...merchantBody, receiptInfo: 'x'.repeat(1024 * 1024 + 10) }, msg: /request body exceeds/, status: 413 },
];

describe('bad input is refused with code 10000 naming the field, never a 500', () => {
  it.each(cases)('$name', async ({ method, path, body, msg, status }) => {
    const response = await sim.api(method, path(), typeof body === 'function' ? (body as () => unknown)() : body);
    expect(response.status, JSON.stringify(response.body)).toBe(status ?? 200);
    expect(response.body.code).toBe(10000);
    expect(response.body.msg).toMatch(msg);
    expect(response.body).not.toHaveProperty('data');
  });

  it('a malformed percent-encoding in the path is a 404, not a crash', async () => {
    const response = await sim.api('GET', `${V1}/mchInfo/%E0%A4%A`);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe(10000);
  });

  it('nothing above caused an internal error, and the store is unchanged', async () => {
    expect((await sim.admin.stats()).internalErrors).toBe(0);
    expect(ok(await sim.api('GET', `${V1}/mchInfo`)).total).toBe(1);
    expect(ok(await sim.api('GET', `${V1}/acquirer`)).total).toBe(1);
    expect(ok(await sim.api('GET', `${V1}/mchInfo/payment/${mchId}`)).total).toBe(1);
  });
});
