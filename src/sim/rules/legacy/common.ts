import { ownerInvalid } from '../../errors.js';
import type { ServiceContext } from '../context.js';

/**
 * The legacy API takes `groupId` in some bodies although the token already names the group. One
 * that names another group is refused as the service refuses another group's records: 13000.
 */
export function checkCallerGroup(ctx: ServiceContext, groupId: string | undefined): void {
  if (groupId !== undefined && groupId !== '' && groupId !== ctx.group.groupId) throw ownerInvalid();
}

/**
 * The legacy API sets no currency on merchants and EMV configs: one created there is in USD, as the
 * legacy terminal defaults (0840, document 2, 2.6) are.
 */
export const LEGACY_CURRENCY = 'USD';
