import type { Finding, SkippedRule } from '../../src/findings/types.js';
import type { Plan, PlanPolicyPack } from '../../src/plan/plan.js';

/** Hand-made plans with what the checks found, for the renderers' tests (no rule or pack runs). */

/** The till's admin password: a secret value of the plan, in clear in the raw document. */
export const SECRET = 'till-admin-Secret-77';

/** A plan of one update that writes a secret: `device/m1/till`'s deviceAdmin. */
export function basePlan(extra: Partial<Plan> = {}): Plan {
  return {
    formatVersion: 1,
    baseUrl: 'http://127.0.0.1:1',
    group: { groupId: 'G-00000001', groupName: 'Test PBO' },
    changes: [
      {
        address: 'device/m1/till',
        kind: 'device',
        key: 'm1/till',
        action: 'update',
        before: { deviceAlias: 'till', deviceAdmin: 'old-admin-pw', deviceName: 'Front' },
        after: { deviceAlias: 'till', deviceAdmin: SECRET, deviceName: 'Front till' },
        patch: [
          { op: 'replace', path: '/deviceAdmin', value: SECRET },
          { op: 'replace', path: '/deviceName', value: 'Front till' },
        ],
        dependsOn: [],
        reason: 'live differs from the manifest',
        notes: [],
        liveId: 'T1',
        merchant: 'm1',
      },
    ],
    unmanaged: [],
    blocked: [],
    summary: { create: 0, update: 1, delete: 0, replace: 0, blocked: 0 },
    sensitive: ['device/m1/till#/deviceAdmin'],
    ...extra,
  };
}

export const WARNING: Finding = {
  rule: 'emv-floor-limit-digits',
  pack: 'paycfg/payment-rules',
  level: 'warning',
  message: 'the floor limit 5000 has 4 digits, the terminal reads 8',
  address: 'emv/visa-usd',
  location: { file: 'paycfg.yaml', line: 4, col: 7 },
  blocking: false,
};

export const ADVISORY: Finding = {
  rule: 'acme-notify-https',
  pack: 'acme/payments',
  level: 'advisory',
  message: 'the notify URL is not https',
  address: 'merchant/m1',
  blocking: false,
};

export const MANDATORY: Finding = {
  rule: 'plan-default-profile-change',
  pack: 'paycfg/plan-rules',
  level: 'mandatory',
  message: 'the default profile changes from host-a-usd to host-b-usd',
  address: 'acquirer/host-b-usd',
  location: { file: 'paycfg.yaml', line: 12, col: 5 },
  blocking: true,
};

export const OVERRIDABLE: Finding = {
  rule: 'plan-terminal-reach',
  pack: 'paycfg/plan-rules',
  level: 'overridable',
  message: 'the change reaches 240 terminals, more than 100',
  address: 'emv/visa-usd',
  blocking: true,
};

export const OVERRIDDEN: Finding = {
  rule: 'plan-delete-with-payments',
  pack: 'paycfg/plan-rules',
  level: 'overridable',
  message: 'merchant/m2 carried 12 payments in the impact window',
  address: 'merchant/m2',
  blocking: false,
  override: { reason: 'CHG-1042: the merchant closed, its payments are settled', by: 'alice', at: '2025-03-01T10:00:00.000Z' },
};

export const SKIPPED: SkippedRule = {
  rule: 'emv-aid-network',
  address: 'emv/test-card',
  reason: 'a test card of the acquirer, not a network AID',
  location: { file: 'paycfg.yaml', line: 20, col: 9 },
};

export const PACKS: PlanPolicyPack[] = [
  { pack: 'builtin', namedAt: '--policy' },
  { pack: 'policies/acme.ts', namedAt: 'paycfg.yaml:2:5', levels: { 'acme-notify-https': 'advisory', 'plan-terminal-reach': 'overridable' }, config: { maxTerminals: 100 } },
];

/** Every kind of finding, in an order that is not the one they are shown in. */
export function checkedPlan(extra: Partial<Plan> = {}): Plan {
  return basePlan({ findings: [WARNING, OVERRIDDEN, OVERRIDABLE, ADVISORY, MANDATORY], skippedRules: [SKIPPED], policyPacks: PACKS, ...extra });
}
