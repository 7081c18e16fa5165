import type { EnvironmentsFile } from '../../environments/types.js';
import type { FleetFile } from '../types.js';

/** An environments file as a fleet: each environment a target, no labels, declared where its name is. */
export function fleetOfEnvironments(file: EnvironmentsFile): FleetFile {
  const targets = [...file.environments.values()].map((definition) => ({
    name: definition.name,
    group: definition.group,
    baseUrl: definition.baseUrl,
    labels: {},
    definition,
    declaredAt: definition.positions?.name ?? { file: file.name, line: 1, col: 1 },
  }));
  return { path: file.path, name: file.name, targets, environments: file };
}
