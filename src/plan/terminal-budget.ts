import { PaycfgError, UsageError } from '../errors.js';
import type { Change, Plan } from './plan.js';

/**
 * `--max-affected-terminals N` and the manifest's `safety.maxAffectedTerminals`: the most terminals
 * one change may reach through the dependency chain (an EMV config's change reaches every terminal
 * of every merchant bound through it). Plan and apply refuse a plan with a change over it, before
 * any write: a change that reaches thousands of terminals deserves a run of its own, asked for.
 */
export interface TerminalBudget {
  readonly limit: number;
  readonly source: 'flag' | 'manifest' | 'saved plan';
}

/** A plan with a change that reaches more terminals than the budget allows; nothing was written. */
export class AffectedTerminalsError extends PaycfgError {
  readonly code = 'AFFECTED_TERMINALS';
}

function sourceWords(budget: TerminalBudget): string {
  return budget.source === 'flag'
    ? `--max-affected-terminals ${budget.limit}`
    : budget.source === 'manifest'
      ? `safety.maxAffectedTerminals: ${budget.limit} in the manifest`
      : `the saved plan's safety.maxAffectedTerminals: ${budget.limit} (from its manifest)`;
}

/** Changes whose impact reaches more terminals than `limit`, most first. */
export function overTerminalBudget(changes: readonly Change[], limit: number): Change[] {
  return changes.filter((c) => (c.impact?.terminals ?? 0) > limit).sort((a, b) => b.impact!.terminals - a.impact!.terminals || a.address.localeCompare(b.address));
}

/**
 * Changes within the budget on the terminals they are known to reach, but some of whose terminals
 * were never counted: a plan made without a budget leaves unread the devices of merchants the
 * manifest does not manage (impact.terminalsKnown false). A plan made with one counts them.
 */
export function uncountedUnderBudget(changes: readonly Change[], limit: number): Change[] {
  return changes.filter((c) => c.impact?.terminalsKnown === false && c.impact.terminals <= limit).sort((a, b) => a.address.localeCompare(b.address));
}

/**
 * Throws AffectedTerminalsError, naming every change over the budget with its count, or, when none
 * is over, every change whose terminals are not all known: a budget never passes on a count it does
 * not have (a saved plan made without a budget; computePlan counts them before it asks).
 */
export function checkTerminalBudget(plan: Pick<Plan, 'changes'>, budget: TerminalBudget | undefined): void {
  if (budget === undefined) return;
  const over = overTerminalBudget(plan.changes, budget.limit);
  if (over.length === 0) {
    checkCounted(plan, budget);
    return;
  }
  const most = over[0]!.impact!.terminals;
  const raise =
    budget.source === 'flag'
      ? `If that is meant, run again with --max-affected-terminals ${most}.`
      : `If that is meant, run again with --max-affected-terminals ${most} (it overrides safety.maxAffectedTerminals for one run), or raise safety.maxAffectedTerminals in a reviewed change.`;
  throw new AffectedTerminalsError(
    `${over.length === 1 ? 'a change reaches' : `${over.length} changes reach`} more terminals than ${sourceWords(budget)} allows; nothing was changed:\n` +
      `${over.map((c) => `  - ${c.address} (${c.action}): ${c.impact!.terminalsKnown === false ? 'at least ' : ''}${c.impact!.terminals} terminal${c.impact!.terminals === 1 ? '' : 's'}`).join('\n')}\n` +
      `Split the change (--target, or a smaller manifest change) so that each run reaches fewer terminals. ${raise}`,
    { limit: budget.limit, source: budget.source, changes: Object.fromEntries(over.map((c) => [c.address, c.impact!.terminals])) },
  );
}

/** Refuses a plan with a change whose terminals the plan did not all count (see uncountedUnderBudget). */
function checkCounted(plan: Pick<Plan, 'changes'>, budget: TerminalBudget): void {
  const uncounted = uncountedUnderBudget(plan.changes, budget.limit);
  if (uncounted.length === 0) return;
  throw new AffectedTerminalsError(
    `${sourceWords(budget)} cannot be checked: the plan did not count every terminal ${uncounted.length === 1 ? 'a change reaches' : `${uncounted.length} changes reach`} ` +
      `(it was made without a terminal budget, so the devices of merchants the manifest does not manage were not read); nothing was changed:\n` +
      `${uncounted.map((c) => `  - ${c.address} (${c.action}): at least ${c.impact!.terminals} terminal${c.impact!.terminals === 1 ? '' : 's'}, the rest unknown`).join('\n')}\n` +
      `Make the plan again with the budget (plan --max-affected-terminals ${budget.limit} --out PLANFILE, or safety.maxAffectedTerminals in the manifest): it reads those devices and counts them.`,
    { limit: budget.limit, source: budget.source, unknown: uncounted.map((c) => c.address) },
  );
}

/** The budget of a run: the flag wins over the manifest (or the saved plan), for this run only. */
export function terminalBudgetOf(flag: number | undefined, standing: number | undefined, standingSource: 'manifest' | 'saved plan'): TerminalBudget | undefined {
  if (flag !== undefined) return { limit: flag, source: 'flag' };
  return standing === undefined ? undefined : { limit: standing, source: standingSource };
}

/** A limit given by a caller (the library's `maxAffectedTerminals`): a whole number, 0 or more. */
export function checkedMaxAffectedTerminals(value: number | undefined): number | undefined {
  if (value === undefined || (Number.isInteger(value) && value >= 0)) return value;
  throw new UsageError(`maxAffectedTerminals must be a whole number, 0 or more, not ${String(value)}`);
}
