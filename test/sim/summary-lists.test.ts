/**
 * The simulator's switch for the reading the reference leaves open (01 §2.1): a merchant's
 * acquirers[] items carry the binding's own methodList/emvList (`binding`, the default) or the bound
 * profile's (`profile`). Set by startSimulator's `summaryLists` and `paycfg sim --summary-lists`.
 */
import { describe, expect, it } from 'vitest';
import { simCommand } from '../../src/cli/commands/sim.js';
import { captureIo } from '../../src/cli/io.js';
import { signSimToken } from '../../src/sim/index.js';
import { startTestSimulator } from '../helpers/simulator.js';

type Api = (method: string, path: string, body?: unknown) => Promise<any>;

/** A profile of 01 and 02, and a merchant bound to 01 only; returns the merchant's acquirers[] with the EMV ids. */
async function boundToPart(api: Api): Promise<{ acquirers: any[]; visa: number; mc: number }> {
  const emv = async (emvName: string, paymentMethod: string): Promise<number> =>
    (await api('POST', '/api/openapi/v1/emv', { emvName, paymentMethod, currency: 'USD', params: '{}' })).data.id;
  const visa = await emv('visa-usd', '01');
  const mc = await emv('mc-usd', '02');
  const profileId = (
    await api('POST', '/api/openapi/v1/acquirer', {
      profileName: 'host-a',
      currency: 'USD',
      connMessageFormat: 'HOSTA_8583',
      methodList: JSON.stringify({ '01': ['Sale'], '02': [] }),
      emvList: JSON.stringify({ '01': [visa], '02': [mc] }),
    })
  ).data.id;
  const mchId = (await api('POST', '/api/openapi/v1/mchInfo', { mchName: 'Shop', currency: 'USD', contactName: 'Jane', contactEmail: 'jane@shop.example' })).data.mchId;
  const bound = await api('POST', `/api/openapi/v1/mchInfo/payment/${mchId}`, {
    acquirerProfileId: String(profileId),
    currency: 'USD',
    paymentMethods: [{ paymentMethodCode: '01', emvs: [{ emvId: visa }] }],
  });
  expect(bound.code).toBe(0);
  const merchant = await api('GET', `/api/openapi/v1/mchInfo/${mchId}`);
  return { acquirers: merchant.data.acquirers, visa, mc };
}

describe('acquirers[] lists', () => {
  it.each([
    [undefined, (visa: number, _mc: number) => ({ methodList: { '01': [] }, emvList: { '01': [visa] } })],
    ['binding' as const, (visa: number, _mc: number) => ({ methodList: { '01': [] }, emvList: { '01': [visa] } })],
    ['profile' as const, (visa: number, mc: number) => ({ methodList: { '01': ['Sale'], '02': [] }, emvList: { '01': [visa], '02': [mc] } })],
  ])('summaryLists %s', async (summaryLists, expected) => {
    const sim = await startTestSimulator(summaryLists === undefined ? {} : { summaryLists });
    try {
      expect(await sim.admin.settings()).toMatchObject({ summaryLists: summaryLists ?? 'binding' });
      const { acquirers, visa, mc } = await boundToPart(async (method, path, body) => (await sim.api(method, path, body)).body);
      expect(acquirers).toHaveLength(1);
      expect(acquirers[0]).toMatchObject({ profileName: 'host-a', currency: 'USD' });
      const lists = expected(visa, mc);
      expect(JSON.parse(acquirers[0].methodList)).toEqual(lists.methodList);
      expect(JSON.parse(acquirers[0].emvList)).toEqual(lists.emvList);
    } finally {
      await sim.close();
    }
  });

  it('`paycfg sim --summary-lists profile` serves the profile’s lists; another value is a usage error', async () => {
    let interrupt: (signal: string) => void = () => {};
    const interrupted = new Promise<string>((resolve) => (interrupt = resolve));
    const io = captureIo({ env: { PAYCFG_SIM_SECRET: 'summary-secret' }, interrupted });
    const exit = simCommand.run(['--port', '0', '--summary-lists', 'profile'], io);
    const deadline = Date.now() + 10_000;
    while (!io.out().includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const url = io.out().trim().replace('listening on ', '');
    const token = signSimToken({ groupId: 'G-00000001', secret: 'summary-secret', ttlSeconds: 600 });
    try {
      const api: Api = async (method, path, body) => {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return response.json();
      };
      const { acquirers } = await boundToPart(api);
      expect(Object.keys(JSON.parse(acquirers[0].methodList))).toEqual(['01', '02']);
      expect(await (await fetch(`${url}/_sim/settings`)).json()).toEqual({ wireStyle: 'real', summaryLists: 'profile' });
    } finally {
      interrupt('SIGTERM');
      expect(await exit).toBe(0);
    }
    await expect(simCommand.run(['--summary-lists', 'merchant'], captureIo())).rejects.toThrow(/--summary-lists must be binding or profile, got "merchant"/);
  });
});

describe('the summary reading is one simulator’s setting', () => {
  it('two simulators in one process answer each with its own reading', async () => {
    const [bindingSim, profileSim] = await Promise.all([startTestSimulator({ summaryLists: 'binding' }), startTestSimulator({ summaryLists: 'profile' })]);
    try {
      const read = async (sim: typeof bindingSim) => {
        const { acquirers } = await boundToPart(async (method, path, body) => (await sim.api(method, path, body)).body);
        return Object.keys(JSON.parse(acquirers[0].methodList));
      };
      expect(await read(profileSim)).toEqual(['01', '02']);
      expect(await read(bindingSim)).toEqual(['01']);
    } finally {
      await Promise.all([bindingSim.close(), profileSim.close()]);
    }
  });
});
