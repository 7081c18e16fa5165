import type { Address } from './kinds.js';

/**
 * A rename the manifest's `moved:` list asks for, as the planner takes it: the live record at
 * `from` is the one the manifest names `to`. A device's `from` is written under its merchant's
 * address in the manifest (a merchant moved in the same manifest may be written by either name;
 * desired/moves.ts puts it under the new one, as the live group is re-keyed merchant first).
 */
export interface Move {
  readonly kind: 'acquirer' | 'merchant' | 'device';
  readonly from: Address;
  readonly to: Address;
}
