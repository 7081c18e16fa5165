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

export function paymentMethodInfo(code: string): PaymentMethodInfo | undefined {
  return CATALOG.get(code);
}

export function isPaymentMethodCode(code: string): boolean {
  return CATALOG.has(code);
}

export function allPaymentMethods(): readonly PaymentMethodInfo[] {
  return [...CATALOG.values()];
}
