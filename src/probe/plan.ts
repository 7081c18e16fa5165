/**
 * The probe's writes, as a typed list made before any is sent, each with the words the user reads
 * before consenting: the removal of what earlier probes left, then the scratch merchant, the part
 * of a profile bound to it, and their removal. The fewest that prove the reading: a merchant to
 * hold a binding (01 §4.4 binds merchants only), one write that makes its binding differ from the
 * profile (a POST, or a PUT that narrows the automatic binding to the default card profile, 01
 * §4.3), and one removal of each. The automatic binding to another profile costs one removal more.
 */
import type { MerchantCreate } from '../api/wire-types.js';
import { scratchMerchantBody } from '../kinds/merchant.js';
import type { EmvIdsByMethod } from '../service-record/types.js';
import type { BindingRef, LeftoverMerchant, ProbeGroup, ProbePart } from './read-group.js';

const V1 = '/api/openapi/v1';

/** A merchant a step writes to: one already there (mchId), or the scratch merchant, whose id the service gives at its create. */
export interface MerchantRef {
  readonly providerReference: string;
  readonly mchId?: string;
}

export type ProbeStep =
  | { readonly kind: 'create-merchant'; readonly merchant: MerchantRef; readonly body: MerchantCreate; readonly what: string }
  | {
      readonly kind: 'bind';
      readonly method: 'POST' | 'PUT';
      readonly merchant: MerchantRef;
      readonly binding: BindingRef;
      readonly lists: EmvIdsByMethod;
      readonly what: string;
    }
  | { readonly kind: 'unbind'; readonly merchant: MerchantRef; readonly binding: BindingRef; readonly what: string }
  | { readonly kind: 'delete-merchant'; readonly merchant: MerchantRef; readonly what: string };

export interface ProbePlan {
  readonly groupId: string;
  readonly baseUrl: string;
  /** Every write, in the order it is sent. */
  readonly steps: readonly ProbeStep[];
  /** The scratch merchant and the part it binds; absent for `probe --cleanup`. */
  readonly scratch?: {
    readonly merchant: MerchantRef;
    readonly part: ProbePart;
    /** The steps before this index make the scratch binding; its summary is read then, and the steps from it on remove it. */
    readonly readAt: number;
    /** The automatic binding the service makes at the create (01 §4.3), when the group has a default card profile. */
    readonly automaticBinding?: BindingRef;
  };
}

/** The method and path of a step; `scratchId` fills the scratch merchant's id once the service gave it. */
export function stepRequest(step: ProbeStep, scratchId?: string): string {
  const id = step.merchant.mchId ?? scratchId ?? '{mchId}';
  switch (step.kind) {
    case 'create-merchant':
      return `POST ${V1}/mchInfo`;
    case 'bind':
      return `${step.method} ${V1}/mchInfo/payment/${id}`;
    case 'unbind':
      return `DELETE ${V1}/mchInfo/payment/${id}?acquirerProfileId=${step.binding.profileId}&currency=${step.binding.currency}`;
    case 'delete-merchant':
      return `DELETE ${V1}/mchInfo/${id}`;
  }
}

/** A step as the user reads it before consenting, and as the record lists the writes: "METHOD /path: what". */
export function stepText(step: ProbeStep, scratchId?: string): string {
  return `${stepRequest(step, scratchId)}: ${step.what}`;
}

export function bindingWords(binding: BindingRef): string {
  return `${binding.profileName} ${binding.currency}`;
}

/** The removal of what earlier probes left: each binding its summary lists, then the merchant. */
export function leftoverSteps(leftovers: readonly LeftoverMerchant[]): ProbeStep[] {
  return leftovers.flatMap((left) => {
    const merchant = { providerReference: left.providerReference, mchId: left.mchId };
    return [
      ...left.bindings.map((binding): ProbeStep => ({ kind: 'unbind', merchant, binding, what: `remove the binding to ${bindingWords(binding)} of ${left.providerReference}, left by an earlier probe` })),
      { kind: 'delete-merchant', merchant, what: `remove scratch merchant ${left.providerReference}, left by an earlier probe` } satisfies ProbeStep,
    ];
  });
}

export function cleanupPlan(group: ProbeGroup): ProbePlan {
  return { groupId: group.owner.groupId, baseUrl: group.baseUrl, steps: leftoverSteps(group.leftovers) };
}

/** The words of the part bound: "01 only", or "01 with EMV config 11 only". */
function partWords(part: ProbePart): string {
  const [code, ids] = Object.entries(part.bound)[0]!;
  return part.by === 'one-method' ? `${code} only` : `${code} with EMV config ${ids[0]} only`;
}

/**
 * The writes of a probe by scratch merchant. The merchant is inactive (`state: 0`) and in the
 * profile's currency; its providerReference is `paycfg-probe-<suffix>`.
 */
export function scratchPlan(group: ProbeGroup, part: ProbePart, providerReference: string): ProbePlan {
  const merchant: MerchantRef = { providerReference };
  const body = scratchMerchantBody({
    providerReference,
    mchName: `paycfg probe ${providerReference.slice(-6)} (scratch, removed by the probe)`,
    currency: part.binding.currency,
  });
  const profile = group.defaultCardProfile;
  const automaticBinding: BindingRef | undefined =
    profile === undefined ? undefined : { profileId: Number(profile.profileId), profileName: profile.profileName, currency: profile.currency };
  const steps: ProbeStep[] = [...leftoverSteps(group.leftovers)];
  steps.push({ kind: 'create-merchant', merchant, body, what: `scratch merchant ${providerReference} (inactive)` });
  if (automaticBinding !== undefined && !part.narrowsAutomaticBinding) {
    steps.push({
      kind: 'unbind',
      merchant,
      binding: automaticBinding,
      what: `remove the binding to the default card profile ${bindingWords(automaticBinding)} that the service makes with the merchant (01 §4.3)`,
    });
  }
  steps.push(
    part.narrowsAutomaticBinding
      ? {
          kind: 'bind',
          method: 'PUT',
          merchant,
          binding: part.binding,
          lists: part.bound,
          what: `narrow its automatic binding to ${bindingWords(part.binding)} (the default card profile, 01 §4.3) to ${partWords(part)}`,
        }
      : { kind: 'bind', method: 'POST', merchant, binding: part.binding, lists: part.bound, what: `bind it to ${bindingWords(part.binding)} with ${partWords(part)}` },
  );
  const readAt = steps.length;
  steps.push({ kind: 'unbind', merchant, binding: part.binding, what: 'remove that binding' });
  steps.push({ kind: 'delete-merchant', merchant, what: 'remove the scratch merchant' });
  return {
    groupId: group.owner.groupId,
    baseUrl: group.baseUrl,
    steps,
    scratch: { merchant, part, readAt, ...(automaticBinding !== undefined ? { automaticBinding } : {}) },
  };
}
