/**
 * Payment method codes. The reference hides the card network names, so the simulator uses neutral
 * upper-case names. QR codes follow the service's public docs: letters and digits, not fixed width.
 */
export type PaymentType = 'card' | 'qr';

export interface PaymentMethodInfo {
  readonly code: string;
  /** Upper-case network name, as `paymentMethodName` and `displayName` carry it. */
  readonly name: string;
  readonly type: PaymentType;
}

const CARD_NETWORKS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

function buildCatalog(): ReadonlyMap<string, PaymentMethodInfo> {
  const catalog = new Map<string, PaymentMethodInfo>();
  CARD_NETWORKS.forEach((letter, index) => {
    const code = `0${index + 1}`;
    catalog.set(code, { code, name: `NETWORK_${letter}`, type: 'card' });
  });
  const qrFamilies: ReadonlyArray<readonly [string, number]> = [
    ['A', 3],
    ['B', 3],
    ['C', 16],
  ];
  for (const [letter, count] of qrFamilies) {
    for (let n = 1; n <= count; n += 1) {
      const code = `${letter}${n}`;
      catalog.set(code, { code, name: `QR_${code}`, type: 'qr' });
    }
  }
  return catalog;
}

const CATALOG = buildCatalog();

/** The reference's catalog: card 01..06 and the QR codes. */
export function paymentMethodInfo(code: string): PaymentMethodInfo | undefined {
  return CATALOG.get(code);
}

export function isPaymentMethodCode(code: string): boolean {
  return CATALOG.has(code);
}

export function allPaymentMethods(): readonly PaymentMethodInfo[] {
  return [...CATALOG.values()];
}

/**
 * Which method codes the simulated service knows. `reference`: the reference's own (card 01..06,
 * QR A1-A3, B1-B3, C1-C16). `extended` adds 07..20, the further card brands and wallets the
 * service's public terminal SDK numbers beyond the reference (it names none of them, so neither do
 * we: `NETWORK_07`...). Either way, a record holding a code is always named (see `anyMethodInfo`).
 */
export type MethodCodes = 'reference' | 'extended';

export const METHOD_CODES: readonly MethodCodes[] = ['reference', 'extended'];

export const DEFAULT_METHOD_CODES: MethodCodes = 'reference';

export function isMethodCodes(value: unknown): value is MethodCodes {
  return value === 'reference' || value === 'extended';
}

/** The codes `extended` adds: card brands and wallets beyond the reference's six networks. */
const FIRST_EXTENDED = 7;
const LAST_EXTENDED = 20;

function buildExtendedCatalog(): ReadonlyMap<string, PaymentMethodInfo> {
  const catalog = new Map(CATALOG);
  for (let n = FIRST_EXTENDED; n <= LAST_EXTENDED; n += 1) {
    const code = String(n).padStart(2, '0');
    catalog.set(code, { code, name: `NETWORK_${code}`, type: 'card' });
  }
  return catalog;
}

const EXTENDED_CATALOG = buildExtendedCatalog();

/**
 * The network names real clients and the public documentation use for the card codes (the
 * onboarding client sends `VISA`, `MASTERCARD`; document 2 says `netD` is network D, code 04, whose
 * keys the real docs call `amex…`). The legacy view answers a method by this name, any other code
 * by the code itself.
 */
const LEGACY_NAMES: ReadonlyMap<string, string> = new Map([
  ['01', 'VISA'],
  ['02', 'MASTERCARD'],
  ['03', 'UNIONPAY'],
  ['04', 'AMEX'],
  ['05', 'JCB'],
  ['06', 'DISCOVER'],
]);

const CODE_BY_LEGACY_NAME: ReadonlyMap<string, string> = new Map([...LEGACY_NAMES].map(([code, name]) => [name, code]));

/** The legacy view's name of a method: the network name of 01..06, else the code itself. */
export function legacyMethodName(code: string): string {
  return LEGACY_NAMES.get(code) ?? code;
}

/** The methods one simulated service accepts in requests. */
export interface MethodCatalog {
  readonly codes: MethodCodes;
  has(code: string): boolean;
  info(code: string): PaymentMethodInfo | undefined;
  /**
   * A code, or a name in any case: a legacy network name (`VISA`) or the simulator's own
   * (`NETWORK_A`, `QR_A1`); undefined when it names no method of this catalog.
   */
  codeOf(codeOrName: string): string | undefined;
}

function catalogOf(codes: MethodCodes, entries: ReadonlyMap<string, PaymentMethodInfo>): MethodCatalog {
  const byName = new Map([...entries.values()].map((info) => [info.name, info.code]));
  return {
    codes,
    has: (code) => entries.has(code),
    info: (code) => entries.get(code),
    codeOf: (codeOrName) => {
      if (entries.has(codeOrName)) return codeOrName;
      const upper = codeOrName.toUpperCase();
      const code = CODE_BY_LEGACY_NAME.get(upper) ?? byName.get(upper);
      return code !== undefined && entries.has(code) ? code : undefined;
    },
  };
}

const CATALOGS: Readonly<Record<MethodCodes, MethodCatalog>> = {
  reference: catalogOf('reference', CATALOG),
  extended: catalogOf('extended', EXTENDED_CATALOG),
};

export function methodCatalog(codes: MethodCodes): MethodCatalog {
  return CATALOGS[codes];
}

/** Names a code a record holds, whichever catalog let it in (views only: never to accept a request). */
export function anyMethodInfo(code: string): PaymentMethodInfo | undefined {
  return EXTENDED_CATALOG.get(code);
}
