import { expect } from 'vitest';
import type { TestSimulator } from '../helpers/simulator.js';

export const V1 = '/api/openapi/v1';
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/;

/** A clock tests move by hand, so timestamps, token expiry and rate limits never depend on timing. */
export class TestClock {
  private current: number;
  constructor(start = '2026-01-15T10:00:00Z') {
    this.current = Date.parse(start);
  }
  readonly now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

/** The data of a successful envelope; fails the test with the envelope otherwise. */
export function ok(response: { status: number; body: any }): any {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.code, JSON.stringify(response.body)).toBe(0);
  expect(response.body.msg).toBe('SUCCESS');
  return response.body.data;
}

/** A refusal: HTTP 200 (unless told), the code, a msg matching, and no `data` key at all. */
export function refused(
  response: { status: number; body: any },
  code: number,
  msg: RegExp | string,
  status = 200,
): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.code, JSON.stringify(response.body)).toBe(code);
  if (typeof msg === 'string') expect(response.body.msg).toBe(msg);
  else expect(response.body.msg).toMatch(msg);
  expect(Object.keys(response.body)).not.toContain('data');
}

export async function createEmv(
  sim: TestSimulator,
  o: { emvName: string; paymentMethod?: string; currency?: string; params?: Record<string, unknown> },
  groupId?: string,
): Promise<number> {
  const data = ok(
    await sim.api(
      'POST',
      `${V1}/emv`,
      {
        emvName: o.emvName,
        paymentMethod: o.paymentMethod ?? '01',
        currency: o.currency ?? 'EUR',
        params: JSON.stringify(o.params ?? { aid: `A00000000${o.emvName.length}1010`, appVersion: '0096' }),
      },
      groupId,
    ),
  );
  return data.id as number;
}

export interface ProfileOptions {
  profileName: string;
  currency?: string;
  acqType?: 'card' | 'qr';
  methods: Record<string, number[]>;
  asDefault?: boolean;
  enablerParams?: string;
  extra?: Record<string, unknown>;
}

/** A profile whose methodList has the given codes and whose emvList maps each code to the given ids. */
export async function createProfile(sim: TestSimulator, o: ProfileOptions, groupId?: string): Promise<number> {
  const methodList = Object.fromEntries(Object.keys(o.methods).map((code) => [code, ['Sale', 'Refund']]));
  const body: Record<string, unknown> = {
    profileName: o.profileName,
    currency: o.currency ?? 'EUR',
    connMessageFormat: 'HOSTA_8583',
    methodList: JSON.stringify(methodList),
    ...(o.acqType ? { acqType: o.acqType } : {}),
    ...(o.acqType === 'qr' && Object.values(o.methods).every((ids) => ids.length === 0) ? {} : { emvList: JSON.stringify(o.methods) }),
    ...(o.asDefault !== undefined ? { asDefault: o.asDefault } : {}),
    ...(o.enablerParams !== undefined ? { enablerParams: o.enablerParams } : {}),
    ...o.extra,
  };
  return ok(await sim.api('POST', `${V1}/acquirer`, body, groupId)).id as number;
}

export async function createMerchant(sim: TestSimulator, extra: Record<string, unknown> = {}, groupId?: string): Promise<any> {
  return ok(
    await sim.api(
      'POST',
      `${V1}/mchInfo`,
      { mchName: 'Corner Shop', currency: 'EUR', contactName: 'Ada', contactEmail: 'ada@example.com', ...extra },
      groupId,
    ),
  );
}

export async function bind(
  sim: TestSimulator,
  mchId: string,
  profileId: number,
  methods: Record<string, number[]>,
  o: { currency?: string; mid?: string; method?: 'POST' | 'PUT'; groupId?: string } = {},
): Promise<{ status: number; body: any }> {
  return sim.api(
    o.method ?? 'POST',
    `${V1}/mchInfo/payment/${mchId}`,
    {
      acquirerProfileId: String(profileId),
      currency: o.currency ?? 'EUR',
      ...(o.mid !== undefined ? { mid: o.mid } : {}),
      paymentMethods: Object.entries(methods).map(([code, ids]) => ({
        paymentMethodCode: code,
        allows: ['Sale'],
        emvs: ids.map((emvId) => ({ emvId })),
      })),
    },
    o.groupId,
  );
}

/** One card EMV per code and a card profile over them, bound to a new merchant. */
export async function merchantWithBinding(
  sim: TestSimulator,
  o: { codes?: string[]; profileName?: string; enablerParams?: string } = {},
): Promise<{ mchId: string; profileId: number; emvIds: Record<string, number> }> {
  const codes = o.codes ?? ['01'];
  const emvIds: Record<string, number> = {};
  for (const code of codes) emvIds[code] = await createEmv(sim, { emvName: `emv-${code}-${o.profileName ?? 'p'}`, paymentMethod: code });
  const methods = Object.fromEntries(codes.map((code) => [code, [emvIds[code] as number]]));
  const profileId = await createProfile(sim, {
    profileName: o.profileName ?? 'Main acquirer',
    methods,
    ...(o.enablerParams !== undefined ? { enablerParams: o.enablerParams } : {}),
  });
  const merchant = await createMerchant(sim);
  ok(await bind(sim, merchant.mchId, profileId, methods));
  return { mchId: merchant.mchId as string, profileId, emvIds };
}
