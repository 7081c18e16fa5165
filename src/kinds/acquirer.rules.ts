/**
 * The payment rules of acquirer profiles: a card profile's methods have an EMV config in its
 * currency. What the service refuses of a profile (a method of another acqType, a card method without
 * an EMV config, two defaults) the cross-checks refuse already (manifest/cross-checks.ts). See
 * docs/rules.md.
 */
import type { AcquirerProfileEntry, EmvConfigEntry } from '../manifest/model.js';
import { paymentMethodType } from '../manifest/payment-methods.js';
import type { PaymentRule } from '../rules/types.js';

type ProfileRule = PaymentRule<AcquirerProfileEntry>;

export const emvOfCurrency: ProfileRule = {
  id: 'profile-emv-currency',
  kind: 'acquirer',
  title: "Every card method of a profile has an EMV config in the profile's currency (a warning: its bindings in that currency would have none)",
  severity: 'warning',
  description:
    "A profile's EMV configs are what a binding through it uses where the binding names none, and what the service binds a new merchant to with " +
    'a default profile, in the profile\'s currency. A card method whose configs are all in other currencies leaves those bindings with limits in ' +
    'another currency. A profile that serves only bindings naming their own configs may switch the rule off, with a reason.',
  example: {
    wrong: 'profileName: host-a-usd\ncurrency: USD\nmethods: { "01": { emvs: [visa-eur] } }',
    right: 'profileName: host-a-usd\ncurrency: USD\nmethods: { "01": { emvs: [visa-usd] } }',
  },
  sources: ['service'],
  check(entry, context) {
    if (context.pending(entry.currency)) return;
    for (const code of Object.keys(entry.methods)) {
      if (paymentMethodType(code) !== 'card') continue;
      const configs = (entry.methods[code]?.emvs ?? []).map((name) => context.lookup.emv(name)).filter((emv): emv is EmvConfigEntry => emv !== undefined);
      if (configs.length === 0 || configs.some((emv) => emv.currency === entry.currency)) continue;
      const listed = configs.map((emv) => `${context.shownIn(emv, ['emvName'], JSON.stringify(emv.emvName))} (${context.shownIn(emv, ['currency'], emv.currency)})`).join(', ');
      context.report(['methods', code], `method ${code} has no EMV config in ${context.shown(['currency'], entry.currency)}: it names ${listed}`, 'key');
    }
  },
};

export const ACQUIRER_RULES: readonly ProfileRule[] = [emvOfCurrency];
