import type { TestSimulator } from '../helpers/simulator.js';

/**
 * Raw steps that build a starting live state a manifest cannot express (a merchant without a
 * providerReference, an activated terminal, a change behind paycfg's back). Strings may name live
 * records: `${emv:NAME}`, `${profile:NAME}`, `${merchant:REF}`, `${device:REF/ALIAS}` become ids.
 */
export type SetupStep =
  | { api: { method: string; path: string; body?: unknown } }
  | { activate: string };

async function list(sim: TestSimulator, groupId: string, path: string): Promise<any[]> {
  const { body } = await sim.api('GET', path, undefined, groupId);
  if (body.code !== 0) throw new Error(`setup: GET ${path} answered ${JSON.stringify(body)}`);
  return body.data.records;
}

async function resolve(sim: TestSimulator, groupId: string, kind: string, name: string): Promise<string> {
  if (kind === 'emv') return String((await list(sim, groupId, '/api/openapi/v1/emv?pageSize=-1')).find((e) => e.emvName === name)?.id);
  if (kind === 'profile') return String((await list(sim, groupId, '/api/openapi/v1/acquirer?pageSize=-1')).find((p) => p.profileName === name)?.profileId);
  const merchants = await list(sim, groupId, '/api/openapi/v1/mchInfo?pageSize=-1');
  const [ref, alias] = name.split('/');
  const merchant = merchants.find((m) => m.providerReference === ref);
  if (kind === 'merchant') return String(merchant?.mchId);
  const devices = await list(sim, groupId, `/api/openapi/v1/device?mchId=${merchant?.mchId}&pageSize=-1`);
  const device = devices.find((d) => d.deviceAlias === alias);
  if (kind === 'code') return JSON.parse(device?.deviceToken ?? '{}').activationCode ?? device?.deviceId;
  return String(device?.deviceId);
}

async function fill(sim: TestSimulator, groupId: string, value: unknown): Promise<unknown> {
  if (typeof value === 'string') {
    let out = value;
    for (const match of value.matchAll(/\$\{(emv|profile|merchant|device|code):([^}]+)\}/g)) {
      const id = await resolve(sim, groupId, match[1]!, match[2]!);
      if (id === 'undefined') throw new Error(`setup: nothing live matches ${match[0]}`);
      out = out.replace(match[0], id);
    }
    return out;
  }
  if (Array.isArray(value)) return Promise.all(value.map((v) => fill(sim, groupId, v)));
  if (value !== null && typeof value === 'object' && '$number' in value) return Number(await fill(sim, groupId, (value as { $number: unknown }).$number));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await fill(sim, groupId, v);
    return out;
  }
  return value;
}

export async function runSetupSteps(sim: TestSimulator, groupId: string, steps: readonly SetupStep[]): Promise<void> {
  for (const step of steps) {
    if ('activate' in step) {
      const code = await resolve(sim, groupId, 'code', step.activate);
      await sim.admin.activate(code);
      continue;
    }
    const path = String(await fill(sim, groupId, step.api.path));
    const body = step.api.body === undefined ? undefined : await fill(sim, groupId, step.api.body);
    const answer = await sim.api(step.api.method, path, body, groupId);
    if (answer.body?.code !== 0) throw new Error(`setup: ${step.api.method} ${path} answered ${JSON.stringify(answer.body)}`);
  }
}
