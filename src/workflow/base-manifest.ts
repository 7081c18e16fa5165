import { relative, resolve } from 'node:path';
import { buildDesiredState } from '../desired/build-desired.js';
import { formatDiagnostic, loadManifest, ManifestError, type Diagnostic } from '../manifest/index.js';
import type { DesiredState } from '../model/state.js';

/** The manifest as it was before the change under review (`plan --base`, `--base-ref`). */
export interface BaseManifest {
  /** Files and directories, as `-f` takes them (`-` reads standard input). */
  readonly paths: readonly string[];
  /** What the paths are relative to; default the run's working directory. */
  readonly cwd?: string;
  /** How messages name it: `--base` or `--base-ref origin/main`. */
  readonly label: string;
  /** How messages name one of its files, when not by its path (`origin/main:paycfg.yaml`). */
  readonly fileName?: (file: string) => string;
  /** What the plan is to say of how the base was read (workflow/base-ref.ts: files it may be missing). */
  readonly warnings?: readonly string[];
}

/**
 * The base manifest is invalid: its problems, named as the base's (its files may not be on disk any
 * more). A ManifestError (callers that catch one catch this), whose message names the base: made
 * from its parts, the label and the diagnostics ManifestError sorted, as ManifestError words its own.
 */
export class BaseManifestError extends ManifestError {
  readonly label: string;

  constructor(label: string, diagnostics: readonly Diagnostic[], files: readonly string[]) {
    super(diagnostics, files);
    this.label = label;
    this.message = invalidManifestMessage(`the base manifest (${label})`, this.diagnostics);
  }
}

/** `<subject> is invalid (N errors):` and one `file:line:col: message` line per problem, in ManifestError's order. */
function invalidManifestMessage(subject: string, sorted: readonly Diagnostic[]): string {
  const count = sorted.length === 1 ? '1 error' : `${sorted.length} errors`;
  return `${subject} is invalid (${count}):\n${sorted.map(formatDiagnostic).join('\n')}`;
}

export interface LoadedBase {
  readonly desired: DesiredState;
  /** Variables it refers to that are unset here: values built from them hold placeholders. */
  readonly missingVariables: readonly string[];
  /** The base's own warnings (BaseManifest.warnings), for the plan. */
  readonly warnings: readonly string[];
}

/**
 * Loads the base manifest, offline, with the run's environment. A variable it needs that is unset
 * (one the change under review stopped using, say) is no error: a value built from variables is
 * compared by its template (plan/origin.ts), and the placeholder it holds is never sent anywhere.
 */
export async function loadBaseManifest(
  base: BaseManifest,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  readStdin: (() => Promise<string>) | undefined,
  exclude: readonly string[] = [],
): Promise<LoadedBase> {
  // A file never read as a manifest (the environments file) is not one in the base either: where the
  // base is a tree of its own (--base-ref), at the same place in it.
  const excluded = base.cwd === undefined ? exclude : [...exclude, ...exclude.map((file) => resolve(base.cwd!, relative(cwd, file)))];
  try {
    const { manifest, secrets, locate, missingVariables } = await loadManifest(base.paths, {
      env: { ...env },
      cwd: base.cwd ?? cwd,
      allowMissingEnv: true,
      ...(excluded.length > 0 ? { exclude: excluded } : {}),
      ...(readStdin !== undefined ? { readStdin } : {}),
    });
    return { desired: buildDesiredState({ manifest, secrets, locate }), missingVariables, warnings: base.warnings ?? [] };
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    const rename = base.fileName ?? ((file: string) => file);
    throw new BaseManifestError(
      base.label,
      error.diagnostics.map((d) => ({ ...d, file: rename(d.file) })),
      error.files.map(rename),
    );
  }
}
