import { expect } from 'vitest';
import type { TestSimulator } from '../helpers/simulator.js';
import { createEmv, ok } from './fixtures.js';

export const V2 = '/api/v2';
export const LEGACY_GROUP = 'G-00000001';

/** Puts the test group on the legacy API (it is served by both APIs then). */
export async function legacyGroup(sim: TestSimulator, groupId = LEGACY_GROUP): Promise<void> {
  await sim.admin.createGroup({ groupId, apiVersion: 'legacy' });
}

/** A legacy profile (objects on the wire) over one new EMV config per code. */
export async function legacyProfile(
  sim: TestSimulator,
  o: { profileName: string; codes?: string[]; currency?: string; extra?: Record<string, unknown> },
): Promise<{ profileId: number; emvIds: Record<string, number> }> {
  const codes = o.codes ?? ['01'];
  const emvIds: Record<string, number> = {};
  for (const code of codes) emvIds[code] = await createEmv(sim, { emvName: `emv-${code}-${o.profileName}`, paymentMethod: code, currency: o.currency ?? 'EUR' });
  const body = {
    profileName: o.profileName,
    currency: o.currency ?? 'EUR',
    groupId: LEGACY_GROUP,
    connMessageFormat: 'HOSTA_8583',
    connUrl: 'https://acquirer.example.com/8583',
    notifyUrl: 'https://pbo.example.com/notify',
    emvList: Object.fromEntries(codes.map((code) => [code, [emvIds[code] as number]])),
    methodList: Object.fromEntries(codes.map((code) => [code, ['Sale', 'Void', 'Refund']])),
    ...o.extra,
  };
  const { id } = ok(await sim.api('POST', `${V2}/acquirer`, body));
  return { profileId: id as number, emvIds };
}

export async function legacyMerchant(sim: TestSimulator, extra: Record<string, unknown> = {}): Promise<any> {
  return ok(
    await sim.api('POST', `${V2}/mchInfo`, { mchName: 'Corner Shop', contactName: 'Ada', contactEmail: 'ada@example.com', ...extra }),
  );
}

/**
 * A refusal in either wire style: HTTP 200 (unless told), the code and a msg matching; no data
 * (`real` leaves the key out, `reference` sends `data: null`).
 */
export function rejected(response: { status: number; body: any }, code: number, msg: RegExp | string, status = 200): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.code, JSON.stringify(response.body)).toBe(code);
  if (typeof msg === 'string') expect(response.body.msg).toBe(msg);
  else expect(response.body.msg).toMatch(msg);
  expect(response.body.data ?? null).toBeNull();
}
