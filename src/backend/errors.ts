import { PaycfgError } from '../errors.js';

/**
 * A write the legacy API cannot carry reached the legacy adapter: a field it has no counterpart for
 * (an acquirer's acqType `qr`, a merchant's region, a binding's mid…), a currency other than the
 * one its records hold. `paycfg validate --api legacy` refuses these in the manifest before any
 * request; this is the adapter's own check, so that nothing is dropped silently.
 */
export class LegacyApiLimitError extends PaycfgError {
  readonly code = 'LEGACY_API_LIMIT';

  constructor(what: string, limit: string, details: Record<string, unknown> = {}) {
    super(`${what}: ${limit}, which the legacy API (/api/v2) cannot carry; nothing of it was sent. \`paycfg validate --api legacy\` shows every such field.`, {
      what,
      ...details,
    });
  }
}
