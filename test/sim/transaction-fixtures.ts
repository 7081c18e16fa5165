import { expect } from 'vitest';
import type { TestSimulator } from '../helpers/simulator.js';
import { createEmv, createMerchant, ok, V1 } from './fixtures.js';

export const V2 = '/api/v2';
export const ADMIN_PASSWORD = 'till-admin-7';
export const ADMIN_PWD = Buffer.from(ADMIN_PASSWORD, 'utf8').toString('base64');

export interface Till {
  mchId: string;
  profileId: number;
  terminalId: string;
  groupId: string | undefined;
}

export interface TillOptions {
  groupId?: string;
  /** the profile's transaction types per method; `[]` (everything) by default */
  types?: string[];
  currency?: string;
  mid?: string;
  tid?: string;
  deviceAdmin?: string | null;
  asSettleBlock?: boolean;
  profileName?: string;
}

/**
 * A merchant bound to a card profile (method 01) with an activated terminal that has an admin
 * password and a tid for that profile: everything POST /_sim/payments needs.
 */
export async function till(sim: TestSimulator, o: TillOptions = {}): Promise<Till> {
  const groupId = o.groupId;
  const currency = o.currency ?? 'EUR';
  const name = o.profileName ?? `Card acquirer ${currency}`;
  const emvId = await createEmv(sim, { emvName: `emv ${name}`, currency, params: { aid: 'A0000000031010', clCVMLimit: 5000 } }, groupId);
  const profileId = ok(
    await sim.api(
      'POST',
      `${V1}/acquirer`,
      {
        profileName: name,
        currency,
        connMessageFormat: 'HOSTA_8583',
        notifyUrl: 'https://acquirer.example.com/notify',
        methodList: JSON.stringify({ '01': o.types ?? [] }),
        emvList: JSON.stringify({ '01': [emvId] }),
        ...(o.asSettleBlock ? { asSettleBlock: true } : {}),
      },
      groupId,
    ),
  ).id as number;
  const merchant = await createMerchant(sim, { currency }, groupId);
  ok(
    await sim.api(
      'POST',
      `${V1}/mchInfo/payment/${merchant.mchId}`,
      {
        acquirerProfileId: String(profileId),
        currency,
        mid: o.mid ?? 'MID000000000001',
        paymentMethods: [{ paymentMethodCode: '01', allows: ['Sale'], emvs: [{ emvId }] }],
      },
      groupId,
    ),
  );
  const code = ok(
    await sim.api(
      'POST',
      `${V1}/device`,
      {
        mchId: merchant.mchId,
        methodList: '01',
        ...(o.deviceAdmin === null ? {} : { deviceAdmin: o.deviceAdmin ?? ADMIN_PASSWORD }),
        extParams: { acquirers: { [String(profileId)]: { tid: o.tid ?? 'TID00001', mid: o.mid ?? 'MID000000000001' } } },
      },
      groupId,
    ),
  );
  const device = (await sim.admin.activate(code.activationCode as string)) as { deviceId: string };
  return { mchId: merchant.mchId as string, profileId, terminalId: device.deviceId, groupId };
}

export interface PaymentOptions {
  amount?: number;
  tranType?: 'SALE' | 'PRE_AUTH';
  decline?: boolean;
  createdAt?: string;
  currency?: string;
}

/** POST /_sim/payments: what the terminal's payment does; answers the transaction's detail record. */
export async function pay(sim: TestSimulator, terminalId: string, o: PaymentOptions = {}): Promise<any> {
  const response = await fetch(`${sim.url}/_sim/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId: terminalId, amount: o.amount ?? 20, ...o }),
  });
  const body = (await response.json()) as any;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function simState(sim: TestSimulator): Promise<any> {
  return sim.admin.state();
}

export async function outbox(sim: TestSimulator): Promise<any[]> {
  const response = await fetch(`${sim.url}/_sim/outbox`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { mails: any[] }).mails;
}

export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
