import type { EnvironmentDefinition, ResolvedEnvironment } from '../environments/types.js';
import type { PolicyEnvironment } from './types.js';

/**
 * The environments as a pack reads them (PolicyInput.environment): the run's, and every other of
 * its environments file, each with the values the file writes literally. A value read from
 * `{ env }` or `{ file }` is left out: it may be a secret, and a pack never sees one.
 */
export function policyEnvironmentOf(environment: Pick<ResolvedEnvironment, 'definition' | 'file'>): PolicyEnvironment {
  const others = [...environment.file.environments.values()]
    .filter((other) => other.name !== environment.definition.name)
    .map((other) => ({ name: other.name, values: literalValues(other) }));
  return { name: environment.definition.name, values: literalValues(environment.definition), others };
}

function literalValues(definition: EnvironmentDefinition): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of definition.values) if (typeof value === 'string') out[name] = value;
  return out;
}
