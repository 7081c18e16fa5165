import type { EnvironmentIdentity } from './types.js';

/** Whether two identities name the same target: name, base URL and group alike. */
export function sameEnvironment(a: EnvironmentIdentity | undefined, b: EnvironmentIdentity | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.name === b.name && a.baseUrl === b.baseUrl && a.groupId === b.groupId;
}

/** `environment production (group G-00000002 at https://pay.example.com)`: all three, as refusals name an environment. */
export function describeEnvironment(identity: EnvironmentIdentity): string {
  return `environment ${identity.name} (group ${identity.groupId} at ${identity.baseUrl})`;
}
