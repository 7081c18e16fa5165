/**
 * Whether the current configuration API (`/api/openapi/v1`) serves groups still on the legacy
 * API. The reference does not say: the live service may serve them on both (`serve`, the default,
 * one set of records and two views), or only on the legacy API (`refuse`: the current API answers
 * them code 13311, the mirror of the 13310 a switched group gets on the legacy endpoints).
 * Transactions, settlements and `/api/v2/current` serve every group either way.
 */
export type CurrentApiForLegacyGroups = 'serve' | 'refuse';

export interface LegacyGroupsPolicy {
  readonly currentApi: CurrentApiForLegacyGroups;
}

export const DEFAULT_LEGACY_GROUPS: LegacyGroupsPolicy = { currentApi: 'serve' };

/** The CLI form `current-api=refuse` (or `serve`); undefined when it is not that. */
export function parseLegacyGroups(text: string): LegacyGroupsPolicy | undefined {
  const match = /^current-api=(serve|refuse)$/.exec(text.trim());
  return match ? { currentApi: match[1] as CurrentApiForLegacyGroups } : undefined;
}
