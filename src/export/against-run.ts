import type { ApiClient } from '../api/index.js';
import type { ResolvedEnvironment, ValueSource } from '../environments/index.js';
import type { ApiName, Diagnostic } from '../manifest/index.js';
import type { LoadedServiceRecord } from '../service-record/types.js';
import type { ExportedManifest } from './exported-manifest.js';

/** What `export --env B --against A` takes and gives back: the two-environment export (export-against.ts). */

export interface ExportAgainstInput {
  /** The environment exported (B): its live group is read through `client`. */
  readonly to: ResolvedEnvironment;
  /** The environment whose manifests are written already (A): its shared and own manifests are read from disk, never its service. */
  readonly from: ResolvedEnvironment;
  /** The service of `to`: its base URL and its token. */
  readonly client: ApiClient;
  readonly concurrency: number;
  /** Directory file names in messages are relative to. */
  readonly cwd: string;
  /** Write the admin passwords of `to`'s own devices as `${VARIABLE}` references (as `--manage-secrets`); shared entries keep what the shared manifest says. */
  readonly manageSecrets?: boolean;
  /** Propose a providerReference for each of `to`'s merchants without one (as `--assign-references`). */
  readonly assignReferences?: boolean;
  /** Work everything out and write nothing: the run says what would be written. */
  readonly dryRun?: boolean;
  /** Replace `to`'s own manifest when it exists (a file) or holds anything (a directory). */
  readonly force?: boolean;
  /** `to`'s access token, never to be written. */
  readonly token?: string;
  readonly api?: ApiName;
  /** The service record to read `to`'s group with (service-record/), loaded. */
  readonly serviceRecord?: LoadedServiceRecord;
}

/** A value written into an environment's `values:`. */
export interface ValueWritten {
  readonly environment: string;
  readonly name: string;
  /** A literal (a field that is not secret, as a manifest held it), or where a secret is read from: never a secret. */
  readonly value: string | ValueSource;
  /** `replaced`: the environment declared the name with another literal. */
  readonly change: 'added' | 'replaced';
}

/** A field of a shared entry now written `${name}`. */
export interface TemplatedField {
  /** The record: `acquirer/host-a`, `binding/cafe-001/host-a/USD`. */
  readonly address: string;
  /** Its path in the record, dotted: `mid`, `acquirerFields.host-a.tid`. */
  readonly field: string;
  readonly name: string;
  /** The shared file, absolute. */
  readonly file: string;
}

/** An entry that left the shared manifests for A's own manifest. */
export interface MovedRecord {
  readonly address: string;
  readonly reason: string;
  /** Absolute files. */
  readonly from: string;
  readonly to: string;
}

/** A top-level entry written in B's own manifest. */
export interface OwnRecord {
  readonly address: string;
  /** Only B has it, or it differs from A's beyond what a value can say. */
  readonly reason: string;
}

export interface AgainstExportRun {
  /** A: the environment whose manifests were the reference. */
  readonly from: string;
  /** B: the environment exported. */
  readonly to: string;
  /** Nothing was written: the lists say what would be. */
  readonly dryRun: boolean;
  /** B's live group as `export` alone would write it (its notices, counts and secret variables). */
  readonly exported: ExportedManifest;
  /** Top-level entries that stay written once, in the shared manifests. */
  readonly shared: readonly string[];
  readonly own: readonly OwnRecord[];
  readonly moved: readonly MovedRecord[];
  readonly templated: readonly TemplatedField[];
  readonly values: readonly ValueWritten[];
  /** Files written (dry: to be written), absolute, sorted. */
  readonly written: readonly string[];
  /** Shared files removed because every entry they held moved (into A's own manifest, with their comments). */
  readonly removed: readonly string[];
  /** What a reviewer should know: export's own notices, fields neither environment manages, values replaced. */
  readonly notices: readonly string[];
  /** Problems `validate` finds in either environment's manifests afterwards; empty when both are valid (and on a dry run, which reads nothing back). */
  readonly diagnostics: readonly Diagnostic[];
}
