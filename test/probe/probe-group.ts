/**
 * Small groups for the probe's tests, built with raw API calls against a test simulator, and the
 * group's lists as one JSON value, to show that a probe leaves the group exactly as it found it.
 */
import { expect } from 'vitest';
import type { TestSimulator } from '../helpers/simulator.js';

let counter = 0;

/** A fresh group of the simulator: its id and its env for the CLI. */
export async function freshGroup(sim: TestSimulator): Promise<{ groupId: string; env: Record<string, string> }> {
  counter += 1;
  const groupId = `G-6${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
  await sim.admin.createGroup({ groupId });
  return { groupId, env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId) } };
}

export interface GroupShape {
  /** EMV configs by name: payment method code. */
  readonly emvs: Readonly<Record<string, string>>;
  /** Profiles: name → methods (code → EMV config names), and asDefault. */
  readonly profiles: Readonly<Record<string, { readonly methods: Readonly<Record<string, readonly string[]>>; readonly asDefault?: boolean }>>;
  /** Merchants: providerReference → bindings (profile name → methods); methods absent: the whole profile. */
  readonly merchants?: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, readonly string[]>> | undefined>>>>;
}

export interface BuiltGroup {
  readonly emvIds: ReadonlyMap<string, number>;
  readonly profileIds: ReadonlyMap<string, number>;
  readonly mchIds: ReadonlyMap<string, string>;
}

export async function buildGroup(sim: TestSimulator, groupId: string, shape: GroupShape): Promise<BuiltGroup> {
  const api = async (method: string, path: string, body?: unknown): Promise<any> => {
    const answer = await sim.api(method, `/api/openapi/v1${path}`, body, groupId);
    expect(answer.body.code, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data;
  };
  const emvIds = new Map<string, number>();
  for (const [emvName, paymentMethod] of Object.entries(shape.emvs)) {
    emvIds.set(emvName, (await api('POST', '/emv', { emvName, paymentMethod, currency: 'USD', params: '{}' })).id);
  }
  const profileIds = new Map<string, number>();
  const methodsOf = new Map<string, Readonly<Record<string, readonly string[]>>>();
  for (const [profileName, profile] of Object.entries(shape.profiles)) {
    const codes = Object.keys(profile.methods);
    const id = (
      await api('POST', '/acquirer', {
        profileName,
        currency: 'USD',
        connMessageFormat: 'HOSTA_8583',
        asDefault: profile.asDefault === true,
        methodList: JSON.stringify(Object.fromEntries(codes.map((code) => [code, []]))),
        emvList: JSON.stringify(Object.fromEntries(codes.map((code) => [code, profile.methods[code]!.map((name) => emvIds.get(name))]))),
      })
    ).id;
    profileIds.set(profileName, id);
    methodsOf.set(profileName, profile.methods);
  }
  const mchIds = new Map<string, string>();
  for (const [providerReference, bindings] of Object.entries(shape.merchants ?? {})) {
    const mchId = (await api('POST', '/mchInfo', { mchName: providerReference, currency: 'USD', contactName: 'Jane', contactEmail: 'jane@shop.example', providerReference })).mchId;
    mchIds.set(providerReference, mchId);
    for (const [profileName, methods] of Object.entries(bindings)) {
      const bound = methods ?? methodsOf.get(profileName)!;
      await api('POST', `/mchInfo/payment/${mchId}`, {
        acquirerProfileId: String(profileIds.get(profileName)),
        currency: 'USD',
        paymentMethods: Object.entries(bound).map(([code, names]) => ({ paymentMethodCode: code, emvs: names.map((name) => ({ emvId: emvIds.get(name) })) })),
      });
    }
  }
  return { emvIds, profileIds, mchIds };
}

/** Every list of the group, and each merchant's binding records: what a probe must leave as it found it. */
export async function groupLists(sim: TestSimulator, groupId: string): Promise<unknown> {
  const list = async (path: string): Promise<any[]> => (await sim.api('GET', `/api/openapi/v1${path}?pageSize=-1`, undefined, groupId)).body.data.records;
  const merchants = await list('/mchInfo');
  return {
    profiles: await list('/acquirer'),
    emvs: await list('/emv'),
    merchants,
    bindings: await Promise.all(merchants.map((m) => list(`/mchInfo/payment/${m.mchId}`))),
  };
}

/** The writes the simulator received since its stats were last reset (stats are the simulator's, not a group's). */
export async function writesCounted(sim: TestSimulator): Promise<number> {
  return (await sim.admin.stats()).writes;
}
