import { buildDesiredState } from '../desired/build-desired.js';
import { environmentManifestOptions, type ResolvedEnvironment } from '../environments/index.js';
import { effectiveApi, formatDiagnostic, loadManifest, ManifestError, type ApiChoice } from '../manifest/index.js';
import type { DesiredState } from '../model/state.js';
import { sourceOfManifest, type ServiceRecordSource } from '../service-record/resolve.js';
import type { DiffSideName } from './types.js';

/** Manifests loaded with one environment's values, as desired state. */
export interface ManifestView {
  readonly desired: DesiredState;
  /** Variables the values lacked: their `${NAME}` stays in the values as a placeholder (allowMissingEnv). */
  readonly missing: readonly string[];
}

/**
 * One environment's manifests loaded with each environment's values: the same manifest value, as
 * A expands it and as B does. `owner` is whose manifests they are (`both` when the two
 * environments are made of the same files). A view is absent where those manifests do not load
 * with that environment's values (a warning says so).
 */
export interface ManifestPair {
  readonly owner: DiffSideName | 'both';
  readonly withA: ManifestView | undefined;
  readonly withB: ManifestView | undefined;
}

/** Each environment's manifests with its own values: what they name, the API they pin, as desired state. */
export interface OwnManifests {
  readonly a: OwnManifest;
  readonly b: OwnManifest;
}

export interface OwnManifest {
  readonly view: ManifestView;
  readonly api: ApiChoice;
  /** Where the manifests name a service record (`serviceRecord:`), with the environment's own values. */
  readonly serviceRecord?: ServiceRecordSource;
}

/** The pairs the diff matches values with, and what could not be loaded. */
export interface ManifestPairs {
  /** One pair when both environments are made of the same files, else A's and B's. */
  readonly pairs: readonly ManifestPair[];
  readonly warnings: readonly string[];
}

/**
 * Each environment's manifests with its own values: an error in them is the run's error, as for a
 * plan, found before any request. Offline.
 */
export async function loadOwnManifests(a: ResolvedEnvironment, b: ResolvedEnvironment, cwd: string): Promise<OwnManifests> {
  const [ownA, ownB] = await Promise.all([load(a, a, cwd, false), load(b, b, cwd, false)]);
  return { a: ownA, b: ownB };
}

/**
 * What tells the diff which values are each environment's own: each environment's manifests with
 * its own values (`own`) and with the other's, where a name the other lacks is left as a
 * placeholder (allowMissingEnv). Two environments made of the same files need no more load. A
 * manifest that does not load with the other's values only takes that evidence away: the values it
 * sets are then compared as they are, and a warning says so. Offline: no request is sent.
 */
export async function loadManifestPairs(a: ResolvedEnvironment, b: ResolvedEnvironment, own: OwnManifests, cwd: string): Promise<ManifestPairs> {
  if (sameList(a.definition.manifests, b.definition.manifests)) return { pairs: [{ owner: 'both', withA: own.a.view, withB: own.b.view }], warnings: [] };
  const warnings: string[] = [];
  const cross = async (owner: ResolvedEnvironment, values: ResolvedEnvironment): Promise<ManifestView | undefined> => {
    try {
      return (await load(owner, values, cwd, true)).view;
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      const count = error.diagnostics.length;
      const first = error.diagnostics[0];
      warnings.push(
        `${owner.definition.name}'s manifests do not load with ${values.definition.name}'s values (${count} problem${count === 1 ? '' : 's'}` +
          `${first !== undefined ? `, the first: ${formatDiagnostic(first)}` : ''}); the values they set are compared as they are, without substitution`,
      );
      return undefined;
    }
  };
  const [aWithB, bWithA] = await Promise.all([cross(a, b), cross(b, a)]);
  return {
    pairs: [
      { owner: 'a', withA: own.a.view, withB: aWithB },
      { owner: 'b', withA: bWithA, withB: own.b.view },
    ],
    warnings,
  };
}

async function load(owner: ResolvedEnvironment, values: ResolvedEnvironment, cwd: string, allowMissingEnv: boolean): Promise<OwnManifest> {
  const { paths, scope, exclude } = environmentManifestOptions(owner);
  // Only the values' own: the process environment is never read for a manifest's ${NAME}. The owner's
  // scope (its declared names) only with its own values: with the other's, a name only the owner
  // declares is a placeholder, not an error.
  const loaded = await loadManifest(paths, { env: { ...values.variables }, cwd, exclude, ...(owner === values ? { scope } : {}), ...(allowMissingEnv ? { allowMissingEnv: true } : {}) });
  const serviceRecord = sourceOfManifest(loaded.manifest.serviceRecord, loaded.locate, cwd);
  return {
    view: { desired: buildDesiredState(loaded), missing: loaded.missingVariables },
    api: effectiveApi(undefined, loaded.manifest),
    ...(serviceRecord !== undefined ? { serviceRecord } : {}),
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((path, i) => path === b[i]);
}
