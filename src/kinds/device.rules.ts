/**
 * The payment rules of devices (terminals): the EMV parameters a terminal is sent are codes of the
 * right lists and lengths, and name the country and currency its merchant trades in. The floor
 * limit's 8 digits are the manifest format's own check (device.ts), not a rule. See docs/rules.md.
 */
import { alpha2OfNumeric, currencyByNumeric } from '../reference-data/index.js';
import type { DeviceEntry, MerchantEntry } from '../manifest/model.js';
import type { PaymentRule, RuleContext } from '../rules/types.js';
import { isDigits, isHex } from '../rules/values.js';

type DeviceRule = PaymentRule<DeviceEntry, MerchantEntry>;

/** An EMV parameter's value as text, unless absent or waiting for a missing variable. */
function paramOf(entry: DeviceEntry, name: string, context: RuleContext): string | undefined {
  const value = (entry.emvParams as Readonly<Record<string, unknown>> | undefined)?.[name];
  if (value === undefined || value === null || context.pending(value)) return undefined;
  return String(value);
}

export const emvCodes: DeviceRule = {
  id: 'device-emv-codes',
  kind: 'device',
  title: 'terminalCountryCode and txnCurrencyCode are assigned ISO 3166-1 and ISO 4217 numeric codes (an error: the kernel sends them to the card)',
  severity: 'error',
  description:
    'A terminal writes its country (9F1A) and transaction currency (5F2A) into every card\'s cryptogram; the issuer checks them. The manifest ' +
    'format checks that each is 4 digits; this rule checks that ISO assigns the code: `0840` is the United States and the US dollar, `0999` is neither.',
  example: { wrong: 'emvParams: { terminalCountryCode: "0999", txnCurrencyCode: "0999" }', right: 'emvParams: { terminalCountryCode: "0840", txnCurrencyCode: "0840" }' },
  sources: ['iso3166', 'iso4217'],
  check(entry, context) {
    const country = paramOf(entry, 'terminalCountryCode', context);
    if (country !== undefined && alpha2OfNumeric(country) === undefined) {
      context.report(['emvParams', 'terminalCountryCode'], `terminalCountryCode ${context.shown(['emvParams', 'terminalCountryCode'], country)} is no ISO 3166-1 numeric code (the United States is "0840")`);
    }
    const currency = paramOf(entry, 'txnCurrencyCode', context);
    if (currency !== undefined && currencyByNumeric(currency) === undefined) {
      context.report(['emvParams', 'txnCurrencyCode'], `txnCurrencyCode ${context.shown(['emvParams', 'txnCurrencyCode'], currency)} is no ISO 4217 numeric code (the US dollar is "0840")`);
    }
  },
};

export const currencyOfMerchant: DeviceRule = {
  id: 'device-currency-merchant',
  kind: 'device',
  title: "txnCurrencyCode is a currency its merchant trades in: the merchant's currency or a binding's (a warning: the service's own terminal defaults are USD)",
  severity: 'warning',
  description:
    "A terminal's transaction currency (5F2A) is the currency of every payment it takes. The service routes a payment by its currency through the " +
    "merchant's bindings; a terminal in a currency the merchant neither settles in nor binds takes payments no acquirer profile receives. " +
    'A warning, not an error: the service gives a terminal created without emvParams its default parameters (0840, USD; document 2, 2.6), so a group ' +
    'exported as it is live carries them on every terminal of a merchant in another currency, and the reviewer decides which to set.',
  example: {
    wrong: 'currency: USD\nbindings: [{ acquirer: host-a-usd, currency: USD, … }]\ndevices:\n  - deviceAlias: till-1\n    emvParams: { txnCurrencyCode: "0978" }   # EUR',
    right: 'currency: USD\nbindings: [{ acquirer: host-a-usd, currency: USD, … }]\ndevices:\n  - deviceAlias: till-1\n    emvParams: { txnCurrencyCode: "0840" }   # USD',
  },
  sources: ['iso4217'],
  check(entry, context) {
    const merchant = context.parent;
    const code = paramOf(entry, 'txnCurrencyCode', context);
    const currency = code === undefined ? undefined : currencyByNumeric(code);
    if (merchant === undefined || currency === undefined) return;
    // Compared first, shown only for a finding: every terminal of a large group passes here.
    const bindings = merchant.bindings ?? [];
    if (merchant.currency === currency.code || bindings.some((binding) => binding.currency === currency.code)) return;
    const traded = new Map<string, string>();
    if (merchant.currency !== undefined && !context.pending(merchant.currency)) traded.set(merchant.currency, context.shownInParent(['currency'], merchant.currency));
    bindings.forEach((binding, index) => {
      if (!context.pending(binding.currency) && !traded.has(binding.currency)) traded.set(binding.currency, context.shownInParent(['bindings', index, 'currency'], binding.currency));
    });
    if (traded.size === 0) return;
    context.report(
      ['emvParams', 'txnCurrencyCode'],
      `txnCurrencyCode ${context.shown(['emvParams', 'txnCurrencyCode'], code)} is ${context.secret(['emvParams', 'txnCurrencyCode']) ? 'another currency' : currency.code}, but its merchant trades in ${[...traded.values()].join(', ')} ` +
        "(the merchant's currency and its bindings'); write the numeric code of one of them",
    );
  },
};

export const countryOfMerchant: DeviceRule = {
  id: 'device-country-merchant',
  kind: 'device',
  title: "terminalCountryCode is its merchant's country (a warning: a terminal abroad may be deliberate)",
  severity: 'warning',
  description:
    "A terminal's country code (9F1A) tells the issuer where the payment happens, which decides domestic or cross-border fees and risk checks. " +
    "It is most often its merchant's country; a merchant with a terminal abroad (a stand at a fair) switches the rule off for it, with a reason.",
  example: { wrong: 'country: US\ndevices:\n  - deviceAlias: till-1\n    emvParams: { terminalCountryCode: "0826" }   # GB', right: 'country: US\ndevices:\n  - deviceAlias: till-1\n    emvParams: { terminalCountryCode: "0840" }   # US' },
  sources: ['iso3166'],
  check(entry, context) {
    const merchant = context.parent;
    const code = paramOf(entry, 'terminalCountryCode', context);
    const alpha2 = code === undefined ? undefined : alpha2OfNumeric(code);
    if (merchant?.country === undefined || alpha2 === undefined || context.pending(merchant.country) || alpha2 === merchant.country) return;
    context.report(
      ['emvParams', 'terminalCountryCode'],
      `terminalCountryCode ${context.shown(['emvParams', 'terminalCountryCode'], code)} is ${context.secret(['emvParams', 'terminalCountryCode']) ? 'another country' : alpha2}, but its merchant's country is ${context.shownInParent(['country'], merchant.country)}`,
    );
  },
};

/** Fixed-length EMV parameters of a terminal: hex digits or decimal digits, and how many. */
const FIXED_LENGTH: readonly { readonly name: string; readonly length: number; readonly hex: boolean; readonly what: string }[] = [
  { name: 'terminalCapability', length: 6, hex: true, what: 'Terminal Capabilities (9F33) is 3 bytes: 6 hex digits, e.g. E0F8C8' },
  { name: 'terminalType', length: 2, hex: false, what: 'Terminal Type (9F35) is 2 digits, e.g. "22" (attended, merchant-operated, online with offline capability)' },
];

export const hexParams: DeviceRule = {
  id: 'device-hex-params',
  kind: 'device',
  title: 'terminalCapability is 6 hex digits and terminalType 2 digits (an error: the kernel reads fixed-length fields)',
  severity: 'error',
  description:
    'Terminal Capabilities (9F33) is 3 bytes, written as 6 hex digits; Terminal Type (9F35) is 2 decimal digits. The manifest format checks that ' +
    'terminalCapability is hex; a value of another length is cut or padded by the terminal, and turns capabilities on or off that nobody chose.',
  example: { wrong: 'emvParams: { terminalCapability: E0F8C, terminalType: "022" }', right: 'emvParams: { terminalCapability: E0F8C8, terminalType: "22" }' },
  sources: ['emvBook4'],
  check(entry, context) {
    for (const { name, length, hex, what } of FIXED_LENGTH) {
      const value = paramOf(entry, name, context);
      if (value === undefined || (value.length === length && (hex ? isHex(value) : isDigits(value)))) continue;
      context.report(['emvParams', name], `${name} ${context.shown(['emvParams', name], JSON.stringify(value))} is not ${length} ${hex ? 'hex digits' : 'digits'}: ${what}`);
    }
  },
};

export const DEVICE_RULES: readonly DeviceRule[] = [emvCodes, currencyOfMerchant, countryOfMerchant, hexParams];

