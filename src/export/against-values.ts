import type { EnvironmentDefinition, ValueSource } from '../environments/index.js';
import { InternalError } from '../errors.js';
import { secretSourceName } from './against-names.js';
import type { ValueWritten } from './against-run.js';

/**
 * The values the two-environment export adds to each environment's `values:`, checked against what
 * the environments file declares already: a name declared with the same literal needs nothing, one
 * declared with another literal is replaced (the live group is what the export writes), and a
 * value read from a source is left alone, with a notice, since export never reads secrets.
 */
export class EnvironmentValues {
  private readonly added = new Map<string, Map<string, ValueWritten>>();
  readonly notices: string[] = [];

  constructor(private readonly definitions: readonly EnvironmentDefinition[]) {}

  /** A literal for a field that is not secret. */
  setLiteral(environment: string, name: string, value: string): void {
    const declared = this.definition(environment).values.get(name);
    if (declared === value) return;
    const values = this.valuesOf(environment);
    if (declared === undefined) {
      const planned = values.get(name);
      if (planned !== undefined && planned.value !== value) throw new InternalError(`two values planned for ${name} in ${environment}`);
      values.set(name, { environment, name, value, change: 'added' });
    } else if (typeof declared !== 'string') {
      this.notices.push(`${environment}: ${name} comes from ${describeSource(declared)}, which export does not read: check that it holds ${environment}'s live value`);
    } else {
      values.set(name, { environment, name, value, change: 'replaced' });
      this.notices.push(`${environment}: ${name} replaced: the live group holds another value than the environments file declared`);
    }
  }

  /** A secret the environment does not declare yet: read from a process variable of its own (never the other environment's). */
  declareSecret(environment: string, name: string): void {
    if (this.definition(environment).values.has(name)) return;
    const values = this.valuesOf(environment);
    if (!values.has(name)) values.set(name, { environment, name, value: { env: secretSourceName(environment, name) }, change: 'added' });
  }

  /** The literal an environment declares for a name, when it is one. */
  declaredLiteral(environment: string, name: string): string | undefined {
    const declared = this.definition(environment).values.get(name);
    return typeof declared === 'string' ? declared : undefined;
  }

  /** Every value to write, each environment's by name. */
  all(): ValueWritten[] {
    return this.definitions.flatMap((definition) => [...(this.added.get(definition.name)?.values() ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
  }

  /** The literals added for an environment: its manifests need them before the environments file is read again. */
  literals(environment: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const value of this.added.get(environment)?.values() ?? []) if (typeof value.value === 'string') out[value.name] = value.value;
    return out;
  }

  private definition(environment: string): EnvironmentDefinition {
    const found = this.definitions.find((definition) => definition.name === environment);
    if (found === undefined) throw new InternalError(`no environment ${environment} in this export`);
    return found;
  }

  private valuesOf(environment: string): Map<string, ValueWritten> {
    let values = this.added.get(environment);
    if (values === undefined) {
      values = new Map();
      this.added.set(environment, values);
    }
    return values;
  }
}

function describeSource(source: ValueSource): string {
  return 'env' in source ? `the process variable ${source.env}` : `the file ${source.file}`;
}
