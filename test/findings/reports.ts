/**
 * Findings reports made by hand for the reporters' tests, independent of the rules and the policy
 * engine: every level, with and without a location, overridden, switched off, and messages that
 * hold what an escaper must handle.
 */
import type { FindingsReport } from '../../src/findings/types.js';

/** Quotes, markup, an ampersand, control characters (ESC, BEL, NUL, CR, a right-to-left override) and non-ASCII text. */
export const AWKWARD = `"quoted" & 'single' <tag> ]]> \x1b[2K\x07\x00 cr\rend \u202etxet\u202c Zürich 東京 💳 \ufffe`;

export const FULL_REPORT: FindingsReport = {
  rules: [
    { id: 'emv-contactless-limits', pack: 'paycfg/payment-rules', title: 'Contactless limits in order: floor ≤ CVM ≤ transaction limit', level: 'error' },
    { id: 'emv-aid-network', pack: 'paycfg/payment-rules', title: "The AID's provider prefix belongs to the payment method's network", level: 'error' },
    { id: 'merchant-mcc-known', pack: 'paycfg/payment-rules', title: 'The MCC is a code of ISO 18245', level: 'warning' },
    { id: 'device-emv-currency', pack: 'paycfg/payment-rules', title: "The terminal's currency is its merchant's", level: 'error' },
    { id: 'plan-terminal-reach', pack: 'paycfg/plan-rules', title: 'A change reaches more terminals than the threshold', level: 'overridable' },
    { id: 'plan-default-profile-change', pack: 'paycfg/plan-rules', title: 'A change to the default profile', level: 'advisory' },
    { id: 'plan-delete-with-payments', pack: 'paycfg/plan-rules', title: 'A delete of a record that carried payments', level: 'mandatory' },
    { id: 'no-weekend-changes', pack: 'acme/payments', title: `No change on weekends ${AWKWARD}`, level: 'overridable' },
  ],
  findings: [
    {
      rule: 'emv-contactless-limits',
      pack: 'paycfg/payment-rules',
      level: 'error',
      message: 'emvConfigs[0].contactless.cvmLimit: the CVM limit 5000 is above the transaction limit 4000 (USD minor units)',
      address: 'emv/visa-usd',
      location: { file: 'manifests/emv.yaml', line: 12, col: 7 },
      blocking: true,
    },
    {
      rule: 'emv-contactless-limits',
      pack: 'paycfg/payment-rules',
      level: 'error',
      message: 'emvConfigs[1].contactless.floorLimit: the floor limit 9000 is above the CVM limit 5000',
      address: 'emv/mc-eur',
      location: { file: 'manifests/emv.yaml', line: 31, col: 7 },
      blocking: true,
    },
    {
      rule: 'merchant-mcc-known',
      pack: 'paycfg/payment-rules',
      level: 'warning',
      message: 'merchants[0].mcc: 9999 is not a code of ISO 18245',
      address: 'merchant/coffee-001',
      location: { file: 'manifests/merchants/coffee.yaml', line: 4, col: 10 },
      blocking: false,
    },
    {
      rule: 'plan-terminal-reach',
      pack: 'paycfg/plan-rules',
      level: 'overridable',
      message: 'the change reaches 240 terminals, more than 100',
      address: 'emv/visa-usd',
      blocking: true,
    },
    {
      rule: 'plan-terminal-reach',
      pack: 'paycfg/plan-rules',
      level: 'overridable',
      message: 'the change reaches 180 terminals, more than 100',
      address: 'profile/card-default',
      blocking: false,
      override: { reason: 'migration window agreed with the acquirer', by: 'alice', at: '2026-12-01T10:00:00.000Z' },
    },
    { rule: 'plan-default-profile-change', pack: 'paycfg/plan-rules', level: 'advisory', message: 'the default profile changes', address: 'profile/card-default', blocking: false },
    { rule: 'plan-delete-with-payments', pack: 'paycfg/plan-rules', level: 'mandatory', message: 'merchant/old-shop carried 312 payments in the last 30 days', address: 'merchant/old-shop', blocking: true },
    // A finding about nothing in particular, and one with every awkward character.
    { rule: 'no-weekend-changes', pack: 'acme/payments', level: 'overridable', message: 'the plan was made on a Saturday', blocking: true },
    { rule: 'no-weekend-changes', pack: 'acme/payments', level: 'overridable', message: AWKWARD, address: `merchant/${AWKWARD}`, location: { file: 'manifests/merchants/coffee.yaml', line: 9, col: 3 }, blocking: true },
  ],
  skipped: [
    { rule: 'device-emv-currency', address: 'device/till-7', reason: 'a test terminal in EUR for the euro pilot', location: { file: 'manifests/merchants/coffee.yaml', line: 22, col: 9 } },
    { rule: 'emv-aid-network', address: 'emv/pilot', reason: `vendor "pilot" AID <until 2027> & ${AWKWARD}` },
  ],
};

export const EMPTY_REPORT: FindingsReport = { rules: [], findings: [], skipped: [] };

/** Rules that ran and found nothing. */
export const CLEAN_REPORT: FindingsReport = { rules: FULL_REPORT.rules.slice(0, 3), findings: [], skipped: [] };
