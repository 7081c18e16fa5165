/**
 * A terminal that can take payments, built through the simulator's API as an integrator would:
 * an EMV config, a card acquirer profile, a merchant bound to it with a `mid`, and an activated
 * terminal with its `tid`/`mid` for the profile and an admin password. Transaction, settlement and
 * client suites share it.
 */
import type { PaymentInput, SimTransaction } from '../../src/sim/index.js';
import { TEST_GROUP, type TestSimulator } from './simulator.js';

const V1 = '/api/openapi/v1';

export interface PaymentTerminal {
  groupId: string;
  mchId: string;
  mchName: string;
  profileId: number;
  profileName: string;
  emvId: number;
  /** `T` + 10 digits */
  terminalId: string;
  activationCode: string;
  /** the terminal's admin password, plain (void and refund send it Base64-encoded) */
  deviceAdmin: string;
  /** the terminal's `tid` for the profile */
  tid: string;
  /** the binding's `mid` */
  mid: string;
  currency: string;
  /** the EMV config's `aid` */
  aid: string;
  /** A payment on this terminal in the fixture's currency (`POST /_sim/payments`); input fields override the defaults. */
  pay(amount: number, input?: Partial<Omit<PaymentInput, 'deviceId' | 'amount'>>): Promise<SimTransaction>;
}

export interface PaymentTerminalOptions {
  groupId?: string;
  /** default USD */
  currency?: string;
  /** unique per group; default `Acquirer <n>` */
  profileName?: string;
  /** the profile's transaction types for method 01; default [] (everything allowed) */
  allows?: string[];
  asSettleBlock?: boolean;
  /** the EMV config's contactless CVM limit in minor units; default 5000 */
  clCVMLimit?: number;
  notifyUrl?: string;
  mchName?: string;
  deviceAdmin?: string;
  /** an existing merchant to add the terminal to; its binding to the new profile is created, so give a currency its other bindings do not route method 01 in */
  mchId?: string;
}

let sequence = 0;

async function data(sim: TestSimulator, method: string, path: string, body: unknown, groupId: string): Promise<any> {
  const response = await sim.api(method, path, body, groupId);
  if (response.status !== 200 || response.body?.code !== 0) {
    throw new Error(`payment fixture: ${method} ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.data;
}

export async function createPaymentTerminal(sim: TestSimulator, options: PaymentTerminalOptions = {}): Promise<PaymentTerminal> {
  sequence += 1;
  const n = sequence;
  const groupId = options.groupId ?? TEST_GROUP;
  const currency = options.currency ?? 'USD';
  const aid = 'A0000000031010';
  const emvId = (
    await data(
      sim,
      'POST',
      `${V1}/emv`,
      {
        emvName: `emv-${n}`,
        paymentMethod: '01',
        currency,
        params: JSON.stringify({ aid, appVersion: '0096', clCVMLimit: options.clCVMLimit ?? 5000 }),
      },
      groupId,
    )
  ).id as number;
  const profileName = options.profileName ?? `Acquirer ${n}`;
  const profileId = (
    await data(
      sim,
      'POST',
      `${V1}/acquirer`,
      {
        profileName,
        currency,
        acqType: 'card',
        connMessageFormat: 'HOSTA_8583',
        methodList: JSON.stringify({ '01': options.allows ?? [] }),
        emvList: JSON.stringify({ '01': [emvId] }),
        ...(options.asSettleBlock !== undefined ? { asSettleBlock: options.asSettleBlock } : {}),
        ...(options.notifyUrl !== undefined ? { notifyUrl: options.notifyUrl } : {}),
      },
      groupId,
    )
  ).id as number;
  let mchId = options.mchId;
  let mchName = options.mchName ?? `Shop ${n}`;
  if (mchId === undefined) {
    const merchant = await data(
      sim,
      'POST',
      `${V1}/mchInfo`,
      { mchName, currency, contactName: 'Ada', contactEmail: 'ada@example.com' },
      groupId,
    );
    mchId = merchant.mchId as string;
  } else {
    mchName = (await data(sim, 'GET', `${V1}/mchInfo/${mchId}`, undefined, groupId)).mchName as string;
  }
  const mid = `MID${String(n).padStart(6, '0')}`;
  await data(
    sim,
    'POST',
    `${V1}/mchInfo/payment/${mchId}`,
    { acquirerProfileId: String(profileId), currency, mid, paymentMethods: [{ paymentMethodCode: '01', allows: [], emvs: [{ emvId }] }] },
    groupId,
  );
  const tid = `TID${String(n).padStart(5, '0')}`;
  const deviceAdmin = options.deviceAdmin ?? `admin-${n}`;
  const code = await data(
    sim,
    'POST',
    `${V1}/device`,
    { mchId, deviceAlias: `till-${n}`, methodList: '01', deviceAdmin, extParams: { acquirers: { [String(profileId)]: { tid, mid } } } },
    groupId,
  );
  const device = (await sim.admin.activate(code.activationCode as string)) as { deviceId: string };
  const terminalId = device.deviceId;
  return {
    groupId,
    mchId,
    mchName,
    profileId,
    profileName,
    emvId,
    terminalId,
    activationCode: code.activationCode as string,
    deviceAdmin,
    tid,
    mid,
    currency,
    aid,
    // In the fixture's currency, which is not the merchant's when an existing merchant was given.
    pay: (amount, input = {}) => sim.admin.payment({ deviceId: terminalId, amount, currency, ...input }),
  };
}
