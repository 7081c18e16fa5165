/**
 * The fleet file: a template filled in per target, targets written inline or listed in CSV and
 * JSON files, each target an environment whose positions point at its entry or row; refused with
 * every problem at its file:line:col, before anything is read of a token or a value's source.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvironmentManifest, resolveEnvironment } from '../../../src/environments/index.js';
import { FleetFileError, loadFleetFile } from '../../../src/fleet/file/index.js';
import { formatDiagnostic, ManifestError } from '../../../src/manifest/index.js';
import { EMV_AND_PROFILE, merchant, till } from '../../helpers/small-manifest.js';

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-fleetfile-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

async function problems(files: Record<string, string>, name = 'paycfg.fleet.yaml'): Promise<string[]> {
  const dir = workspace(files);
  const error = await loadFleetFile(name, { cwd: dir }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FleetFileError);
  expect((error as FleetFileError).exitCode).toBe(1);
  return (error as FleetFileError).diagnostics.map(formatDiagnostic);
}

const FLEET = `version: 1
template:
  baseUrl: https://pay.example.com/
  token: { env: "PAYCFG_TOKEN_{{TOKEN_VAR}}" }
  manifests: [template, "groups/{{name}}"]
  journal: journals/{{name}}.jsonl
  values:
    NOTIFY_URL: https://pbo.example.com/notify
    MID: "000000000000"
    TILL: { file: "secrets/{{group}}-till" }
targets:
  - { name: acme, group: G-00000001, labels: { tier: gold }, values: { MID: 007, TOKEN_VAR: ACME } }
  - name: solo
    group: G-00000009
    baseUrl: http://127.0.0.1:8181
    token: { file: solo-token }
    manifests: [solo]
targetsFrom:
  - lists/groups.csv
  - lists/groups.json
`;

const CSV = `name,group,label:tier,MID,TOKEN_VAR
beta,G-00000002,silver,000000000002,BETA

"gamma", G-00000003 ,,,GAMMA
`;

const JSON_LIST = `[
  { "name": "delta", "group": "G-00000004", "labels": { "tier": "gold" }, "values": { "MID": 4, "TOKEN_VAR": "DELTA", "NOTIFY_URL": { "env": "DELTA_NOTIFY" } } }
]
`;

describe('loadFleetFile', () => {
  it('reads inline targets, then each list in order, the template filled in for each, paths absolute against the fleet file', async () => {
    const dir = workspace({ 'paycfg.fleet.yaml': FLEET, 'lists/groups.csv': CSV, 'lists/groups.json': JSON_LIST });
    const fleet = await loadFleetFile('paycfg.fleet.yaml', { cwd: dir });
    expect(fleet.path).toBe(path.join(dir, 'paycfg.fleet.yaml'));
    expect(fleet.name).toBe('paycfg.fleet.yaml');
    expect(fleet.targets.map((t) => [t.name, t.group, t.baseUrl, t.labels])).toEqual([
      ['acme', 'G-00000001', 'https://pay.example.com', { tier: 'gold' }],
      ['solo', 'G-00000009', 'http://127.0.0.1:8181', {}],
      ['beta', 'G-00000002', 'https://pay.example.com', { tier: 'silver' }],
      ['gamma', 'G-00000003', 'https://pay.example.com', {}],
      ['delta', 'G-00000004', 'https://pay.example.com', { tier: 'gold' }],
    ]);
    const acme = fleet.targets[0]!.definition;
    expect(acme.token).toEqual({ env: 'PAYCFG_TOKEN_ACME' });
    expect(acme.manifests).toEqual([path.join(dir, 'template'), path.join(dir, 'groups/acme')]);
    expect(acme.journal).toBe(path.join(dir, 'journals/acme.jsonl'));
    // The target's own value wins; a number is the text written.
    expect(acme.values).toEqual(
      new Map<string, unknown>([
        ['NOTIFY_URL', 'https://pbo.example.com/notify'],
        ['MID', '007'],
        ['TILL', { file: path.join(dir, 'secrets/G-00000001-till') }],
        ['TOKEN_VAR', 'ACME'],
      ]),
    );
    const solo = fleet.targets[1]!.definition;
    expect([solo.token, solo.manifests, solo.values.has('TOKEN_VAR')]).toEqual([{ file: path.join(dir, 'solo-token') }, [path.join(dir, 'solo')], false]);
    // An empty cell gives nothing: the template's MID stands.
    expect(fleet.targets[3]!.definition.values.get('MID')).toBe('000000000000');
    expect(fleet.targets[4]!.definition.values.get('NOTIFY_URL')).toEqual({ env: 'DELTA_NOTIFY' });
    expect(fleet.targets[4]!.definition.values.get('MID')).toBe('4');
    // The targets are an environments file: each its definition, by name, in the fleet's order.
    expect(fleet.environments.path).toBe(fleet.path);
    expect([...fleet.environments.environments.keys()]).toEqual(['acme', 'solo', 'beta', 'gamma', 'delta']);
    expect(fleet.environments.environments.get('beta')).toBe(fleet.targets[2]!.definition);
  });

  it('places each target at its entry or row, and each of its values where it is written: the fleet file, a CSV cell, a JSON entry', async () => {
    const dir = workspace({ 'paycfg.fleet.yaml': FLEET, 'lists/groups.csv': CSV, 'lists/groups.json': JSON_LIST });
    const fleet = await loadFleetFile('paycfg.fleet.yaml', { cwd: dir });
    const where = (p: { file: string; line: number; col: number } | undefined) => (p === undefined ? undefined : `${p.file}:${p.line}:${p.col}`);
    const [acme, , beta, gamma, delta] = fleet.targets;
    expect(fleet.targets.map((t) => where(t.declaredAt))).toEqual(['paycfg.fleet.yaml:12:5', 'paycfg.fleet.yaml:13:5', 'lists/groups.csv:2:1', 'lists/groups.csv:4:1', 'lists/groups.json:2:3']);
    expect(where(acme!.definition.positions?.name)).toBe('paycfg.fleet.yaml:12:13');
    expect(where(acme!.definition.positions?.values.get('MID'))).toBe('paycfg.fleet.yaml:12:77');
    expect(where(acme!.definition.positions?.token)).toBe('paycfg.fleet.yaml:4:10');
    expect(where(beta!.definition.positions?.values.get('MID'))).toBe('lists/groups.csv:2:24');
    expect(where(beta!.definition.positions?.values.get('NOTIFY_URL'))).toBe('paycfg.fleet.yaml:8:17');
    expect(where(gamma!.definition.positions?.values.get('TOKEN_VAR'))).toBe('lists/groups.csv:4:24');
    expect(where(delta!.definition.positions?.name)).toBe('lists/groups.json:2:13');
    expect(where(delta!.definition.positions?.values.get('MID'))).toBe('lists/groups.json:2:94');
  });

  it('makes a target concrete through the environments machinery, and refuses a secret fed by a value written in a CSV row at its cell', async () => {
    const manifest = `${EMV_AND_PROFILE}merchants:${merchant('coffee-001', 'Coffee', till('till-1', 'Till', '${TILL}'))}\n`;
    const dir = workspace({
      'paycfg.fleet.yaml': `version: 1
template:
  baseUrl: http://127.0.0.1:8181
  token: { env: "TOKEN_{{name}}" }
  manifests: [template]
  values: { TILL: { env: "TILL_{{name}}" } }
targetsFrom: [groups.csv]
`,
      'groups.csv': 'name,group,TILL\nacme,G-00000001,\nbeta,G-00000002,written-pw\n',
      'template/paycfg.yaml': manifest,
    });
    const fleet = await loadFleetFile('paycfg.fleet.yaml', { cwd: dir });
    const acme = await resolveEnvironment(fleet.environments, 'acme', { env: { TILL_acme: 'till-pw' } });
    const loaded = await loadEnvironmentManifest(acme, { cwd: dir });
    expect(loaded.secretValues).toEqual(['till-pw']);
    const beta = await resolveEnvironment(fleet.environments, 'beta', { env: {} });
    const error = await loadEnvironmentManifest(beta, { cwd: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).diagnostics.map(formatDiagnostic).join('\n')).toMatch(/^groups\.csv:3:17: .*written in the file, but it feeds a secret field/m);
  });

  it('refuses a name twice and a group twice at one service (its base URL as the service tells it apart), each at the second place, naming the first', async () => {
    const found = await problems({
      'paycfg.fleet.yaml': `version: 1
template: { baseUrl: "https://pay.example.com", token: { env: "T_{{name}}" }, manifests: [m] }
targets:
  - { name: acme, group: G-00000001 }
  - { name: beta, group: G-00000002, baseUrl: "https://pay.example.com/" }
  - { name: other, group: G-00000001, baseUrl: "https://sandbox.example.com" }
targetsFrom: [groups.csv]
`,
      'groups.csv': 'name,group\nacme,G-00000003\ngamma,G-00000002\n',
    });
    expect(found).toEqual([
      'groups.csv:2:1: name: target acme is declared already, at paycfg.fleet.yaml:4:13; each target is an environment of a name of its own',
      'groups.csv:3:7: group: target beta manages group G-00000002 at https://pay.example.com already (paycfg.fleet.yaml:5:26); each target is a group of its own',
    ]);
  });

  it('fills placeholders with written values only, and says which placeholder cannot be filled for which target, where', async () => {
    const found = await problems({
      'paycfg.fleet.yaml': `version: 1
template:
  baseUrl: "https://{{REGION}}.pay.example.com"
  token: { env: "PAYCFG_TOKEN_{{TOKEN_VAR}}" }
  manifests: [template, "{{TENANT}}"]
  values: { REGION: { env: REGION } }
targetsFrom: [groups.csv]
`,
      'groups.csv': 'name,group,TOKEN_VAR,REGION,TENNANT\nacme,G-00000001,ACME,eu,x\nbeta,G-00000002,,,\n',
    });
    expect(found).toEqual([
      'paycfg.fleet.yaml:5:25: template.manifests[1]: {{TENANT}} names no value: neither the template nor any target gives TENANT (did you mean "TENNANT"?)',
      'paycfg.fleet.yaml:6:21: template.values.REGION: REGION is read from { env }: only a value written in the fleet file or its lists fills {{REGION}} (the template\'s baseUrl, paycfg.fleet.yaml:3:12)',
      "groups.csv:3:1: target beta: its row gives no TOKEN_VAR, and the template has no default for it; {{TOKEN_VAR}} in the template's token (paycfg.fleet.yaml:4:10) needs it",
    ]);
  });

  it('fills an { env } name with letters, digits and _ alone (G-00000001 as G_00000001), and refuses what is still no variable name', async () => {
    const dir = workspace({
      'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "TOKEN_{{group}}_{{name}}" }, manifests: [m] }\ntargets: [{ name: acme-eu, group: G-00000001 }]\n',
    });
    const fleet = await loadFleetFile('paycfg.fleet.yaml', { cwd: dir });
    expect(fleet.targets[0]!.definition.token).toEqual({ env: 'TOKEN_G_00000001_acme_eu' });
    expect(
      await problems({
        'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "{{TOKEN_VAR}}" }, manifests: [m] }\ntargetsFrom: [groups.csv]\n',
        'groups.csv': 'name,group,TOKEN_VAR\nacme,G-00000001,9LIVES\n',
      }),
    ).toEqual([
      'groups.csv:2:1: target acme: "9LIVES" is not an environment variable name (letters, digits and _, not starting with a digit) (the template\'s token, filled from "{{TOKEN_VAR}}" at paycfg.fleet.yaml:2:56)',
    ]);
  });

  it('refuses a CSV list\'s bad header, rows of the wrong length, bad names and groups, each at its cell', async () => {
    const header = await problems({
      'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{name}}" }, manifests: [m] }\ntargetsFrom: [groups.csv]\n',
      'groups.csv': 'Name,group,baseUrl,label:bad key,MID,MID\n',
    });
    expect(header).toEqual([
      'groups.csv:1:1: the header has no name column (did you mean "Name"?): its first row names the columns, name and group among them',
      "groups.csv:1:12: column 3 of the header: a row gives a target's name, group, labels (label:KEY) and values; its baseUrl is the template's, or a JSON list's entry's",
      'groups.csv:1:20: column 4 of the header: "bad key" is not a label key (a letter or digit, then letters, digits, ., _, / and -; at most 63)',
      'groups.csv:1:38: column 6 of the header: "MID" is named already, at line 1 column 34',
    ]);
    const rows = await problems({
      'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{name}}" }, manifests: [m] }\ntargetsFrom: [groups.csv]\n',
      'groups.csv': 'name,group,MID\nAcme Corp,G-1,1\n,G-00000002,2\nbeta,G-00000003\n"gamma","G-00000004","multi\nline"\n',
    });
    expect(rows).toEqual([
      'groups.csv:2:1: name: "Acme Corp" is not a target name: a target is an environment, named by a lowercase letter, then up to 31 lowercase letters, digits, - and _',
      'groups.csv:2:11: group: "G-1" is not a group id (G- and 8 digits, e.g. G-00000001)',
      'groups.csv:3:1: name: the row gives no name: every target has one',
      'groups.csv:4:1: the row has 2 cells, the header 3 columns: give each row a cell per column, empty when it has no value',
    ]);
  });

  it('refuses a template a CSV row needs but lacks once, at the template, and an unreadable or repeated list at its entry', async () => {
    const found = await problems({
      'paycfg.fleet.yaml': 'version: 1\ntemplate:\n  token: { env: "T_{{name}}" }\n  manifests: [m]\ntargetsFrom: [groups.csv]\n',
      'groups.csv': 'name,group\nacme,G-00000001\nbeta,G-00000002\n',
    });
    expect(found).toEqual(["paycfg.fleet.yaml:2:1: template: has no baseUrl: a target of a CSV list takes the template's"]);
    expect(await problems({ 'paycfg.fleet.yaml': 'version: 1\ntargetsFrom: [groups.csv, groups.txt]\n' })).toEqual([
      'paycfg.fleet.yaml:2:27: targetsFrom[1]: "groups.txt" is neither a CSV (.csv) nor a JSON (.json) list of targets',
    ]);
    const lists = await problems({
      'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{name}}" }, manifests: [m] }\ntargetsFrom: [groups.csv, missing.json, groups.csv]\n',
      'groups.csv': 'name,group\nacme,G-00000001\n',
    });
    expect(lists).toEqual([
      'paycfg.fleet.yaml:3:27: targetsFrom[1]: missing.json: no such file',
      'paycfg.fleet.yaml:3:41: targetsFrom[2]: names groups.csv twice: each list is read once',
    ]);
  });

  it('refuses a JSON list that is not a list, and each bad entry at its place, keeping the good ones', async () => {
    const notList = await problems({
      'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{name}}" }, manifests: [m] }\ntargetsFrom: [groups.json]\n',
      'groups.json': '{ "targets": [] }\n',
    });
    expect(notList).toEqual(['groups.json:1:1: expected a list of targets ([{"name": …, "group": …}, …]), got a mapping']);
    const entries = await problems({
      'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{name}}" }, manifests: [m] }\ntargets: [{ name: acme, group: G-00000001 }]\ntargetsFrom: [groups.json]\n',
      'groups.json': '[\n  { "name": "acme", "group": "G-00000002" },\n  { "name": "beta", "grup": "G-00000003" },\n  { "name": "gamma", "group": "G-00000004", "values": { "MID": [1] } }\n]\n',
    });
    expect(entries).toEqual([
      'groups.json:2:13: [0].name: target acme is declared already, at paycfg.fleet.yaml:3:19; each target is an environment of a name of its own',
      'groups.json:3:3: [1].group: required field is missing',
      'groups.json:3:21: [1].grup: unknown key "grup" (did you mean "group"?)',
      'groups.json:4:64: [2].values.MID: expected text, { env: NAME } or { file: PATH }, got a list',
    ]);
    const syntax = await problems({
      'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{name}}" }, manifests: [m] }\ntargetsFrom: [groups.json]\n',
      'groups.json': '[\n  { "name": "acme", "group": "G-00000002" }\n',
    });
    expect(syntax).toHaveLength(1);
    expect(syntax[0]).toMatch(/^groups\.json:\d+:\d+: invalid JSON: /);
  });

  it('refuses an unknown key with the key meant, a missing version, an empty file, a fleet of no target, a shared journal', async () => {
    expect(await problems({ 'paycfg.fleet.yaml': 'version: 1\ntemplat: {}\ntargets: []\n' })).toEqual(['paycfg.fleet.yaml:2:1: templat: unknown key "templat" (did you mean "template"?)']);
    expect(await problems({ 'paycfg.fleet.yaml': 'targets: []\n' })).toEqual([
      'paycfg.fleet.yaml:1:1: version: required field is missing; a fleet file starts with "version: 1", then its template: and its targets: or targetsFrom:',
    ]);
    expect(await problems({ 'paycfg.fleet.yaml': 'version: 2\n' })).toEqual(['paycfg.fleet.yaml:1:10: version: unsupported fleet file format version 2; this paycfg reads version 1']);
    expect(await problems({ 'paycfg.fleet.yaml': '# nothing\n' })).toEqual([
      'paycfg.fleet.yaml:1:1: file is empty; a fleet file starts with "version: 1", then its template: and its targets: or targetsFrom:',
    ]);
    expect(await problems({ 'paycfg.fleet.yaml': 'version: 1\ntargets: []\n' })).toEqual([
      'paycfg.fleet.yaml:1:1: the fleet has no target: write them under targets:, or list them in a CSV or JSON file under targetsFrom:',
    ]);
    expect(
      await problems({
        'paycfg.fleet.yaml':
          'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{name}}" }, manifests: [m], journal: journal.jsonl }\ntargets: [{ name: acme, group: G-00000001 }, { name: beta, group: G-00000002 }]\n',
      }),
    ).toEqual(['paycfg.fleet.yaml:2:104: template.journal: targets acme, beta would all write the journal journal.jsonl: put {{name}} in it, so that each target has its own']);
  });

  it('reads a spreadsheet\'s export as it comes: a byte order mark, CRLF lines, blank lines and rows of empty cells; a JSON number as written', async () => {
    const dir = workspace({
      'paycfg.fleet.yaml': 'version: 1\ntemplate: { baseUrl: "https://pay.example.com", token: { env: "T_{{ name }}" }, manifests: ["m/{{ group }}"] }\ntargetsFrom: [a.csv, b.json]\n',
      'a.csv': '\uFEFFname,group,RATE\r\nacme,G-00000001,1.50\r\n\r\n,,\r\nbeta,G-00000002, 2 \r\n',
      'b.json': '[{ "name": "gamma", "group": "G-00000003", "values": { "RATE": 12.50 } }]',
    });
    const fleet = await loadFleetFile('paycfg.fleet.yaml', { cwd: dir });
    expect(fleet.targets.map((t) => [t.name, t.definition.values.get('RATE'), `${t.declaredAt.file}:${t.declaredAt.line}:${t.declaredAt.col}`])).toEqual([
      ['acme', '1.50', 'a.csv:2:1'],
      ['beta', '2', 'a.csv:5:1'],
      ['gamma', '12.50', 'b.json:1:2'],
    ]);
    expect(fleet.targets[1]!.definition.token).toEqual({ env: 'T_beta' });
    expect(fleet.targets[1]!.definition.manifests).toEqual([path.join(dir, 'm/G-00000002')]);
  });

  it('refuses a "{{" that opens no placeholder, where it is written', async () => {
    expect(
      await problems({
        'paycfg.fleet.yaml': 'version: 1\ntemplate:\n  baseUrl: "https://{{MID-2}}.example.com"\n  token: { env: "T_{{MID-2}}" }\n  manifests: [m]\ntargets: [{ name: acme, group: G-00000001 }]\n',
      }),
    ).toEqual([
      'paycfg.fleet.yaml:3:12: template.baseUrl: has a "{{" or "}}" that is not a placeholder: write {{name}}, {{group}} or {{VALUE}}, VALUE a value\'s name',
      'paycfg.fleet.yaml:4:17: template.token.env: "T_{{MID-2}}" is not an environment variable name (letters, digits, _ and {{…}} placeholders)',
    ]);
  });
});
