import type { ApiFlag } from '../manifest/api-choice.js';
import type { ApiClient } from '../api/index.js';
import type { EnvironmentIdentity } from '../environments/types.js';
import { exportGroup as exportLiveGroup, type ExportRun, type ExportTarget } from '../export/index.js';
import { loadRunRecord, sourceOfOption, type ServiceRecordOption } from '../service-record/resolve.js';
import { tokenOf } from './client.js';
import { DEFAULT_PARALLELISM } from './plan.js';

export interface ExportOptions {
  /** The service, from createClient. */
  readonly client: ApiClient;
  /**
   * Where the manifest goes: `{ kind: 'stdout' }` (the default) returns its YAML as `text`;
   * `{ kind: 'file', path }` writes one file; `{ kind: 'directory', path, force }` one file per merchant.
   */
  readonly target?: ExportTarget;
  /** Give merchants, bindings and devices without a key one proposed from their names (as `--assign-references`). */
  readonly assignReferences?: boolean;
  /**
   * Manage the devices' admin passwords (as `--manage-secrets`): each deviceAdmin is written as a
   * `${VARIABLE}` reference (listed in `exported.variables`), and the first apply sets each device's
   * password to what its variable holds. Without it deviceAdmin is left out: not managed.
   */
  readonly manageSecrets?: boolean;
  /** Directory relative paths are resolved against; default `process.cwd()`. */
  readonly cwd?: string;
  /** Reads in flight at once; default 8. */
  readonly parallelism?: number;
  /**
   * The configuration API to read the group through (as `--api`): `current`, `legacy`, or `auto`
   * (the default), which asks the service. The exported manifest pins none: it plans on either side
   * of the switch.
   */
  readonly api?: ApiFlag;
  /**
   * The environment the client is of (as `--env`; identityOf(resolved.definition)): the token's
   * group must be its group, checked before anything else is read (GroupMismatchError).
   */
  readonly environment?: EnvironmentIdentity;
  /**
   * The service record to read the group with (as `--service-record`), relative to `cwd`: every
   * binding record is checked against its summary item under the reading it records
   * (ServiceRecordContradictedError when the group shows otherwise), and with `binding` recorded the
   * bindings' `allows` are known. Loaded before any request (ServiceRecordError when it is not one).
   */
  readonly serviceRecord?: ServiceRecordOption;
}

/**
 * Reads the live group (GET requests only) and turns it into a manifest, as `paycfg export`
 * does; the service is never written to. Secret values are never written: the devices' admin
 * passwords are left out (not managed), or with `manageSecrets` become `${VARIABLE}` references;
 * either way `exported.variables` names them. The output is read back through the manifest loader: problems
 * `validate` would find are in `diagnostics`.
 *
 * @throws ExportFileExistsError when a file target exists and `force` is not set (before any request).
 * @throws ExportHoldsTokenError when the live group holds the access token (nothing is written).
 */
export async function exportGroup(options: ExportOptions): Promise<ExportRun> {
  const token = tokenOf(options.client);
  const cwd = options.cwd ?? process.cwd();
  const serviceRecord = await loadRunRecord([sourceOfOption(options.serviceRecord, cwd)], cwd);
  return exportLiveGroup({
    client: options.client,
    concurrency: options.parallelism ?? DEFAULT_PARALLELISM,
    assignReferences: options.assignReferences === true,
    manageSecrets: options.manageSecrets === true,
    target: options.target ?? { kind: 'stdout' },
    cwd: options.cwd ?? process.cwd(),
    ...(token !== '' ? { token } : {}),
    ...(options.api === 'current' || options.api === 'legacy' ? { api: options.api } : {}),
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
    ...(serviceRecord !== undefined ? { serviceRecord } : {}),
  });
}
