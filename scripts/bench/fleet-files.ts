/**
 * The files of the fleet benchmark, as a PBO keeps them: one template manifest every group is made
 * of, a fleet file naming the template and where each group's token is, and a CSV of the groups
 * (name, group, then the group's own values), as a PBO's systems export it.
 *
 * The groups are seeded from the plain group (seed-group.ts); the template differs from it in two
 * records, through values each group gives in the CSV: the first merchant's contact name and the
 * last merchant's first terminal's name. So every target's plan finds exactly two updates, read
 * from a group as large as the seeded one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { TILL_ADMIN_VARIABLE, type GroupSpec, type MerchantSpec } from './group-shape.js';
import { writeManifest } from './write-manifest.js';

/** The values each target gives in the CSV, and the record each one changes. */
export const FIRST_CONTACT_VALUE = 'FIRST_CONTACT';
export const LAST_TILL_NAME_VALUE = 'LAST_TILL_NAME';
/** Updates each target's plan finds: one per value above. */
export const CHANGES_PER_TARGET = 2;

/** The process variable the devices' admin password comes from (`{ env: … }`: a secret is never written in the fleet's files). */
export const FLEET_TILL_ADMIN_SOURCE = 'PAYCFG_BENCH_TILL_ADMIN';

export interface FleetTargetRow {
  readonly name: string;
  readonly group: string;
  readonly values: Readonly<Record<string, string>>;
}

/** Target i (from 1) of the fleet: a name of the environments' grammar, sorted as numbered. */
export function fleetTargetName(index: number): string {
  return `pbo-${String(index).padStart(4, '0')}`;
}

/** The seeded group's own values of the two records the template takes from values. */
function seededValues(spec: GroupSpec): { readonly firstContact: string; readonly lastTillName: string } {
  const first = spec.merchants[0];
  const lastTill = spec.merchants.at(-1)?.devices[0];
  if (first === undefined || lastTill === undefined) throw new RangeError('the fleet benchmark needs a group with a merchant and a terminal');
  return { firstContact: first.contactName, lastTillName: lastTill.deviceName };
}

/** One row per group, in order: each gives values that differ from its seeded group's (the drift its plan finds). */
export function fleetTargetRows(spec: GroupSpec, groups: readonly string[]): FleetTargetRow[] {
  const seeded = seededValues(spec);
  return groups.map((group, i) => {
    const name = fleetTargetName(i + 1);
    return { name, group, values: { [FIRST_CONTACT_VALUE]: `${seeded.firstContact} of ${name}`, [LAST_TILL_NAME_VALUE]: `${seeded.lastTillName} at ${name}` } };
  });
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The groups as the CSV the fleet file lists: `name,group,` then one column per value, in the first row's order. */
export function targetsCsv(rows: readonly FleetTargetRow[]): string {
  const valueNames = rows.length === 0 ? [] : Object.keys(rows[0]!.values);
  const lines = [['name', 'group', ...valueNames], ...rows.map((row) => [row.name, row.group, ...valueNames.map((v) => row.values[v] ?? '')])];
  return lines.map((cells) => cells.map(csvField).join(',')).join('\n') + '\n';
}

export interface FleetFileOptions {
  readonly baseUrl: string;
  /** The CSV of the targets, relative to the fleet file. */
  readonly targetsCsv: string;
  /** The template manifest's folder, relative to the fleet file. */
  readonly manifests: string;
  /** The folder of the token files (one `<group>.token` each), relative to the fleet file. */
  readonly tokens: string;
}

/** The fleet file: every target from the template, its token from a file named after its group, as a Kubernetes Secret mounts them. */
export function fleetFileYaml(options: FleetFileOptions): string {
  return stringify({
    version: 1,
    template: {
      baseUrl: options.baseUrl,
      token: { file: `${options.tokens}/{{group}}.token` },
      manifests: [options.manifests],
      values: { [TILL_ADMIN_VARIABLE]: { env: FLEET_TILL_ADMIN_SOURCE } },
    },
    targetsFrom: [options.targetsCsv],
  });
}

/** The seeded group with the two records the template takes from values written as `${NAME}`. */
export function templateSpec(spec: GroupSpec): GroupSpec {
  seededValues(spec);
  const last = spec.merchants.length - 1;
  const merchants = spec.merchants.map((m, i): MerchantSpec => {
    let merchant = m;
    if (i === 0) merchant = { ...merchant, contactName: `\${${FIRST_CONTACT_VALUE}}` };
    if (i === last) merchant = { ...merchant, devices: merchant.devices.map((d, j) => (j === 0 ? { ...d, deviceName: `\${${LAST_TILL_NAME_VALUE}}` } : d)) };
    return merchant;
  });
  return { ...spec, merchants };
}

/** Where the fleet's files are, under the benchmark's folder. */
export interface FleetLayout {
  readonly dir: string;
  /** Fleet file of the first n targets, by n. */
  readonly fleetFiles: ReadonlyMap<number, string>;
}

/**
 * Writes the template manifest, one token file per group, and for each size n a fleet file with a
 * CSV of the first n groups (the memory line's sizes; the largest is the fleet).
 */
export async function writeFleetFiles(
  dir: string,
  spec: GroupSpec,
  groups: readonly { readonly id: string; readonly token: string }[],
  sizes: readonly number[],
  baseUrl: string,
): Promise<FleetLayout> {
  await mkdir(join(dir, 'tokens'), { recursive: true });
  await writeManifest(templateSpec(spec), join(dir, 'template'));
  await Promise.all(groups.map((g) => writeFile(join(dir, 'tokens', `${g.id}.token`), g.token, { mode: 0o600 })));
  const rows = fleetTargetRows(
    spec,
    groups.map((g) => g.id),
  );
  const fleetFiles = new Map<number, string>();
  for (const n of sizes) {
    await writeFile(join(dir, `groups-${n}.csv`), targetsCsv(rows.slice(0, n)));
    const path = join(dir, `fleet-${n}.yaml`);
    await writeFile(path, fleetFileYaml({ baseUrl, targetsCsv: `groups-${n}.csv`, manifests: 'template', tokens: 'tokens' }));
    fleetFiles.set(n, path);
  }
  return { dir, fleetFiles };
}
