/**
 * The payment rules of merchants: the merchant category code is one of ISO 18245. See docs/rules.md.
 */
import { ISO_18245_LIST, merchantCategory, MERCHANT_CATEGORY_COUNT, type ReferenceSource } from '../reference-data/index.js';
import type { MerchantEntry } from '../manifest/model.js';
import type { PaymentRule } from '../rules/types.js';

type MerchantRule = PaymentRule<MerchantEntry>;

const MCC_REPOSITORY = 'https://github.com/greggles/mcc-codes';

/** Where the ISO 18245 list of src/reference-data/merchant-categories.ts comes from. */
export const MERCHANT_CATEGORY_SOURCE: ReferenceSource = {
  id: 'iso-18245',
  title: 'ISO 18245 merchant category codes',
  note:
    `The list of ${MCC_REPOSITORY} (${ISO_18245_LIST.licence}) at commit ${ISO_18245_LIST.commit.slice(0, 7)} (${ISO_18245_LIST.date}): ` +
    `${MERCHANT_CATEGORY_COUNT} codes with their descriptions, shipped in src/reference-data/merchant-categories.ts. Codes assigned since are not in it.`,
  urls: [MCC_REPOSITORY, 'https://www.iso.org/standard/79450.html'],
};

export const categoryCode: MerchantRule = {
  id: 'merchant-category-code',
  kind: 'merchant',
  title: 'The mcc is an ISO 18245 merchant category code (a warning: the shipped list may lack a code assigned since)',
  severity: 'warning',
  description:
    'The merchant category code decides interchange, risk rules and which cards a merchant may take. The manifest format checks that it is 4 digits; ' +
    `this rule looks it up in the ISO 18245 list paycfg ships (${MCC_REPOSITORY}). A code it lacks is most often a typing error ` +
    '(`5841` for `5814`); a code assigned after the list was made is not, and may be switched off for the merchant with a reason.',
  example: { wrong: 'mcc: "5841"', right: 'mcc: "5814"   # Fast Food Restaurants' },
  sources: [MERCHANT_CATEGORY_SOURCE],
  check(entry, context) {
    if (entry.mcc === undefined || context.pending(entry.mcc) || merchantCategory(entry.mcc) !== undefined) return;
    context.report(['mcc'], `mcc ${context.shown(['mcc'], JSON.stringify(entry.mcc))} is not in the ISO 18245 list paycfg ships; check the code`);
  },
};

export const MERCHANT_RULES: readonly MerchantRule[] = [categoryCode];
