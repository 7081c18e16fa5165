import { showControls } from '../util/visible-text.js';
import { PaycfgError } from '../errors.js';
import type { Finding } from '../findings/types.js';

/**
 * A policy module that cannot be trusted to have checked the plan: it cannot be loaded, has no
 * default export of the pack's shape, throws or rejects, runs past its time limit, or returns what
 * is not a list of violations. The run fails closed: no plan is saved, nothing is applied.
 */
export class PolicyModuleError extends PaycfgError {
  readonly code = 'POLICY_MODULE';
  /** The module as the run named it (`builtin`, or its path). */
  readonly module: string;
  /** What went wrong, without the module's name: what the policy worker sends back. */
  readonly what: string;

  constructor(module: string, what: string, details: Record<string, unknown> = {}) {
    super(`policy pack ${module}: ${what}. Nothing was saved or applied: a policy that cannot be evaluated blocks the run.`, { module, ...details });
    this.module = module;
    this.what = what;
  }
}

/** A finding of a mandatory rule, or of an overridable one not overridden: `apply` refuses before any write. */
export class PolicyBlockedError extends PaycfgError {
  readonly code = 'POLICY_BLOCKED';
  readonly findings: readonly Finding[];

  constructor(findings: readonly Finding[], wayOn: string) {
    // A pack's words are a PBO's code's: a line break or escape in them must not make lines of its own.
    const lines = findings.map(
      (finding) => `  ${finding.level} ${showControls(finding.rule)} (${showControls(finding.pack)})${finding.address !== undefined ? ` ${showControls(finding.address)}` : ''}: ${showControls(finding.message)}`,
    );
    super(
      `the policy packs block this apply: ${findings.length} finding${findings.length === 1 ? '' : 's'} stop${findings.length === 1 ? 's' : ''} it. Nothing was changed.\n${lines.join('\n')}\n${wayOn}`,
      { findings: findings.map(({ rule, pack, level, address }) => ({ rule, pack, level, ...(address !== undefined ? { address } : {}) })) },
    );
    this.findings = findings;
  }
}

/** An `--override RULE=REASON` that lets nothing through, or may not: refused, since an override says what it lets through. */
export class PolicyOverrideError extends PaycfgError {
  readonly code = 'POLICY_OVERRIDE';
}
