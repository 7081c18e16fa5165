import { allPaymentMethods, isPaymentMethodCode } from '../../core/payment-methods.js';
import { ownerInvalid } from '../../errors.js';
import type { ServiceContext } from '../context.js';

/**
 * The legacy API takes `groupId` in some bodies although the token already names the group. One
 * that names another group is refused as the service refuses another group's records: 13000.
 */
export function checkCallerGroup(ctx: ServiceContext, groupId: string | undefined): void {
  if (groupId !== undefined && groupId !== '' && groupId !== ctx.group.groupId) throw ownerInvalid();
}

/** A payment method named by its code (`01`) or its network name (`NETWORK_A`, any case); undefined when neither. */
export function paymentMethodCodeOf(codeOrName: string): string | undefined {
  if (isPaymentMethodCode(codeOrName)) return codeOrName;
  const upper = codeOrName.toUpperCase();
  return allPaymentMethods().find((method) => method.name === upper)?.code;
}
