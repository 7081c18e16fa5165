/**
 * What the lists of a merchant's `acquirers[]` items carry. The reference (01 §2.1) gives
 * `methodList` and `emvList` per bound profile without saying whose: `binding` (the default) lists
 * the binding's own methods and EMV ids, `profile` the bound profile's methodList and emvList as
 * they stand. paycfg must plan right under both, so the simulator speaks either. Like the wire
 * style, it is fixed when the simulator starts and reaches the rules through the ServiceContext.
 */
export type SummaryLists = 'binding' | 'profile';

export const SUMMARY_LISTS: readonly SummaryLists[] = ['binding', 'profile'];

export const DEFAULT_SUMMARY_LISTS: SummaryLists = 'binding';

export function isSummaryLists(value: unknown): value is SummaryLists {
  return value === 'binding' || value === 'profile';
}
