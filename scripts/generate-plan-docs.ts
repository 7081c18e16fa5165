/**
 * Writes docs/plan-json-reference.md, the reference of the JSON plan, from schemas/plan.schema.json (every
 * object of it as a table) and one plan the planner computes offline: examples/basic against a
 * hand-built live group, redacted as `paycfg plan --json` prints it: `npm run docs:plan-json`.
 * `--check` writes nothing and exits 1 when the committed file is stale;
 * test/docs/plan-json-reference.test.ts runs the same comparison and validates the example.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeGeneratedPage } from './generated-page.js';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildDesiredState } from '../src/desired/build-desired.js';
import { loadManifest } from '../src/manifest/index.js';
import { addressOf } from '../src/model/kinds.js';
import type { DesiredState, EmvFields, LiveResource, LiveState } from '../src/model/state.js';
import { planChanges, type PlanContext } from '../src/plan/plan-changes.js';
import { renderPlanJson } from '../src/render/render-document.js';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PLAN_DOCS_FILE = 'docs/plan-json-reference.md';
export const PLAN_SCHEMA_FILE = 'schemas/plan.schema.json';
export const EXAMPLE_DIR = 'examples/basic';

/** The example's secret: redacted in the page, so any value does; the test checks it never shows. */
export const EXAMPLE_ENV: Readonly<Record<string, string>> = { TILL_ADMIN_PASSWORD: 'example-admin-password' };

export type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly $ref?: string;
  readonly enum?: readonly (string | number)[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly minItems?: number;
  readonly description?: string;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
};

/** One section of the page: an object of the schema, by its JSON pointer in the schema. */
interface Section {
  readonly pointer: string;
  readonly title: string;
  /** Where such an object stands in a plan, in words. */
  readonly where: string;
}

export const SECTIONS: readonly Section[] = [
  { pointer: '', title: 'The plan', where: 'the document itself' },
  { pointer: '/properties/group', title: 'group', where: '`group`' },
  { pointer: '/properties/serviceRecord', title: 'serviceRecord', where: '`serviceRecord`, when the live group was read with a service record' },
  { pointer: '/$defs/change', title: 'A change', where: 'each item of `changes`' },
  { pointer: '/$defs/change/properties/patch/items', title: 'A patch operation', where: "each item of a change's `patch`" },
  { pointer: '/$defs/change/properties/impact', title: 'impact', where: "a change's `impact`" },
  { pointer: '/$defs/change/properties/impact/properties/payments', title: 'payments', where: "an impact's `payments`" },
  { pointer: '/properties/unmanaged/items', title: 'unmanaged', where: 'each item of `unmanaged`' },
  { pointer: '/properties/unreadDevices/items', title: 'unreadDevices', where: 'each item of `unreadDevices`' },
  { pointer: '/properties/blocked/items', title: 'blocked', where: 'each item of `blocked`' },
  { pointer: '/properties/summary', title: 'summary', where: '`summary`' },
  { pointer: '/properties/warnings/items', title: 'warnings', where: 'each item of `warnings`' },
  { pointer: '/$defs/unsettledBatch', title: 'An unsettled batch', where: "each item of a blocked entry's or a warning's `batches`" },
  { pointer: '/$defs/promotion', title: 'promotion', where: "a promotion's `promotion` (`paycfg promote`)" },
  { pointer: '/$defs/environment', title: 'An environment', where: "a promotion's `from` and `to`" },
  { pointer: '/$defs/evidence', title: 'evidence', where: "a promotion's change's or blocked change's `evidence`" },
  { pointer: '/$defs/finding', title: 'A finding', where: 'each item of `findings`' },
  { pointer: '/$defs/finding/properties/override', title: 'override', where: "an overridden finding's `override`" },
  { pointer: '/$defs/location', title: 'A location', where: "a finding's or a skipped rule's `location`" },
  { pointer: '/$defs/skippedRule', title: 'A skipped rule', where: 'each item of `skippedRules`' },
  { pointer: '/$defs/policyPack', title: 'A policy pack', where: 'each item of `policyPacks`' },
];

/**
 * Descriptions of the fields schemas/plan.schema.json leaves without one, by pointer. A field with
 * neither stops the generator, so that every row of the page says what its field holds.
 */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/properties/group': 'The group the plan was computed for (`GET /api/v2/current`).',
  '/properties/group/properties/groupId': 'The PBO group id, `G-` and 8 digits; a manifest with `group:` is refused against any other.',
  '/properties/group/properties/groupName': 'The group\'s name in the service.',
  '/properties/summary': 'The number of changes of each action, and of blocked changes.',
  '/properties/unmanaged/items/properties/address': '`<kind>/<key>`, or `<kind>/~<service id>` for a record without a key.',
  '/properties/unmanaged/items/properties/kind': 'The kind of the live record.',
  '/properties/unmanaged/items/properties/note': 'What more there is to say about it, in words: why paycfg cannot key it, why a pending code is a duplicate, what to do.',
  '/properties/blocked/items/properties/address': 'The address of the change that is blocked, as in `changes`.',
  '/properties/blocked/items/properties/kind': 'The kind of the resource.',
  '/properties/blocked/items/properties/key': 'As for a change.',
  '/properties/blocked/items/properties/action': 'What the change would have done.',
  '/properties/blocked/items/properties/reason': 'Why it is blocked, in words: why the service would refuse it, which `protect:` entry keeps the record, or how many unsettled batches route through it.',
  '/properties/blocked/items/properties/blockers': 'What blocks it: live records outside the manifest, the blocked changes it depends on, how to lift the protection, or each unsettled batch and how to settle it.',
  '/properties/summary/properties/create': 'Changes of `changes` that create a record.',
  '/properties/summary/properties/update': 'Changes of `changes` that update a record in place.',
  '/properties/summary/properties/delete': 'Changes with action `delete` (a terminal logged out or decommissioned included), except the first half of a replacement.',
  '/properties/summary/properties/replace': 'Replacements, each counted once: the changes with action `replace` (their first half, `#old`, is not counted again).',
  '/$defs/change/properties/impact/properties/merchants': 'Live merchants the change reaches: the merchant itself, the merchant of a binding or terminal, or those bound through a profile or an EMV config.',
  '/$defs/unsettledBatch/properties/batchId': 'The batch id, as `POST /api/v2/settlement/settle` takes it.',
  '/$defs/unsettledBatch/properties/paymentCount': 'Approved payments in the batch.',
  '/$defs/unsettledBatch/properties/currency': 'The batch\'s currency (ISO 4217).',
  '/$defs/change/properties/kind': 'The kind of the resource.',
  '/$defs/change/properties/action': 'What the change does. A replacement is two changes: the delete of the old record (`<address>#old`, step `replace-old`), then the new record with action `replace`.',
  '/$defs/change/properties/reason': 'Why the change exists, in words.',
  '/$defs/change/properties/step': 'Set on a step of a replacement: `replace-old` on the delete of the old record, `detach` on a change that lets go of it first.',
  '/$defs/change/properties/patch/items/properties/op': 'The operation; paycfg writes `add`, `remove` and `replace`.',
  '/$defs/change/properties/patch/items/properties/path': 'JSON Pointer (RFC 6901) into `before`/`after`.',
  '/$defs/change/properties/patch/items/properties/value': 'The new value, typed as in `after`; absent for `remove`.',
  '/$defs/change/properties/patch/items/properties/from': 'The source pointer of a `move` or `copy`, which paycfg does not write.',
};

const ADDRESS_PATTERN = '^(emv|acquirer|merchant|binding|device)/.+$';

function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}

/** The schema at a JSON pointer (`/$defs/change/properties/patch/items`); `#/…` refs take the same form. */
export function schemaAt(root: JsonSchema, pointer: string): JsonSchema {
  let node: unknown = root;
  for (const segment of pointer.split('/').slice(1)) {
    node = (node as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined || node === null || typeof node !== 'object') throw new Error(`${PLAN_SCHEMA_FILE} has nothing at ${pointer}`);
  return node as JsonSchema;
}

/** Every object of the schema with named fields, by pointer: the page must have a section for each. */
export function objectPointers(root: JsonSchema): string[] {
  const out: string[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${pointer}/${index}`));
    const record = node as Record<string, unknown>;
    if (record['properties'] !== undefined && typeof record['properties'] === 'object') out.push(pointer);
    for (const [key, value] of Object.entries(record)) walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(root, '');
  return out;
}

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

function sectionLink(pointer: string): string | undefined {
  const section = SECTIONS.find((s) => s.pointer === pointer);
  return section === undefined ? undefined : `[${section.title}](#${anchor(section.title)})`;
}

function typeName(type: string): string {
  const names: Record<string, string> = { string: 'text', integer: 'integer', number: 'number', boolean: 'boolean', null: 'null', object: 'object', array: 'list' };
  return names[type] ?? type;
}

/** The type of a value in words: enums listed, objects of the page linked, patterns explained. */
export function typeInWords(root: JsonSchema, schema: JsonSchema, pointer: string): string {
  if (schema.$ref !== undefined) {
    const target = schema.$ref.replace(/^#/, '');
    return sectionLink(target) ?? typeInWords(root, schemaAt(root, target), target);
  }
  const own = sectionLink(pointer);
  if (own !== undefined) return own;
  if (schema.const !== undefined) return `always ${code(schema.const)}`;
  if (schema.enum !== undefined) return `one of ${schema.enum.map(code).join(', ')}`;
  const type = schema.type;
  if (type === undefined) return 'any JSON value';
  if (Array.isArray(type)) return type.map(typeName).join(' or ');
  if (type === 'array') {
    const item = typeInWords(root, schema.items ?? {}, `${pointer}/items`);
    return `list of ${item}${schema.minItems !== undefined && schema.minItems > 0 ? `, at least ${schema.minItems}` : ''}`;
  }
  if (type === 'string' && schema.pattern !== undefined) {
    return schema.pattern === ADDRESS_PATTERN ? 'text: an address, `<kind>/<key>`' : `text matching \`${schema.pattern}\``;
  }
  if (type === 'integer' && schema.minimum !== undefined) return `integer, ${schema.minimum} or more`;
  return typeName(type as string);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function descriptionOf(schema: JsonSchema, pointer: string): string {
  const text = schema.description ?? DESCRIPTIONS[pointer];
  if (text === undefined) throw new Error(`${PLAN_SCHEMA_FILE} has no description at ${pointer}: add one there`);
  return text;
}

function fieldTable(root: JsonSchema, pointer: string): string[] {
  const object = schemaAt(root, pointer);
  const required = new Set(object.required ?? []);
  const lines = ['| Field | Type | Required | Description |', '| --- | --- | --- | --- |'];
  for (const [name, schema] of Object.entries(object.properties ?? {})) {
    const at = `${pointer}/properties/${name}`;
    lines.push(`| \`${name}\` | ${cell(typeInWords(root, schema, at))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(descriptionOf(schema, at))} |`);
  }
  return lines;
}

/** The live group of the example: examples/basic's EMV configs (one limit lower) and profile, and a merchant it does not name. */
function exampleLive(desired: DesiredState): LiveState {
  const resources: LiveResource[] = [];
  let nextId = 1001;
  for (const resource of desired.resources.values()) {
    if (resource.kind === 'emv') {
      const fields = resource.fields as EmvFields;
      const params = resource.key === 'visa-usd' ? { ...fields.params, clCVMLimit: 50000 } : fields.params;
      resources.push({ kind: 'emv', key: resource.key, id: nextId++, fingerprint: `example-${resource.key}`, fields: { ...fields, params } });
    }
    if (resource.kind === 'acquirer') resources.push({ ...resource, id: 11, fingerprint: `example-${resource.key}` } as LiveResource);
  }
  resources.push({
    kind: 'merchant',
    key: 'tea-002',
    id: 'M1002',
    fingerprint: 'example-tea-002',
    fields: { mchName: 'Tea Room', currency: 'USD', contactName: 'Sam Lee', contactEmail: 'sam@tea.example' },
  });
  return {
    resources: new Map(resources.map((resource) => [addressOf(resource.kind, resource.key), resource])),
    unkeyedMerchants: [],
    devicesRead: new Set(),
    bindingsRead: new Set(),
  };
}

export const EXAMPLE_CONTEXT: PlanContext = { baseUrl: 'http://127.0.0.1:8080', group: { groupId: 'G-00000001', groupName: 'Coffee PBO' } };

/** The example plan as `paycfg plan --json` prints it: examples/basic against exampleLive, secrets redacted. */
export async function examplePlanJson(): Promise<string> {
  const loaded = await loadManifest([EXAMPLE_DIR], { env: EXAMPLE_ENV, cwd: repositoryRoot });
  const desired = buildDesiredState(loaded);
  return renderPlanJson(planChanges(desired, exampleLive(desired), EXAMPLE_CONTEXT));
}

export function readPlanSchema(): JsonSchema {
  return JSON.parse(readFileSync(path.join(repositoryRoot, PLAN_SCHEMA_FILE), 'utf8')) as JsonSchema;
}

/** The exact text docs/plan-json-reference.md must hold. */
export async function renderPlanFormatDocs(root: JsonSchema = readPlanSchema(), exampleJson?: string): Promise<string> {
  const example = exampleJson ?? (await examplePlanJson());
  for (const pointer of objectPointers(root)) {
    if (!SECTIONS.some((section) => section.pointer === pointer)) throw new Error(`${PLAN_SCHEMA_FILE} has an object at ${pointer} that the page has no section for`);
  }
  const formatVersion = schemaAt(root, '/properties/formatVersion').const;
  const lines: string[] = [
    '# The JSON plan',
    '',
    '<!-- Generated by `npm run docs:plan-json` from schemas/plan.schema.json and examples/basic; do not edit by hand. -->',
    '',
    `${root.description ?? ''}`.trimEnd(),
    '',
    'The same document is printed by:',
    '',
    '- `paycfg plan -f PATH --json`: the plan of a manifest against the live group (sends no write);',
    '- `paycfg show PLANFILE --json`: the plan a `paycfg plan --out PLANFILE` saved, as it was computed;',
    '- `paycfg drift -f PATH --json`: the same object with two keys before it, `"kind": "paycfg-drift"` and',
    '  `"drifted"` (true when the group differs from the manifest);',
    '- the library\'s `plan()` (`import { plan } from \'paycfg\'`), which returns it as a value of type `Plan`.',
    '',
    `The format is described by the JSON Schema [${PLAN_SCHEMA_FILE}](../${PLAN_SCHEMA_FILE}) (draft 2020-12),`,
    'which the package ships (`paycfg/schemas/plan.schema.json`); validate a plan with any JSON Schema validator.',
    '',
    `**\`formatVersion\` is ${code(formatVersion)}.** It is incremented on any incompatible change of the format: a field`,
    'removed, renamed or given another type or meaning. A later release may add fields without changing it (the',
    'schema it ships lists them): a reader should check `formatVersion` and ignore fields it does not know.',
    '',
    '- **Secrets are redacted.** A secret value (`deviceAdmin`, `passcode`, anything written `${VAR}` in the',
    '  manifest) is the string `"(sensitive)"`, in `before`, `after` and `patch` alike; `sensitive` lists where.',
    '- **Order is meaningful.** `changes` are in an order that `apply` may run one by one; `dependsOn` says which',
    '  changes must finish first, and changes with no edge between them may run at the same time.',
    '- **Addresses** are `<kind>/<key>`: `emv/<emvName>`, `acquirer/<profileName>`, `merchant/<providerReference>`,',
    '  `binding/<providerReference>/<profileName>/<currency>`, `device/<providerReference>/<deviceAlias>`, the form',
    '  `--target` takes. [reading-plans.md](reading-plans.md) explains the suffixes and keys paycfg adds.',
    '- **Key order.** Each change lists its keys in one order, what it is before what it does (see the example); in',
    '  `before` and `after` the fields that say which record it is come first, then the rest sorted. Patch values',
    '  have the types of `after`: an EMV parameter written as a number is a number in the patch too.',
    '',
    '## Contents',
    '',
    ...SECTIONS.map((section) => `- [${section.title}](#${anchor(section.title)})`),
    '- [Example](#example)',
    '',
  ];
  for (const section of SECTIONS) {
    const object = schemaAt(root, section.pointer);
    const about = section.pointer === '' ? '' : (object.description ?? DESCRIPTIONS[section.pointer] ?? schemaAt(root, section.pointer.replace(/\/items$/, '')).description ?? '');
    lines.push(`## ${section.title}`, '');
    lines.push(`${section.pointer === '' ? 'The document' : `Written as ${section.where}`}. ${about}`.trimEnd(), '');
    lines.push(...fieldTable(root, section.pointer), '');
  }
  lines.push(
    '## Example',
    '',
    `The plan of [${EXAMPLE_DIR}](../${EXAMPLE_DIR}) against a group that already holds its two EMV configs (\`visa-usd\`'s`,
    '`clCVMLimit` at 50000) and its acquirer profile, and a merchant `tea-002` the manifest does not name: the limit',
    'is updated, the merchant and its till are created, and the binding the service makes by itself when it creates',
    'the merchant (`predicted`) is updated to the manifest\'s. The till\'s admin password is redacted.',
    '',
    '```json',
    example.trimEnd(),
    '```',
  );
  return `${lines.join('\n').trimEnd()}\n`;
}

async function main(argv: readonly string[]): Promise<number> {
  const text = await renderPlanFormatDocs();
  return writeGeneratedPage({ file: path.join(repositoryRoot, PLAN_DOCS_FILE), shown: PLAN_DOCS_FILE, text, script: 'docs:plan-json', argv });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
