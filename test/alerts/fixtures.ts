import type { PublishedPlan } from '../../src/plan/plan.js';
import type { DriftSubject } from '../../src/alerts/index.js';

/** A published drift plan holding just what observeDrift reads. */
export function driftPlan(parts: { changes?: unknown[]; blocked?: unknown[]; unmanaged?: unknown[] } = {}): PublishedPlan {
  return {
    formatVersion: 1,
    baseUrl: 'https://pay.example.com',
    group: { groupId: 'G-00000001', groupName: 'PBO' },
    changes: parts.changes ?? [],
    blocked: parts.blocked ?? [],
    unmanaged: parts.unmanaged ?? [],
    summary: { create: 0, update: 0, delete: 0, replace: 0, blocked: 0 },
    sensitive: [],
  } as unknown as PublishedPlan;
}

export function update(address: string, field: string, value: unknown): unknown {
  const [kind, key] = [address.slice(0, address.indexOf('/')), address.slice(address.indexOf('/') + 1)];
  return { address, kind, key, action: 'update', before: { [field]: 'old' }, after: { [field]: value }, patch: [{ op: 'replace', path: `/${field}`, value }], dependsOn: [], reason: '', notes: [] };
}

export function unmanaged(address: string): unknown {
  const [kind, key] = [address.slice(0, address.indexOf('/')), address.slice(address.indexOf('/') + 1)];
  return { address, kind, key };
}

export const SUBJECT: DriftSubject = { name: 'acme', group: 'G-00000001', baseUrl: 'https://pay.example.com/' };
