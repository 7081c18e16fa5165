/**
 * What `paycfg export` writes, before it becomes YAML: plain entries in the manifest model's field
 * order, with the notes the YAML carries as comments (activated terminals, entries written
 * commented out and why). Built by build-manifest.ts, written by write-yaml.ts.
 */

export type PlainEntry = Record<string, unknown>;

export interface ExportedItem {
  /** Fields in the model's order; strings escaped for variable expansion; secrets as `${VAR}`. */
  readonly entry: PlainEntry;
  /** One comment line written above the entry. */
  readonly comment?: string;
  /**
   * Set when the entry is written commented out because paycfg cannot key it: why, and what to do
   * before uncommenting it.
   */
  readonly commentedOut?: readonly string[];
}

export interface ExportedList {
  readonly items: readonly ExportedItem[];
  /**
   * Set when the whole list is written commented out, so that the merchant's list is not managed:
   * why (a managed list would make plan change something the export could not write).
   */
  readonly unmanaged?: readonly string[];
}

export interface SecretVariable {
  readonly name: string;
  /** providerReference (or what stands for it) and deviceAlias (or device id), for the listing. */
  readonly merchant: string;
  readonly device: string;
  /** The entry using it is written commented out. */
  readonly commentedOut: boolean;
}

export interface ExportedMerchant extends ExportedItem {
  /** As written; empty when the live merchant has none and no proposal was asked for. */
  readonly providerReference: string;
  readonly mchId: string;
  readonly mchName: string;
  readonly bindings: ExportedList;
  readonly devices: ExportedList;
  readonly variables: readonly SecretVariable[];
}

export interface ExportCounts {
  readonly emvConfigs: number;
  readonly acquirerProfiles: number;
  /** Written as entries (not commented out). */
  readonly merchants: number;
  readonly bindings: number;
  readonly devices: number;
  /** Written commented out. */
  readonly commentedOutMerchants: number;
  readonly commentedOutDevices: number;
}

export interface ExportedManifest {
  readonly groupId: string;
  readonly groupName: string;
  /** `group:` as written; absent when the manifest format refuses the live group id. */
  readonly group?: string;
  readonly emvConfigs: readonly ExportedItem[];
  readonly acquirerProfiles: readonly ExportedItem[];
  /** Keyed merchants by providerReference, then the commented-out ones by mchId. */
  readonly merchants: readonly ExportedMerchant[];
  /**
   * The devices with an admin password, each with its variable, sorted by name: referenced in the
   * manifest when `secretsManaged`, else left out of it (not managed) and named for the user.
   */
  readonly variables: readonly SecretVariable[];
  readonly secretsManaged: boolean;
  /** What the user should know: entries written commented out, values left out. */
  readonly notices: readonly string[];
  readonly counts: ExportCounts;
}
