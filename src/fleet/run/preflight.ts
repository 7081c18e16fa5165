import { EnvironmentsError } from '../../environments/errors.js';
import { readEnvironmentToken, resolveEnvironment } from '../../environments/resolve.js';
import { PaycfgError } from '../../errors.js';
import { formatDiagnostic } from '../../manifest/diagnostics.js';
import type { FleetFile, FleetTarget } from '../types.js';
import { FleetInputError } from './errors.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A problem of one target, as preflight finds it: counted by target, worded only for the error. */
interface TargetProblem {
  readonly target: string;
  readonly problem: string;
}

/**
 * Before any request of a run that connects (plan, apply, drift): every target's values and token
 * are read from their sources, and every target whose sources give nothing is listed at once, each
 * problem where it is written (the fleet file's line of the value) or which variable or file it
 * reads. Nothing read is kept: each target reads its own again at its turn, so that a run of many
 * groups holds no token longer than its target runs.
 *
 * @throws FleetInputError listing every problem of every target.
 */
export async function preflight(fleet: FleetFile, targets: readonly FleetTarget[], options: { readonly env: Env }): Promise<void> {
  const problems: TargetProblem[] = [];
  for (const target of targets) {
    try {
      await resolveEnvironment(fleet.environments, target.name, { env: options.env });
    } catch (error) {
      if (error instanceof EnvironmentsError) problems.push(...error.diagnostics.map((d) => ({ target: target.name, problem: formatDiagnostic(d) })));
      else if (error instanceof PaycfgError) problems.push({ target: target.name, problem: error.message });
      else throw error;
    }
    try {
      await readEnvironmentToken(target.definition, { env: options.env });
    } catch (error) {
      if (!(error instanceof PaycfgError)) throw error;
      problems.push({ target: target.name, problem: error.message });
    }
  }
  if (problems.length > 0) {
    const failing = new Set(problems.map((p) => p.target)).size;
    throw new FleetInputError(
      `${failing === 1 ? '1 target' : `${failing} targets`} of ${fleet.name} cannot run`,
      problems.map((p) => `target ${p.target}: ${p.problem}`),
    );
  }
}
