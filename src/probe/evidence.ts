/**
 * The service record a probe writes: the reading and what it was read from, never a secret (the
 * base URL without user info; no token, no body).
 */
import { PACKAGE_VERSION } from '../package-files.js';
import type { EmvIdsByMethod, ProbeMethod, ServiceRecord, SummaryLists } from '../service-record/types.js';
import type { BindingRef } from './read-group.js';

export interface EvidenceInput {
  readonly summaryLists: SummaryLists;
  readonly method: ProbeMethod;
  readonly baseUrl: string;
  readonly group: string;
  readonly at: Date;
  readonly merchant: { readonly mchId: string; readonly providerReference?: string };
  readonly binding: BindingRef;
  readonly lists: { readonly binding: EmvIdsByMethod; readonly profile: EmvIdsByMethod; readonly summary: EmvIdsByMethod };
  readonly writes: readonly string[];
}

export function serviceRecordOf(input: EvidenceInput): ServiceRecord {
  return {
    version: 1,
    summaryLists: input.summaryLists,
    evidence: {
      baseUrl: input.baseUrl,
      group: input.group,
      at: input.at.toISOString(),
      paycfgVersion: PACKAGE_VERSION,
      method: input.method,
      merchant: { ...input.merchant },
      profile: { profileId: input.binding.profileId, profileName: input.binding.profileName },
      currency: input.binding.currency,
      bindingLists: input.lists.binding,
      profileLists: input.lists.profile,
      summaryLists: input.lists.summary,
      writes: [...input.writes],
    },
  };
}
