/**
 * What the scratch merchant's summary item says, once its binding binds part of a profile: the
 * bound part (the binding reading) or the whole profile (the profile reading). Anything else
 * proves neither, and is said as it was read.
 */
import { ProbeError } from '../service-record/errors.js';
import type { EmvIdsByMethod, SummaryLists } from '../service-record/types.js';
import { listsText, sameLists } from './lists.js';
import type { ProbePart } from './read-group.js';
import { bindingWords } from './plan.js';

/** What was read of the scratch merchant: its summary item's lists and its binding record's (undefined: none for the binding). */
export interface ScratchReading {
  readonly summaryLists: EmvIdsByMethod | undefined;
  readonly bindingLists: EmvIdsByMethod | undefined;
}

/** @throws ProbeError (inconclusive) naming what was read. */
export function verdictOf(part: ProbePart, read: ScratchReading, mchId: string): SummaryLists {
  const binding = bindingWords(part.binding);
  const said = (): string =>
    `its summary item for ${binding} lists ${read.summaryLists === undefined ? 'nothing (no item)' : listsText(read.summaryLists)}, ` +
    `its binding record ${read.bindingLists === undefined ? 'is missing' : `holds ${listsText(read.bindingLists)}`}, ` +
    `the part bound was ${listsText(part.bound)} and the profile lists ${listsText(part.whole)}`;
  if (read.bindingLists === undefined || !sameLists(read.bindingLists, part.bound)) {
    throw new ProbeError(`inconclusive: the service did not keep the binding of scratch merchant ${mchId} as sent: ${said()}`, { mchId });
  }
  if (read.summaryLists !== undefined && sameLists(read.summaryLists, part.bound)) return 'binding';
  if (read.summaryLists !== undefined && sameLists(read.summaryLists, part.whole)) return 'profile';
  throw new ProbeError(
    `inconclusive: the summary of scratch merchant ${mchId} is neither the part bound nor the whole profile: ${said()}. ` +
      'A profile edited while the probe ran reads so too: run `paycfg probe` again.',
    { mchId },
  );
}
