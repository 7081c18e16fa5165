/**
 * The payment rules of bindings: a binding's currency is its profile's, and every card method it
 * routes has an EMV config in its currency. What the service refuses (a method its profile lacks, an
 * EMV config of another method, one (currency, method) on two profiles) the cross-checks refuse
 * already (manifest/cross-checks.ts); these are what it accepts and a reviewer would not. A card
 * profile routes card methods only: a binding names only its profile's methods, and a profile only
 * methods of its acqType, both refused by the cross-checks. See docs/rules.md.
 */
import type { BindingEntry, EmvConfigEntry, MerchantEntry } from '../manifest/model.js';
import { paymentMethodType } from '../manifest/payment-methods.js';
import type { PaymentRule } from '../rules/types.js';

type BindingRule = PaymentRule<BindingEntry, MerchantEntry>;

export const currencyOfProfile: BindingRule = {
  id: 'binding-currency-profile',
  kind: 'binding',
  title: "A binding's currency is its acquirer profile's (a warning: the service accepts another, which a host may not settle)",
  severity: 'warning',
  description:
    "A binding routes the merchant's payments in its currency through its acquirer profile, whose host settles in the profile's currency. The " +
    'service accepts a binding in another currency; unless the host converts (dynamic currency conversion, a multi-currency host), its payments ' +
    'fail at the host or settle in a currency nobody expects. Switch the rule off for a binding whose host takes the currency, with a reason.',
  example: {
    wrong: 'acquirerProfiles: [{ profileName: host-a-usd, currency: USD, … }]\n…\n    bindings: [{ acquirer: host-a-usd, currency: EUR, … }]',
    right: 'acquirerProfiles: [{ profileName: host-a-usd, currency: USD, … }]\n…\n    bindings: [{ acquirer: host-a-usd, currency: USD, … }]',
  },
  sources: [],
  check(entry, context) {
    const profile = context.lookup.profile(entry.acquirer);
    if (profile === undefined || context.pending(entry.currency) || context.pending(profile.currency) || profile.currency === entry.currency) return;
    context.report(
      ['currency'],
      `currency ${context.shown(['currency'], entry.currency)} is not the currency of acquirer profile ${context.shown(['acquirer'], JSON.stringify(entry.acquirer))}, ` +
        context.shownIn(profile, ['currency'], profile.currency),
    );
  },
};

export const emvOfCurrency: BindingRule = {
  id: 'binding-emv-currency',
  kind: 'binding',
  title: 'Every card method a binding routes has an EMV config in its currency (an error: its limits would be read in another currency)',
  severity: 'error',
  description:
    "A card method's EMV configs carry the contactless limits, in the minor units of their currency. A binding in EUR whose Visa method names only a " +
    "USD config applies USD limits to EUR payments. The EMV configs are those the binding names for the method or, where it names none, its " +
    "profile's for that method.",
  example: {
    wrong: 'emvConfigs: [{ emvName: visa-usd, paymentMethod: "01", currency: USD, … }]\n…\n    bindings: [{ acquirer: host-b-eur, currency: EUR, methods: { "01": { emvs: [visa-usd] } } }]',
    right: 'emvConfigs: [{ emvName: visa-eur, paymentMethod: "01", currency: EUR, … }]\n…\n    bindings: [{ acquirer: host-b-eur, currency: EUR, methods: { "01": { emvs: [visa-eur] } } }]',
  },
  sources: ['service'],
  check(entry, context) {
    if (context.pending(entry.currency)) return;
    for (const code of Object.keys(entry.methods)) {
      if (paymentMethodType(code) !== 'card') continue;
      const named = entry.methods[code]?.emvs ?? [];
      const fromProfile = named.length === 0;
      const names = fromProfile ? (context.lookup.profile(entry.acquirer)?.methods[code]?.emvs ?? []) : named;
      const configs = names.map((name) => context.lookup.emv(name)).filter((emv): emv is EmvConfigEntry => emv !== undefined);
      // A config the manifest does not define is the cross-checks' to report; none known, nothing to compare.
      if (configs.length === 0 || configs.some((emv) => emv.currency === entry.currency)) continue;
      const listed = configs.map((emv) => `${context.shownIn(emv, ['emvName'], JSON.stringify(emv.emvName))} (${context.shownIn(emv, ['currency'], emv.currency)})`).join(', ');
      context.report(
        ['methods', code],
        `method ${code} has no EMV config in ${context.shown(['currency'], entry.currency)}: ${fromProfile ? `its profile's are ${listed}` : `it names ${listed}`}; ` +
          'name one in the binding\'s currency',
        'key',
      );
    }
  },
};

export const BINDING_RULES: readonly BindingRule[] = [currencyOfProfile, emvOfCurrency];
