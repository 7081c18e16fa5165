import { open } from 'node:fs/promises';
import { checkToken } from '../api/config.js';
import { ConfigError } from '../errors.js';
import { diagnostic, type Diagnostic, type SourcePosition } from '../manifest/diagnostics.js';
import { EnvironmentsError } from './errors.js';
import { selectEnvironment } from './select.js';
import type { EnvironmentDefinition, EnvironmentsFile, ResolvedEnvironment, ValueSource } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A value read from a file is a secret or a host name, never a document: more is a mistake. */
const MAX_VALUE_BYTES = 64 * 1024;

/** Why a source gave no value, in words. */
type SourceProblem = { readonly problem: string };

/**
 * Reads the environment's values ({env}, {file}). A source that is unset, empty or unreadable is
 * an EnvironmentsError at the value's place in the file, unless `allowMissing` (validate
 * --allow-missing-env): the name is then left out of `variables`, and a manifest value built
 * from it is a placeholder. Only the sources of this environment are read.
 */
export async function resolveEnvironment(file: EnvironmentsFile, name: string, options: { readonly env: Env; readonly allowMissing?: boolean }): Promise<ResolvedEnvironment> {
  const definition = selectEnvironment(file, name);
  const variables: Record<string, string> = {};
  const problems: Diagnostic[] = [];
  for (const [key, value] of definition.values) {
    if (typeof value === 'string') {
      variables[key] = value;
      continue;
    }
    const read = await readSource(value, options.env);
    if (typeof read === 'string') variables[key] = read;
    else if (options.allowMissing !== true) problems.push(diagnostic(valuePosition(definition, key, file), ['environments', definition.name, 'values', key], read.problem));
  }
  if (problems.length > 0) throw new EnvironmentsError(file.name, problems, `the values of environment ${definition.name} cannot all be read`);
  return { definition, file, variables };
}

/** The environment's access token, read from its source and checked as PAYCFG_TOKEN is. */
export async function readEnvironmentToken(definition: EnvironmentDefinition, options: { readonly env: Env }): Promise<string> {
  const read = await readSource(definition.token, options.env);
  const source = 'env' in definition.token ? `$${definition.token.env}` : `the file ${definition.token.file}`;
  if (typeof read !== 'string') {
    throw new ConfigError(
      `environment ${definition.name} takes its token from ${source}: ${read.problem}. Give it a token of group ${definition.group} at ${definition.baseUrl}; nothing was read or changed`,
      { environment: definition.name },
    );
  }
  return checkToken(read, `${source} (the token of environment ${definition.name})`);
}

/** The value of a source, or why there is none. A file's trailing newline is dropped, as a shell's $(cat FILE) drops it. */
export async function readSource(source: ValueSource, env: Env): Promise<string | SourceProblem> {
  if ('env' in source) {
    const value = env[source.env];
    if (value === undefined) return { problem: `environment variable ${source.env} is not set` };
    if (value === '') return { problem: `environment variable ${source.env} is set but empty (a CI secret that is not defined arrives empty)` };
    return value;
  }
  let text: string;
  try {
    const handle = await open(source.file, 'r');
    try {
      const buffer = Buffer.alloc(MAX_VALUE_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_VALUE_BYTES) return { problem: `the file ${source.file} holds more than ${MAX_VALUE_BYTES} bytes; a value is one line` };
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: `cannot read the file ${source.file} (${code === 'ENOENT' ? 'no such file' : (code ?? String(error))})` };
  }
  const value = text.replace(/\r?\n$/, '');
  if (value === '') return { problem: `the file ${source.file} is empty` };
  return value;
}

function valuePosition(definition: EnvironmentDefinition, key: string, file: EnvironmentsFile): SourcePosition {
  return definition.positions?.values.get(key) ?? { file: file.name, line: 1, col: 1 };
}
