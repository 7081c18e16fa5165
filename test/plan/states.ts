import { addressOf } from '../../src/model/kinds.js';
import type { DesiredResource, DesiredState, LiveResource, LiveState, PrunePolicy } from '../../src/model/state.js';

/** Small builders for hand-written desired and live states in planner unit tests. */
export function desiredState(
  resources: DesiredResource[],
  options: { managedBindings?: string[]; managedDevices?: string[]; prune?: Partial<PrunePolicy>; sensitive?: string[] } = {},
): DesiredState {
  return {
    resources: new Map(resources.map((r) => [addressOf(r.kind, r.key), r])),
    managedBindings: new Set(options.managedBindings ?? []),
    managedDevices: new Set(options.managedDevices ?? []),
    prune: { emvConfigs: false, acquirerProfiles: false, merchants: false, activatedDevices: false, ...options.prune },
    sensitive: new Map((options.sensitive ?? []).map((p) => [p, { kind: 'template' as const, variables: ['TEST_SECRET'], template: '${TEST_SECRET}' }])),
  };
}

export function liveState(resources: Omit<LiveResource, 'fingerprint'>[], unkeyedMerchants: LiveState['unkeyedMerchants'] = []): LiveState {
  return {
    resources: new Map(resources.map((r) => [addressOf(r.kind, r.key), { fingerprint: `fp-${r.key}`, ...r } as LiveResource])),
    unkeyedMerchants,
    bindingsRead: new Set(),
    devicesRead: new Set(),
  };
}

export const emv = (key: string, paymentMethod = '01', params: Record<string, string | number> = { aid: 'A0000000031010' }) =>
  ({ kind: 'emv', key, fields: { paymentMethod, currency: 'USD', params } }) as const;

export const profile = (key: string, methods: Record<string, string[]>, extra: Record<string, unknown> = {}) =>
  ({
    kind: 'acquirer',
    key,
    fields: {
      currency: 'USD',
      acqType: 'card',
      connMessageFormat: 'HOSTA_8583',
      methods: Object.fromEntries(Object.entries(methods).map(([c, emvs]) => [c, { emvs, allows: [] }])),
      ...extra,
    },
  }) as const;

export const merchant = (key: string, extra: Record<string, unknown> = {}) =>
  ({ kind: 'merchant', key, fields: { mchName: key, currency: 'USD', contactName: 'Jane', contactEmail: 'j@x.example', ...extra } }) as const;

export const binding = (ref: string, acquirer: string, methods: Record<string, string[]>, extra: Record<string, unknown> = {}) =>
  ({
    kind: 'binding',
    key: `${ref}/${acquirer}/USD`,
    merchant: ref,
    fields: { acquirer, currency: 'USD', methods: Object.fromEntries(Object.entries(methods).map(([c, emvs]) => [c, { emvs, allows: [] }])), ...extra },
  }) as const;

export const device = (ref: string, alias: string, extra: Record<string, unknown> = {}) =>
  ({ kind: 'device', key: `${ref}/${alias}`, merchant: ref, fields: { deviceAlias: alias, ...extra } }) as const;

/** A live twin of a desired resource. */
export function live<T extends { kind: string; key: string }>(resource: T, id: string | number, extra: Partial<LiveResource> = {}): T & { id: string | number } {
  return { ...resource, id, ...extra };
}

export const context = { baseUrl: 'http://127.0.0.1:1', group: { groupId: 'G-00000001', groupName: 'Test PBO' } };
