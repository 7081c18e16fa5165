import { PaycfgError, UsageError } from '../errors.js';
import type { Change, Plan } from './plan.js';

/**
 * `--max-deletes N` and the manifest's `safety.maxDeletes`: the most live records one run may
 * delete. It stands between a mistyped folder or a half-written manifest and a group emptied by
 * prune; plan and apply both refuse a plan over it, before any write.
 */
export interface DeleteBudget {
  readonly limit: number;
  /** Where the limit was set, as the message names it. */
  readonly source: 'flag' | 'manifest' | 'saved plan';
}

/** A plan with more deletes than the budget allows; nothing was written. */
export class DeleteBudgetError extends PaycfgError {
  readonly code = 'DELETE_BUDGET';
}

/**
 * The changes that count against the budget, one per live record that goes: every delete the run
 * would send (a logout and a decommission included: the terminal leaves the group), a replacement
 * once (its old half is the delete), and the detach step that deletes a binding while its profile is
 * replaced (the live binding goes, and a new one is made). Not counted: the automatic binding of a
 * new merchant (`predicted`: no live record yet), and blocked changes, which apply never tries.
 */
export function countedDeletes(plan: Pick<Plan, 'changes'>): Change[] {
  // A replacement is two changes: counted once, by its replace half, not by its old half.
  return plan.changes.filter((c) => c.action === 'replace' || (c.action === 'delete' && c.predicted !== true && c.step !== 'replace-old'));
}

function sourceWords(budget: DeleteBudget): string {
  return budget.source === 'flag'
    ? `--max-deletes ${budget.limit}`
    : budget.source === 'manifest'
      ? `safety.maxDeletes: ${budget.limit} in the manifest`
      : `the saved plan's safety.maxDeletes: ${budget.limit} (from its manifest)`;
}

function what(change: Change): string {
  if (change.action === 'replace') return 'replace: delete, then create again';
  if (change.step === 'detach') return 'delete, bound again after its profile is replaced';
  return change.disposal === 'logout' || change.disposal === 'decommission' ? change.disposal : 'delete';
}

/** Throws DeleteBudgetError, listing every counted delete, when the plan has more than the budget allows. */
export function checkDeleteBudget(plan: Pick<Plan, 'changes'>, budget: DeleteBudget | undefined): void {
  if (budget === undefined) return;
  const counted = countedDeletes(plan);
  if (counted.length <= budget.limit) return;
  const allowed = budget.limit === 0 ? 'allows no delete' : `allows ${budget.limit}`;
  const raise =
    budget.source === 'flag'
      ? `If they are all meant, run again with --max-deletes ${counted.length}.`
      : `If they are all meant, run again with --max-deletes ${counted.length} (it overrides safety.maxDeletes for one run), or raise safety.maxDeletes in a reviewed change.`;
  throw new DeleteBudgetError(
    `the plan deletes ${counted.length} live record${counted.length === 1 ? '' : 's'} and ${sourceWords(budget)} ${allowed}; nothing was changed. Deletes:\n` +
      `${counted.map((c) => `  - ${c.address} (${what(c)})`).join('\n')}\n` +
      `Check that the manifest is complete (every file given with -f, no entry left out by mistake). ${raise}`,
    { limit: budget.limit, source: budget.source, deletes: counted.map((c) => c.address) },
  );
}

/** The budget of a run: the flag wins over the manifest (or the saved plan), for this run only. */
export function deleteBudgetOf(flag: number | undefined, standing: number | undefined, standingSource: 'manifest' | 'saved plan'): DeleteBudget | undefined {
  if (flag !== undefined) return { limit: flag, source: 'flag' };
  return standing === undefined ? undefined : { limit: standing, source: standingSource };
}

/** A budget given by a caller (the library's `maxDeletes`, the CLI's --max-deletes once parsed): a whole number, 0 or more. */
export function checkedMaxDeletes(value: number | undefined): number | undefined {
  if (value === undefined || (Number.isInteger(value) && value >= 0)) return value;
  throw new UsageError(`maxDeletes must be a whole number, 0 or more (0 allows no delete), not ${String(value)}`);
}
