/**
 * Where the reference data the payment rules check against comes from. (The ISO 18245 list's source
 * is declared with the rule that reads it, src/kinds/merchant.rules.ts: its name is a merchant
 * field's, which only the kinds' modules write.) Each rule names the sources
 * it reads (docs/rules.md lists them under the rule), so that a reviewer can check a refusal
 * against its origin, and a maintainer knows where to look when the data must be updated.
 */

export interface ReferenceSource {
  /** Stable id a rule names it by. */
  readonly id: string;
  readonly title: string;
  /** What it gives paycfg, and how paycfg carries it (a package, data in this folder). */
  readonly note: string;
  readonly urls: readonly string[];
}

export const REFERENCE_SOURCES = {
  rid: {
    id: 'rid',
    title: 'Registered application provider identifiers (ISO/IEC 7816-5) of the card networks',
    note:
      'The first 5 bytes (10 hex digits) of an EMV AID name the application provider; the ISO/IEC 7816-5 registration authority assigns them. ' +
      'Carried in src/reference-data/card-networks.ts, each prefix with its own citation.',
    urls: [
      'https://en.wikipedia.org/wiki/EMV#Application_selection',
      'https://idtechproducts.atlassian.net/wiki/spaces/KB/pages/71712140/Application+selection',
      'http://hartleyenterprises.com/listAID.html',
      'https://www.eftlab.com/knowledge-base/complete-list-of-application-identifiers-aid',
      'https://payprobe.io/tools/emv-tag-reference/4f',
      'https://1library.net/article/card-data-application-selection-visa-vis-specification-may.y98mxnrz',
    ],
  },
  aidLength: {
    id: 'aid-length',
    title: 'EMV Book 1 / ISO/IEC 7816-5: an AID is 5 to 16 bytes (tag 4F, 9F06)',
    note: 'A 5-byte RID followed by a proprietary extension (PIX) of up to 11 bytes.',
    urls: ['https://www.emvco.com/specifications/', 'https://payprobe.io/tools/emv-tag-reference/4f'],
  },
  iin: {
    id: 'iin',
    title: 'Issuer identification numbers of the card networks (ISO/IEC 7812)',
    note: "The leading digits of a card number name its network; the simulator's made-up card numbers use them.",
    urls: ['https://en.wikipedia.org/wiki/Payment_card_number#Issuer_identification_number_(IIN)'],
  },
  iso4217: {
    id: 'iso-4217',
    title: 'ISO 4217 currency codes: numeric codes and minor units',
    note:
      'From the currency-codes package (MIT; ISO 4217 List One as SIX publishes it), and, for the few codes withdrawn from List One that ' +
      'acquirer hosts still carry (HRK, SLL, ZWL) and the newest (XCG), from ISO 4217 List Three and amendment 176.',
    urls: ['https://www.six-group.com/en/products-services/financial-information/data-standards.html', 'https://www.npmjs.com/package/currency-codes'],
  },
  iso3166: {
    id: 'iso-3166',
    title: 'ISO 3166-1 numeric codes (UN M49)',
    note: 'From the iso-3166 package (MIT), which carries the alpha-2 and numeric codes of ISO 3166-1.',
    urls: ['https://www.iso.org/standard/72482.html', 'https://www.npmjs.com/package/iso-3166'],
  },
  emvBook4: {
    id: 'emv-book-4',
    title: 'EMV Book 4 and EMV Book 3 Annex A: terminal data elements',
    note:
      'Terminal Capabilities (9F33) is 3 bytes (6 hex digits), Additional Terminal Capabilities (9F40) 5 bytes (10 hex digits), ' +
      'Terminal Type (9F35) n2 (2 digits); a data object list (DDOL, TDOL) is a series of tag and length pairs, written in hex.',
    urls: ['https://www.emvco.com/specifications/'],
  },
  service: {
    id: 'service',
    title: "The service's payment method table (its public terminal SDK)",
    note: 'Card method codes 01..06 are Visa, Mastercard, UnionPay, American Express, Discover and JCB.',
    urls: [],
  },
} as const satisfies Record<string, ReferenceSource>;

export type ReferenceSourceId = keyof typeof REFERENCE_SOURCES;

/** The source a rule names: one of REFERENCE_SOURCES by id, or one of its own. */
export function referenceSource(source: ReferenceSourceId | ReferenceSource): ReferenceSource {
  return typeof source === 'string' ? REFERENCE_SOURCES[source] : source;
}
