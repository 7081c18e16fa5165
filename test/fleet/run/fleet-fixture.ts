/**
 * A fleet built in code for the run's tests, over ONE simulator holding every group: a template
 * manifest written in a temp directory (one merchant whose reference and name are the target's
 * values), one target per group, each token read from its own variable.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EnvironmentDefinition, EnvironmentsFile } from '../../../src/environments/types.js';
import type { FleetFile, FleetTarget } from '../../../src/fleet/types.js';
import { signSimToken } from '../../../src/sim/index.js';
import { EMV_AND_PROFILE, merchant } from '../../helpers/small-manifest.js';

export const TEMPLATE = `${EMV_AND_PROFILE}merchants:${merchant('${REF}', '${SHOP}')}\n`;

export interface FleetRow {
  readonly name: string;
  readonly group: string;
  /** Default: the target's own base URL given to fleetOf. */
  readonly baseUrl?: string;
  readonly journal?: string;
}

/** A temp directory holding the template manifest (template/fleet.yaml). */
export function fleetDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-fleet-run-'));
  writeFileSync(path.join(dir, 'template.yaml'), TEMPLATE);
  return dir;
}

/** The token variable of a target. */
export function tokenVariable(name: string): string {
  return `TOKEN_${name.toUpperCase().replace(/-/g, '_')}`;
}

/** A FleetFile as the loader would make it: each row a target of the template, its values REF and SHOP from its name. */
export function fleetOf(dir: string, baseUrl: string, rows: readonly FleetRow[]): FleetFile {
  const file = path.join(dir, 'paycfg.fleet.yaml');
  const definitions = rows.map(
    (row): EnvironmentDefinition => ({
      name: row.name,
      baseUrl: row.baseUrl ?? baseUrl,
      group: row.group,
      token: { env: tokenVariable(row.name) },
      manifests: [path.join(dir, 'template.yaml')],
      ...(row.journal !== undefined ? { journal: path.join(dir, row.journal) } : {}),
      values: new Map([
        ['REF', `shop-${row.name}`],
        ['SHOP', `Shop ${row.name}`],
      ]),
    }),
  );
  const environments: EnvironmentsFile = { path: file, name: 'paycfg.fleet.yaml', environments: new Map(definitions.map((d) => [d.name, d])) };
  const targets = definitions.map(
    (definition, i): FleetTarget => ({ name: definition.name, group: definition.group, baseUrl: definition.baseUrl, labels: {}, definition, declaredAt: { file: 'paycfg.fleet.yaml', line: i + 3, col: 5 } }),
  );
  return { path: file, name: 'paycfg.fleet.yaml', targets, environments };
}

/** A token of `group` signed as the test simulator signs them (valid 1 h, or expired an hour ago). */
export function tokenOf(group: string, secret: string, expired = false): string {
  return signSimToken({ groupId: group, secret, ttlSeconds: 3600, ...(expired ? { now: new Date(Date.now() - 2 * 3600_000) } : {}) });
}

/** The group a bearer token was signed for, read from its payload (the proxy sees only the header). */
export function groupOfAuthorization(authorization: string): string | undefined {
  const payload = authorization.replace(/^Bearer /, '').split('.')[1];
  if (payload === undefined) return undefined;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { groupId?: string }).groupId;
}
