/**
 * The payment rules of EMV configs: what makes a config wrong although the service stores it. The
 * contactless limits out of order, an AID that is not hex of an AID's length or that belongs to
 * another network than the config's payment method, limits that are not amounts, DOLs that are not
 * hex. See docs/rules.md (generated from these).
 */
import { AID_BYTES, CARD_NETWORKS, currencyByCode, formatMinorUnits, networkOfAid, networkOfMethod, RID_HEX_DIGITS, type CardNetwork } from '../reference-data/index.js';
import type { EmvConfigEntry } from '../manifest/model.js';
import type { PaymentRule, RuleContext } from '../rules/types.js';
import { isHex, minorUnits } from '../rules/values.js';

type EmvRule = PaymentRule<EmvConfigEntry>;

/** The contactless limits, in the order they must hold: floor ≤ CVM ≤ transaction limit. */
const LIMITS = ['clFloorLimit', 'clCVMLimit', 'clTransLimit'] as const;

/** Amounts in minor units (EMV n12: at most 12 digits). */
const AMOUNT_PARAMS = LIMITS;
const AMOUNT_DIGITS = 12;

/** Data object lists: tag and length pairs, in hex. */
const DOL_PARAMS = ['defaultDDOL', 'defaultTDOL'] as const;
/** Application Version Number (9F09): 2 bytes. */
const APP_VERSION = 'appVersion';

/** A param's value, unless absent or waiting for a missing variable. */
function paramOf(entry: EmvConfigEntry, name: string, context: RuleContext): unknown {
  const value = entry.params[name];
  return value === undefined || value === null || context.pending(value) ? undefined : value;
}

const ridsOf = (network: CardNetwork): string => network.rids.join(', ');
/** `a Visa AID`, `an American Express AID`. */
const anAid = (network: CardNetwork): string => `${/^[AEIOU]/.test(network.name) ? 'an' : 'a'} ${network.name} AID`;

export const contactlessLimits: EmvRule = {
  id: 'emv-contactless-limits',
  kind: 'emv',
  title: 'Contactless limits in order: clFloorLimit ≤ clCVMLimit ≤ clTransLimit (an error: out of order, a limit never applies)',
  severity: 'error',
  description:
    'The contactless floor limit (offline approval), CVM limit (a PIN or signature above it) and transaction limit (no contactless payment above it) ' +
    'are amounts in the minor units of the config\'s currency, and only mean something in that order. A CVM limit above the transaction limit asks ' +
    'for no cardholder verification on any contactless payment; a floor limit above the CVM limit approves offline payments that needed a PIN. ' +
    'The service stores either; a reviewer refuses both.',
  example: {
    wrong: 'currency: USD\nparams: { clFloorLimit: 0, clCVMLimit: 500000, clTransLimit: 100000 }',
    right: 'currency: USD\nparams: { clFloorLimit: 0, clCVMLimit: 100000, clTransLimit: 500000 }',
  },
  sources: ['iso4217'],
  check(entry, context) {
    const currency = currencyByCode(entry.currency);
    const amounts = LIMITS.map((name) => ({ name, amount: minorUnits(paramOf(entry, name, context)) }));
    const present = amounts.filter((limit): limit is { name: (typeof LIMITS)[number]; amount: bigint } => limit.amount !== undefined);
    const shown = (amount: bigint, name: string): string => {
      if (context.secret(['params', name])) return context.shown(['params', name], amount);
      return currency === undefined ? String(amount) : `${amount} (${formatMinorUnits(amount, currency)})`;
    };
    // Each present limit against the next present one: one finding per step out of order.
    for (let i = 1; i < present.length; i++) {
      const lower = present[i - 1]!;
      const upper = present[i]!;
      if (lower.amount <= upper.amount) continue;
      context.report(
        ['params', lower.name],
        `${lower.name} ${shown(lower.amount, lower.name)} is above ${upper.name} ${shown(upper.amount, upper.name)}: ` +
          'the contactless limits must hold clFloorLimit ≤ clCVMLimit ≤ clTransLimit, in minor units',
      );
    }
  },
};

export const amountParams: EmvRule = {
  id: 'emv-amount-params',
  kind: 'emv',
  title: 'Contactless limits are amounts: whole numbers of minor units, at most 12 digits (an error: the terminal cannot read another value)',
  severity: 'error',
  description:
    'clFloorLimit, clCVMLimit and clTransLimit are EMV amounts (n12): a whole number of the currency\'s minor units, written as a number or as its ' +
    'digits in quotes. `10.00`, `"10,00"`, `-1` or `true` are stored by the service, and no terminal reads them.',
  example: { wrong: 'params: { clCVMLimit: "50.00" }', right: 'params: { clCVMLimit: 5000 }   # 50.00 in the minor units of USD' },
  sources: ['emvBook4', 'iso4217'],
  check(entry, context) {
    for (const name of AMOUNT_PARAMS) {
      const value = paramOf(entry, name, context);
      if (value === undefined) continue;
      const amount = minorUnits(value);
      if (amount !== undefined && amount.toString().length <= AMOUNT_DIGITS) continue;
      const why = amount === undefined ? 'is not a whole number of minor units (a number or its digits)' : `has more than ${AMOUNT_DIGITS} digits`;
      context.report(['params', name], `${name} ${context.shown(['params', name], JSON.stringify(value))} ${why}`);
    }
  },
};

/** The AID as text, when it is one to check. */
function aidOf(entry: EmvConfigEntry, context: RuleContext): string | undefined {
  const value = paramOf(entry, 'aid', context);
  return typeof value === 'string' ? value : value === undefined ? undefined : String(value);
}

function aidProblem(aid: string): string | undefined {
  if (!isHex(aid)) return 'is not hexadecimal';
  if (aid.length % 2 !== 0) return 'has an odd number of hex digits (an AID is whole bytes)';
  const bytes = aid.length / 2;
  if (bytes < AID_BYTES.min || bytes > AID_BYTES.max) return `is ${bytes} bytes long; an AID is ${AID_BYTES.min} to ${AID_BYTES.max} bytes (${AID_BYTES.min * 2} to ${AID_BYTES.max * 2} hex digits)`;
  return undefined;
}

export const aidFormat: EmvRule = {
  id: 'emv-aid-format',
  kind: 'emv',
  title: 'The aid is hex of an AID\'s length, 5 to 16 bytes (an error: no card application can match it)',
  severity: 'error',
  description:
    'An application identifier is a 5-byte registered application provider identifier (RID) followed by up to 11 bytes of proprietary extension: ' +
    '10 to 32 hex digits, whole bytes. A terminal selects a card\'s application by comparing AIDs; one that is not an AID selects nothing.',
  example: { wrong: 'params: { aid: A0000000031 }      # 11 hex digits: not whole bytes', right: 'params: { aid: A0000000031010 }' },
  sources: ['aidLength'],
  check(entry, context) {
    const aid = aidOf(entry, context);
    if (aid === undefined) return;
    const problem = aidProblem(aid);
    if (problem !== undefined) context.report(['params', 'aid'], `aid ${context.shown(['params', 'aid'], aid)} ${problem}`);
  },
};

export const aidNetwork: EmvRule = {
  id: 'emv-aid-network',
  kind: 'emv',
  title: "The aid's provider (RID) is the network of the config's payment method (an error: the config would serve another network's cards)",
  severity: 'error',
  description:
    'The service\'s card methods are networks: 01 Visa, 02 Mastercard, 03 UnionPay, 04 American Express, 05 Discover, 06 JCB. An AID begins with ' +
    'its network\'s registered application provider identifier (RID, the first 10 hex digits). A Mastercard AID in a config of method 01 puts ' +
    'Mastercard\'s application under Visa\'s limits and routing.',
  example: { wrong: 'paymentMethod: "01"\nparams: { aid: A0000000041010 }   # Mastercard', right: 'paymentMethod: "01"\nparams: { aid: A0000000031010 }   # Visa' },
  sources: ['rid', 'service'],
  check(entry, context) {
    const network = networkOfMethod(entry.paymentMethod);
    const aid = aidOf(entry, context);
    if (network === undefined || aid === undefined || aidProblem(aid) !== undefined) return;
    const owner = networkOfAid(aid);
    if (owner === undefined || owner === network) return;
    // What the AID is said only of one written in the manifest: one from a variable is shown as nothing but a secret.
    const whose = context.secret(['params', 'aid']) ? `is not ${network.name}'s` : `is ${owner.name}'s (RID ${aid.slice(0, RID_HEX_DIGITS).toUpperCase()})`;
    const advice = context.secret(['params', 'aid']) ? `use ${anAid(network)}` : `use ${anAid(network)} or the method of ${owner.name}, ${owner.method}`;
    context.report(['params', 'aid'], `aid ${context.shown(['params', 'aid'], aid)} ${whose}, but paymentMethod ${entry.paymentMethod} is ${network.name} (${ridsOf(network)}); ${advice}`);
  },
};

export const aidProvider: EmvRule = {
  id: 'emv-aid-provider',
  kind: 'emv',
  title: "The aid's provider (RID) is one of the card networks' (a warning: a domestic scheme's AID may be deliberate)",
  severity: 'warning',
  description:
    `An AID whose RID is none of the six networks' (${CARD_NETWORKS.flatMap((n) => n.rids).join(', ')}) is most often a typing error; it may also be ` +
    'a domestic scheme co-badged on the network\'s cards (CB, Interac, …), which the terminal offers beside the network\'s. Switch the rule off ' +
    'for such a config with a reason.',
  example: { wrong: 'paymentMethod: "01"\nparams: { aid: A0000000991010 }', right: 'paymentMethod: "01"\nparams: { aid: A0000000031010 }' },
  sources: ['rid', 'service'],
  check(entry, context) {
    const network = networkOfMethod(entry.paymentMethod);
    const aid = aidOf(entry, context);
    if (network === undefined || aid === undefined || aidProblem(aid) !== undefined || networkOfAid(aid) !== undefined) return;
    context.report(
      ['params', 'aid'],
      `aid ${context.shown(['params', 'aid'], aid)} has ${context.secret(['params', 'aid']) ? 'a RID' : `RID ${aid.slice(0, RID_HEX_DIGITS).toUpperCase()}`}, which is no card network's; ` +
        `paymentMethod ${entry.paymentMethod} is ${network.name} (${ridsOf(network)})`,
    );
  },
};

export const hexParams: EmvRule = {
  id: 'emv-hex-params',
  kind: 'emv',
  title: 'DOLs (defaultDDOL, defaultTDOL) are hex of whole bytes, appVersion is 2 bytes of hex (an error: the kernel cannot parse them)',
  severity: 'error',
  description:
    'A data object list is a series of tag and length pairs, written in hex: an odd number of digits or a letter past F cannot be parsed. The ' +
    'application version number (9F09) is 2 bytes, 4 hex digits (`"0002"`, quoted: unquoted YAML reads 0002 as the number 2).',
  example: { wrong: 'params: { defaultDDOL: 9F3704G, appVersion: 2 }', right: 'params: { defaultDDOL: 9F3704, appVersion: "0002" }' },
  sources: ['emvBook4'],
  check(entry, context) {
    for (const name of DOL_PARAMS) {
      const value = paramOf(entry, name, context);
      if (value === undefined) continue;
      const text = typeof value === 'string' ? value : undefined;
      if (text !== undefined && text.length % 2 === 0 && (text === '' || isHex(text))) continue;
      context.report(['params', name], `${name} ${context.shown(['params', name], JSON.stringify(value))} is not hex of whole bytes (tag and length pairs, e.g. 9F3704)`);
    }
    const version = paramOf(entry, APP_VERSION, context);
    if (version !== undefined && !(typeof version === 'string' && version.length === 4 && isHex(version))) {
      context.report(['params', APP_VERSION], `${APP_VERSION} ${context.shown(['params', APP_VERSION], JSON.stringify(version))} is not 4 hex digits (2 bytes, e.g. "0002"; quote it)`);
    }
  },
};

export const EMV_RULES: readonly EmvRule[] = [contactlessLimits, amountParams, aidFormat, aidNetwork, aidProvider, hexParams];
