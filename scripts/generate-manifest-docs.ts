/**
 * Writes docs/manifest-reference.md, the reference of every manifest field, from the zod model (through its
 * JSON Schema, which carries the descriptions), the wire mapping in src/manifest/wire-mapping.ts,
 * the kinds' docs sections (src/kinds/registry.ts) and the entries of examples/basic: `npm run docs:manifest`. `--check` writes nothing and exits 1
 * when the committed file is stale; test/manifest/manifest-docs.test.ts runs the same comparison. It
 * writes docs/environments-reference.md too (scripts/generate-environments-docs.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeGeneratedPage } from './generated-page.js';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Document, isMap, parseDocument, YAMLSeq, type Node } from 'yaml';
import { buildManifestJsonSchema } from '../src/manifest/json-schema.js';
import { KIND_MODULES } from '../src/kinds/registry.js';
import { MANIFEST_ON_THE_WIRE, type WireSection } from '../src/manifest/wire-mapping.js';
import { ENVIRONMENTS_DOCS_FILE, renderEnvironmentsDocs } from './generate-environments-docs.js';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MANIFEST_DOCS_FILE = 'docs/manifest-reference.md';
export const EXAMPLE_FILE = 'examples/basic/paycfg.yaml';

type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly $ref?: string;
  readonly allOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly enum?: readonly (string | number)[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly format?: string;
  readonly minLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: unknown;
  readonly description?: string;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly propertyNames?: JsonSchema;
  readonly additionalProperties?: JsonSchema | boolean;
  readonly definitions?: Readonly<Record<string, JsonSchema>>;
};

/** One section of the reference: an object of the model, where it stands, and its example. */
interface Section {
  readonly id: WireSection;
  readonly title: string;
  /** Where entries of this object are written, in words. */
  readonly where: string;
  /** Path of the example in examples/basic; `undefined` for an example written here. */
  readonly example?: { readonly path: readonly (string | number)[]; readonly listKey?: string; readonly omit?: readonly string[] };
}

/** The top level's example: examples/basic sets no prune policy, so it is written here; the test loads it. */
export const TOP_LEVEL_EXAMPLE = `version: 1
group: G-00000001
prune:
  emvConfigs: false
  acquirerProfiles: true
  merchants: false
  activatedDevices: logout
protect:
  - acquirer/*
  - device/coffee-001/*
safety:
  maxDeletes: 5
`;

/** The top level's own sections, then each kind's (its entry, and the objects inside it), in the registry's order. */
const SECTIONS: readonly Section[] = [
  { id: 'Manifest', title: 'Top level', where: 'the root of every manifest file' },
  { id: 'PrunePolicy', title: 'prune', where: '`prune`' },
  { id: 'Safety', title: 'safety', where: '`safety`' },
  { id: 'Moved', title: 'moved', where: 'each item of `moved`' },
  { id: 'PolicyPackEntry', title: 'policies', where: 'each item of `policies`' },
  ...KIND_MODULES.flatMap((kind) =>
    kind.docSections.map(({ id, title, where, example }): Section => ({ id: id as WireSection, title, where, ...(example !== undefined ? { example } : {}) })),
  ),
  { id: 'SkipRule', title: 'skipRules', where: "each item of an entry's `skipRules` (every kind's entry has it)" },
];

/** Fields that are secret wherever they stand, as the kinds declare them. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(KIND_MODULES.flatMap((kind) => kind.secretFields));

/** Value types that are not objects, described once at the end. */
const SHARED_TYPES = ['PaymentMethodCode', 'Currency', 'Country', 'JsonValue'] as const;

function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}

function refName(ref: string): string {
  return ref.replace('#/definitions/', '');
}

function linkTo(id: string): string {
  const section = SECTIONS.find((s) => s.id === id);
  if (section !== undefined) return `[${section.title}](#${anchor(section.title)})`;
  if (id === 'Methods') return `[methods](#${anchor('Payment methods (methods)')})`;
  return `[${id}](#${anchor(id)})`;
}

/** A pattern of the model in words; one not listed here is shown as written. */
function patternInWords(pattern: string): string {
  const digits = /^\^\\d\{(\d+)\}\$$/.exec(pattern);
  if (digits !== null) return `${digits[1]} digits (quote it)`;
  const known: Record<string, string> = {
    '^\\S(.*\\S)?$': 'not starting or ending with spaces',
    '^G-\\d{8}$': '`G-` and 8 digits',
    '^[0-9A-Fa-f]+$': 'hexadecimal digits',
    '^[^\\s,;]+$': 'no spaces, commas or semicolons',
    '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$': 'an e-mail address',
  };
  return known[pattern] ?? `matching \`${pattern}\``;
}

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** The type of a value in words, with enum values and patterns. */
export function typeInWords(schema: JsonSchema): string {
  if (schema.$ref !== undefined) return linkTo(refName(schema.$ref));
  if (schema.allOf !== undefined && schema.allOf.length === 1) return typeInWords(schema.allOf[0]!);
  if (schema.anyOf !== undefined) return schema.anyOf.map(typeInWords).join(', or ');
  if (schema.const !== undefined) return code(schema.const);
  if (schema.enum !== undefined) return `one of ${schema.enum.map(code).join(', ')}`;
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' or ');
  if (type === 'array') return `list of ${typeInWords(schema.items ?? {})}`;
  if (type === 'object') {
    const value = typeof schema.additionalProperties === 'object' ? typeInWords(schema.additionalProperties) : 'any value';
    const key = schema.propertyNames !== undefined ? typeInWords(schema.propertyNames) : 'text';
    return `mapping of ${key === 'text' ? 'name' : key} → ${value}`;
  }
  if (type === 'string') {
    const notes: string[] = [];
    if (schema.minLength !== undefined && schema.minLength > 0) notes.push('not empty');
    if (schema.pattern !== undefined) notes.push(patternInWords(schema.pattern));
    if (schema.format === 'uri') notes.push('an http(s) URL');
    return notes.length > 0 ? `text (${notes.join(', ')})` : 'text';
  }
  if (type === 'number' || type === 'integer') return `${type}${boundsInWords(schema)}`;
  if (type === 'boolean') return 'boolean';
  if (type === 'null') return 'empty';
  return 'any value';
}

/**
 * ` ≥ 0`, ` from 1 to 9`: the bounds a reader must keep to. zod bounds every integer by
 * Number.MAX_SAFE_INTEGER, which is no bound a person can reach: it is left unsaid.
 */
function boundsInWords(schema: JsonSchema): string {
  const max = schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
  const min = schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER ? schema.minimum : undefined;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  return max !== undefined ? ` ≤ ${max}` : '';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The object schema of a section: the root, or a definition (a nullable one by its object branch). */
function objectOf(root: JsonSchema, id: WireSection): JsonSchema {
  if (id === 'Manifest') return root;
  const definition = root.definitions?.[id];
  if (definition === undefined) throw new Error(`the manifest JSON Schema has no definition ${id}`);
  return definition.properties !== undefined ? definition : (definition.anyOf?.find((branch) => branch.properties !== undefined) ?? definition);
}

function descriptionOf(root: JsonSchema, schema: JsonSchema): string {
  if (schema.description !== undefined) return schema.description;
  const inner = schema.$ref ?? schema.allOf?.[0]?.$ref;
  return inner !== undefined ? (root.definitions?.[refName(inner)]?.description ?? '') : '';
}

function fieldTable(root: JsonSchema, id: WireSection): string[] {
  const object = objectOf(root, id);
  const wire = MANIFEST_ON_THE_WIRE[id].fields as Readonly<Record<string, { text: string }>>;
  const required = new Set(object.required ?? []);
  const lines = ['| Field | Type | Required | On the wire | Description |', '| --- | --- | --- | --- | --- |'];
  for (const [name, schema] of Object.entries(object.properties ?? {})) {
    const mapping = wire[name];
    if (mapping === undefined) throw new Error(`src/manifest/wire-mapping.ts has no entry for ${id}.${name}`);
    const secret = SECRET_FIELDS.has(name) ? ' **Secret**' : '';
    const fallback = schema.default !== undefined ? `no, default ${code(schema.default)}` : 'no';
    lines.push(
      `| \`${name}\`${secret} | ${cell(typeInWords(schema))} | ${required.has(name) ? 'yes' : fallback} | ${cell(mapping.text)} | ${cell(
        descriptionOf(root, schema),
      )} |`,
    );
  }
  return lines;
}

/** The entry of examples/basic at a path, as YAML under its list key, comments kept. */
export function exampleSnippet(exampleText: string, example: NonNullable<Section['example']>): string {
  const source = parseDocument(exampleText);
  const node = source.getIn(example.path, true) as Node | undefined;
  if (!isMap(node)) throw new Error(`${EXAMPLE_FILE} has no mapping at ${example.path.join('.')}`);
  const entry = node.clone();
  for (const key of example.omit ?? []) entry.delete(key);
  const out = new Document();
  const list = new YAMLSeq();
  list.items.push(entry);
  out.contents = out.createNode({});
  (out.contents as unknown as { set(key: string, value: unknown): void }).set(example.listKey ?? String(example.path.at(-2)), list);
  return out.toString({ lineWidth: 0 });
}

/** Every example block of the reference: the section it shows and its YAML. */
export function manifestExamples(exampleText: string): { id: WireSection; yaml: string; from?: readonly (string | number)[]; omit?: readonly string[] }[] {
  const out: { id: WireSection; yaml: string; from?: readonly (string | number)[]; omit?: readonly string[] }[] = [
    { id: 'Manifest', yaml: TOP_LEVEL_EXAMPLE },
  ];
  for (const section of SECTIONS) {
    if (section.example === undefined) continue;
    out.push({ id: section.id, yaml: exampleSnippet(exampleText, section.example), from: section.example.path, ...(section.example.omit ? { omit: section.example.omit } : {}) });
  }
  return out;
}

/** The exact text docs/manifest-reference.md must hold. */
export function renderManifestDocs(exampleText = readFileSync(path.join(repositoryRoot, EXAMPLE_FILE), 'utf8')): string {
  const root = buildManifestJsonSchema() as JsonSchema;
  const examples = manifestExamples(exampleText);
  const lines: string[] = [
    '# Manifest reference',
    '',
    '<!-- Generated by `npm run docs:manifest` from the kinds\' modules (src/kinds/), src/manifest/model.ts, src/manifest/wire-mapping.ts and examples/basic; do not edit by hand. -->',
    '',
    'A manifest is the desired state of one PBO group, in YAML, in one file or split over many (each file has `version: 1`).',
    'This page lists every field of every kind: its type, whether it is required, what paycfg sends for it to the service,',
    'and an example. Field names are the API\'s where the API has the field; where the API takes service ids or',
    'JSON-encoded strings, the manifest takes names and plain YAML. The same model gives the JSON Schema',
    '[schemas/manifest.schema.json](../schemas/manifest.schema.json), which editors use for completion',
    '(`# yaml-language-server: $schema=…` at the top of a file).',
    '',
    '- **Absent is not empty.** A field left out is not managed: paycfg leaves its live value as it is. Only a field',
    '  written in the manifest is compared and written.',
    '- **Unknown keys are errors**, with a "did you mean" hint: every object is strict.',
    '- **Payment method codes** may be written `1` or `"01"`; paycfg sends two-digit codes.',
    '- **Variables.** Any text value may hold `${NAME}` (or `${NAME:-default}`), read from the environment when the',
    '  manifest is loaded. A value built from a variable is treated as secret: never printed, shown `(sensitive)` in',
    '  plans. Fields marked **Secret** below (`' + [...SECRET_FIELDS].sort().join('`, `') + '`) are secret even when written',
    '  literally; write them as `${NAME}`, without a default, which a saved plan would keep.',
    '- **On the wire** names the field of the request body paycfg sends; paths are under the service\'s `/api/openapi/v1`.',
    '',
    '## Contents',
    '',
    ...SECTIONS.map((section) => `- ${linkTo(section.id)}`),
    `- [Value types](#value-types)`,
    '',
  ];
  for (const section of SECTIONS) {
    const wire = MANIFEST_ON_THE_WIRE[section.id];
    const object = objectOf(root, section.id);
    lines.push(`## ${section.title}`, '');
    lines.push(`Written as ${section.where}. ${descriptionOf(root, section.id === 'Manifest' ? root : (root.definitions?.[section.id] ?? {}))}`.trimEnd(), '');
    lines.push(`Requests: ${wire.requests}`, '');
    lines.push(...fieldTable(root, section.id), '');
    if (object.properties === undefined) throw new Error(`${section.id} has no fields`);
    const shown = examples.filter((example) => example.id === section.id);
    for (const example of shown) {
      const origin = example.from !== undefined ? `From [${EXAMPLE_FILE}](../${EXAMPLE_FILE})` : 'Example';
      const omitted = example.omit !== undefined ? ` (without ${example.omit.map((key) => `\`${key}\``).join(' and ')}, shown below)` : '';
      lines.push(`${origin}${omitted}:`, '', '```yaml', example.yaml.trimEnd(), '```', '');
    }
    if (section.id === 'Manifest') lines.push(`The \`prune\` example above is also the [prune](#prune) section's.`, '');
  }
  lines.push('## Value types', '');
  for (const id of SHARED_TYPES) {
    const definition = root.definitions?.[id];
    if (definition === undefined) throw new Error(`the manifest JSON Schema has no definition ${id}`);
    lines.push(`### ${id}`, '', definition.description ?? '', '');
    if (id === 'PaymentMethodCode') {
      const spellings = [...new Set(definition.anyOf?.flatMap((branch) => (branch.enum ?? []).map(String)) ?? [])];
      lines.push(`Written as one of: ${spellings.map(code).join(', ')} (1 to 6 also as YAML numbers).`, '');
    } else if (definition.enum !== undefined) {
      lines.push(`${definition.enum.length} codes: ${definition.enum.map(code).join(' ')}.`, '');
    } else {
      lines.push(`Type: ${typeInWords(definition)}.`, '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function main(argv: readonly string[]): number {
  const text = renderManifestDocs();
  const manifest = writeGeneratedPage({ file: path.join(repositoryRoot, MANIFEST_DOCS_FILE), shown: MANIFEST_DOCS_FILE, text, script: 'docs:manifest', argv });
  // The environments file's reference is written from its model the same way, by the same script.
  const environments = writeGeneratedPage({
    file: path.join(repositoryRoot, ENVIRONMENTS_DOCS_FILE),
    shown: ENVIRONMENTS_DOCS_FILE,
    text: renderEnvironmentsDocs(),
    script: 'docs:manifest',
    argv,
  });
  return Math.max(manifest, environments);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
