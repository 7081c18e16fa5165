/**
 * Environments: one repository describing several targets of the service (test, production), each
 * with its own base URL, group, token source, manifest files and values. The types every stage that
 * spans environments shares (the CLI's --env, promotion, the environment diff, the two-environment
 * export); src/environments/ owns the file's format and how an environment is made concrete.
 */

import type { SourcePosition } from '../manifest/diagnostics.js';

/** Where a value that must not be written in the repository comes from. */
export type ValueSource =
  /** The process environment variable of this name. */
  | { readonly env: string }
  /** This file's content (its trailing newline dropped): relative to the environments file as written, absolute once loaded. */
  | { readonly file: string };

/** One environment as the environments file declares it. Paths are absolute. */
export interface EnvironmentDefinition {
  readonly name: string;
  readonly baseUrl: string;
  /** The group it manages (G- and 8 digits): a token of another group is refused before any other read. */
  readonly group: string;
  /** Where its access token comes from: never the token itself. */
  readonly token: ValueSource;
  /** Manifest files and directories it is made of, absolute, in the file's order. */
  readonly manifests: readonly string[];
  /** Its journal (apply's default --journal; promotion reads it for "since when"), absolute. */
  readonly journal?: string;
  /**
   * Its service record (service-record/), absolute: its own `serviceRecord:`, else the file's
   * top-level one. Runs in it read the live group with it; absent when neither is written.
   */
  readonly serviceRecord?: string;
  /**
   * What `${NAME}` in its manifests expands to. The process environment is not consulted for a
   * name not declared here, so a value of one environment never reaches another.
   */
  readonly values: ReadonlyMap<string, string | ValueSource>;
  /** Where it is written in the environments file, for messages; absent for a definition made in code. */
  readonly positions?: EnvironmentPositions;
}

/** Where an environment's parts are written in the environments file (loadEnvironmentsFile). */
export interface EnvironmentPositions {
  /** Its name, the key of its entry. */
  readonly name: SourcePosition;
  /** Each entry of its `values`, by name: where the value is written. */
  readonly values: ReadonlyMap<string, SourcePosition>;
  /** Its token's source. */
  readonly token: SourcePosition;
  /** Where its service record is named: its own `serviceRecord:`, or the file's top-level one. */
  readonly serviceRecord?: SourcePosition;
}

/** The environments file, loaded and checked. */
export interface EnvironmentsFile {
  /** Absolute path. */
  readonly path: string;
  /** As messages show it: relative to the working directory when inside it. */
  readonly name: string;
  /** In the file's order. */
  readonly environments: ReadonlyMap<string, EnvironmentDefinition>;
}

/** An environment made concrete for a run: every value read. The token is read apart (readEnvironmentToken), only by runs that connect. */
export interface ResolvedEnvironment {
  readonly definition: EnvironmentDefinition;
  readonly file: EnvironmentsFile;
  /** `${NAME}` → value: the definition's values, `{env}` and `{file}` sources read. The `env` a manifest load takes. */
  readonly variables: Readonly<Record<string, string>>;
}

/** What names an environment in saved plans, journals and messages. */
export interface EnvironmentIdentity {
  readonly name: string;
  readonly baseUrl: string;
  readonly groupId: string;
}

export function identityOf(definition: EnvironmentDefinition): EnvironmentIdentity {
  return { name: definition.name, baseUrl: definition.baseUrl, groupId: definition.group };
}
