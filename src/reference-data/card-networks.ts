/**
 * The card networks behind the service's card payment methods, with the prefixes that name each:
 * the registered application provider identifiers (RIDs) that begin its EMV AIDs, and the issuer
 * identification numbers (IINs) that begin its card numbers.
 *
 * The method-to-network table is a fact of the live service (its public terminal SDK): 01 Visa,
 * 02 Mastercard, 03 UnionPay (the reference's "domestic-scheme network C"), 04 American Express (whose
 * terminal parameters the reference writes netD… and the live documentation amex…), 05 Discover,
 * 06 JCB.
 *
 * RIDs are assigned by the ISO/IEC 7816-5 registration authority; each network publishes its own in
 * its EMV specifications. The citations, per prefix:
 * - A000000003 Visa: Visa Integrated Circuit Card Specification 1.5, §3.1 ("All Visa AIDs shall begin
 *   with a RID expressed as hexadecimal 'A000000003'"); Wikipedia, EMV, "Application selection". Also
 *   A000000098, Visa USA's, whose A0000000980840 is the US Common Debit application: the same table.
 * - A000000004 Mastercard, Maestro and Cirrus (A0000000041010, A0000000043060, A0000000046000); also
 *   A000000005, UK Maestro (formerly Switch): Wikipedia, EMV, "Application selection";
 *   hartleyenterprises.com/listAID.html.
 * - A000000333 UnionPay (A000000333010101 debit, …010102 credit): the PBOC/UICS specifications; EFTlab's
 *   "Complete list of Application Identifiers (AID)"; payprobe.io's tag 4F reference.
 * - A000000025 American Express (A00000002501): Wikipedia, EMV, "Application selection".
 * - A000000152 Discover and Diners Club International (A0000001523010), and A000000324, Discover ZIP
 *   (A0000003241010), Discover's contactless application, which a Discover terminal config may name:
 *   hartleyenterprises.com/listAID.html; EFTlab's list.
 * - A000000065 JCB (A0000000651010): Wikipedia, EMV, "Application selection".
 * URLs in sources.ts (REFERENCE_SOURCES.rid).
 *
 * IIN ranges (ISO/IEC 7812; Wikipedia, "Payment card number"): Visa 4; Mastercard 51–55 and
 * 2221–2720; UnionPay 62; American Express 34, 37; Discover 6011, 644–649, 65; JCB 3528–3589.
 */

export interface CardNetwork {
  /** The service's card payment method code. */
  readonly method: string;
  readonly name: string;
  /** Registered application provider identifiers: the first 10 hex digits of the network's AIDs, in capitals. */
  readonly rids: readonly string[];
  /** Leading digits of the network's card numbers (IIN ranges, each range by one prefix in it where it is wide). */
  readonly panPrefixes: readonly string[];
  /** A six-digit IIN of the network, for made-up card numbers (the simulator's masked account numbers). */
  readonly sampleIin: string;
  /** Where its RIDs are published (the URLs are in sources.ts, REFERENCE_SOURCES.rid). */
  readonly ridSource: string;
}

export const CARD_NETWORKS: readonly CardNetwork[] = [
  {
    method: '01',
    name: 'Visa',
    rids: ['A000000003', 'A000000098'],
    panPrefixes: ['4'],
    sampleIin: '476173',
    ridSource: "Visa Integrated Circuit Card Specification 1.5, §3.1; Wikipedia, EMV, \"Application selection\" (A000000098: US Common Debit, A0000000980840)",
  },
  {
    method: '02',
    name: 'Mastercard',
    rids: ['A000000004', 'A000000005'],
    panPrefixes: ['51', '52', '53', '54', '55', '2221-2720'],
    sampleIin: '522233',
    ridSource: 'Wikipedia, EMV, "Application selection" (Mastercard, Maestro, Cirrus; UK Maestro); hartleyenterprises.com AID list',
  },
  { method: '03', name: 'UnionPay', rids: ['A000000333'], panPrefixes: ['62'], sampleIin: '621483', ridSource: 'PBOC/UICS specifications; EFTlab AID list; payprobe.io tag 4F' },
  { method: '04', name: 'American Express', rids: ['A000000025'], panPrefixes: ['34', '37'], sampleIin: '371449', ridSource: 'Wikipedia, EMV, "Application selection"' },
  {
    method: '05',
    name: 'Discover',
    rids: ['A000000152', 'A000000324'],
    panPrefixes: ['6011', '644-649', '65'],
    sampleIin: '601100',
    ridSource: 'hartleyenterprises.com AID list (Discover/Diners, Discover ZIP); EFTlab AID list',
  },
  { method: '06', name: 'JCB', rids: ['A000000065'], panPrefixes: ['3528-3589'], sampleIin: '352800', ridSource: 'Wikipedia, EMV, "Application selection"' },
];

const BY_METHOD = new Map(CARD_NETWORKS.map((network) => [network.method, network]));
const BY_RID = new Map(CARD_NETWORKS.flatMap((network) => network.rids.map((rid) => [rid, network] as const)));

/** The network of a card method code (`01`), or undefined for a QR or unknown code. */
export function networkOfMethod(method: string): CardNetwork | undefined {
  return BY_METHOD.get(method);
}

/** The network whose RID begins `aid` (hex, any case), or undefined when no network of the table has it. */
export function networkOfAid(aid: string): CardNetwork | undefined {
  return BY_RID.get(aid.slice(0, RID_HEX_DIGITS).toUpperCase());
}

/** A RID is 5 bytes. */
export const RID_HEX_DIGITS = 10;
/** An AID is 5 to 16 bytes (EMV Book 1, ISO/IEC 7816-5). */
export const AID_BYTES = { min: 5, max: 16 } as const;

/** Whether a card number begins with one of the network's IIN prefixes (a range `a-b` compares its first digits as a number). */
export function panOfNetwork(pan: string, network: CardNetwork): boolean {
  return network.panPrefixes.some((prefix) => {
    const dash = prefix.indexOf('-');
    if (dash < 0) return pan.startsWith(prefix);
    const low = prefix.slice(0, dash);
    const high = prefix.slice(dash + 1);
    const head = Number(pan.slice(0, low.length));
    return head >= Number(low) && head <= Number(high);
  });
}
