import { UsageError } from '../errors.js';
import { didYouMean } from '../manifest/did-you-mean.js';
import { showControls } from '../util/visible-text.js';
import type { EnvironmentDefinition, EnvironmentsFile } from './types.js';

/** The variable that selects an environment, unless --env does. */
export const ENVIRONMENT_ENV = 'PAYCFG_ENV';

/** `test, production`: the environments of a file, in its order. */
export function environmentNames(file: EnvironmentsFile): string {
  return [...file.environments.keys()].join(', ');
}

/**
 * The environment named, or a UsageError listing the names (also when `name` is undefined: a
 * repository with environments runs for one of them, chosen).
 */
export function selectEnvironment(file: EnvironmentsFile, name: string | undefined): EnvironmentDefinition {
  if (name === undefined) {
    throw new UsageError(
      `${file.name} describes the environments ${environmentNames(file)}: choose one with --env NAME (or $${ENVIRONMENT_ENV}); nothing was read or changed`,
      { environments: [...file.environments.keys()] },
    );
  }
  const definition = file.environments.get(name);
  if (definition !== undefined) return definition;
  throw new UsageError(
    `${file.name} has no environment "${showControls(name)}"${didYouMean(name, file.environments.keys())}; its environments are ${environmentNames(file)}`,
    { environments: [...file.environments.keys()] },
  );
}
