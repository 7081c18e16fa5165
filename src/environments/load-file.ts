import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode, type YAMLError } from 'yaml';
import type { z } from 'zod';
import { checkBaseUrl } from '../api/config.js';
import { PaycfgError } from '../errors.js';
import { didYouMean } from '../manifest/did-you-mean.js';
import { diagnostic, type Diagnostic, type ManifestPath, type SourcePosition } from '../manifest/diagnostics.js';
import { describeValue, VALUE } from '../manifest/issue-text.js';
import { yamlSyntaxProblem } from '../manifest/yaml-syntax-error.js';
import { lowerFirst } from '../util/text.js';
import { EnvironmentsError } from './errors.js';
import { environmentsFileSchema, type EnvironmentInput } from './model.js';
import type { EnvironmentDefinition, EnvironmentsFile, ValueSource } from './types.js';

/** An environments file is a page of YAML: anything near this size is not one. */
const MAX_BYTES = 1024 * 1024;

/** Aliases expand to at most this many values: the format has no use for more. */
const MAX_ALIAS_COUNT = 1000;

/**
 * Reads and checks the environments file: YAML syntax, the format (model.ts), each base URL's form,
 * no manifest path naming the file itself, no two environments managing the same group at the same
 * service. Paths in the definitions are made absolute, against the file's directory. Throws
 * EnvironmentsError with every problem at its file:line:col.
 */
export async function loadEnvironmentsFile(file: string, options: { readonly cwd: string }): Promise<EnvironmentsFile> {
  const absolute = path.resolve(options.cwd, file);
  const name = displayName(absolute, options.cwd);
  const text = await readText(absolute, name);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, strict: true, uniqueKeys: true, version: '1.2' });
  const problems: readonly YAMLError[] = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    const { offset, message } = yamlSyntaxProblem(text, problems, (problem) => `invalid YAML: ${lowerFirst(problem.message.split('\n')[0] ?? '')}`);
    const { line, col } = lineCounter.linePos(offset);
    throw new EnvironmentsError(name, [diagnostic({ file: name, line, col }, [], message)]);
  }
  const positions = new Positions(doc, lineCounter, name);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    throw new EnvironmentsError(name, [diagnostic({ file: name, line: 1, col: 1 }, [], `cannot be read: ${(error as Error).message}`)]);
  }
  if (data === null || data === undefined) {
    throw new EnvironmentsError(name, [diagnostic({ file: name, line: 1, col: 1 }, [], 'file is empty; an environments file starts with "version: 1" and lists its environments under environments:')]);
  }
  const parsed = environmentsFileSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) throw new EnvironmentsError(name, issueDiagnostics(parsed.error.issues, positions));

  const directory = path.dirname(absolute);
  const diagnostics: Diagnostic[] = [];
  const environments = new Map<string, EnvironmentDefinition>();
  // An environment's own serviceRecord: overrides the file's, which every other environment takes.
  const shared = parsed.data.serviceRecord === undefined ? undefined : { file: parsed.data.serviceRecord, at: ['serviceRecord'] };
  for (const [envName, input] of Object.entries(parsed.data.environments)) {
    const definition = definitionOf(envName, input, { directory, positions, self: absolute, diagnostics, serviceRecord: shared });
    if (definition !== undefined) environments.set(envName, definition);
  }
  diagnostics.push(...sharedTargets(environments, positions));
  if (diagnostics.length > 0) throw new EnvironmentsError(name, diagnostics);
  return { path: absolute, name, environments };
}

async function readText(absolute: string, name: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory, not an environments file' : `cannot read it (${code ?? String(error)})`;
    throw new EnvironmentsError(name, [diagnostic({ file: name, line: 1, col: 1 }, [], reason)], `the environments file ${name} cannot be read`);
  }
  if (bytes.length > MAX_BYTES) {
    throw new EnvironmentsError(name, [diagnostic({ file: name, line: 1, col: 1 }, [], `file is ${bytes.length} bytes; an environments file is at most ${MAX_BYTES}`)]);
  }
  return bytes.toString('utf8');
}

/** One environment of a file that passed the model, its paths absolute; undefined when it has a problem (added to `diagnostics`). */
function definitionOf(
  name: string,
  input: EnvironmentInput,
  context: {
    readonly directory: string;
    readonly positions: Positions;
    readonly self: string;
    readonly diagnostics: Diagnostic[];
    readonly serviceRecord: { readonly file: string; readonly at: ManifestPath } | undefined;
  },
): EnvironmentDefinition | undefined {
  const { directory, positions, self, diagnostics } = context;
  const at = ['environments', name];
  const serviceRecord = input.serviceRecord !== undefined ? { file: input.serviceRecord, at: [...at, 'serviceRecord'] } : context.serviceRecord;
  const problems = diagnostics.length;
  let baseUrl = input.baseUrl;
  try {
    // The form alone: whether plain http:// to another host is allowed is the run's --insecure-http.
    baseUrl = checkBaseUrl(input.baseUrl, true);
  } catch (error) {
    if (!(error instanceof PaycfgError)) throw error;
    diagnostics.push(positions.diagnostic([...at, 'baseUrl'], 'value', error.message));
  }
  const manifests = input.manifests.map((given, index) => {
    const absolute = path.resolve(directory, given);
    if (absolute === self) {
      diagnostics.push(positions.diagnostic([...at, 'manifests', index], 'value', 'names the environments file itself; list the manifest files and directories'));
    }
    return absolute;
  });
  const values = new Map<string, string | ValueSource>();
  const valuePositions = new Map<string, SourcePosition>();
  for (const [key, value] of Object.entries(input.values)) {
    const where = [...at, 'values', key];
    valuePositions.set(key, positions.of(where, 'value'));
    // A number or a boolean is the text written: a MID of 007 stays 007.
    if (typeof value === 'number' || typeof value === 'boolean') values.set(key, positions.sourceText(where) ?? String(value));
    else values.set(key, typeof value === 'string' ? value : absoluteSource(value, directory));
  }
  if (diagnostics.length > problems) return undefined;
  return {
    name,
    baseUrl,
    group: input.group,
    token: absoluteSource(input.token, directory),
    manifests,
    ...(input.journal !== undefined ? { journal: path.resolve(directory, input.journal) } : {}),
    ...(serviceRecord !== undefined ? { serviceRecord: path.resolve(directory, serviceRecord.file) } : {}),
    values,
    positions: {
      name: positions.of(at, 'key'),
      values: valuePositions,
      token: positions.of([...at, 'token'], 'value'),
      ...(serviceRecord !== undefined ? { serviceRecord: positions.of(serviceRecord.at, 'value') } : {}),
    },
  };
}

function absoluteSource(source: ValueSource, directory: string): ValueSource {
  return 'env' in source ? { env: source.env } : { file: path.resolve(directory, source.file) };
}

/**
 * Two environments that manage the same group at the same service are one target under two
 * names: a plan saved for one would pass for the other, and a promotion between them proves nothing.
 */
function sharedTargets(environments: ReadonlyMap<string, EnvironmentDefinition>, positions: Positions): Diagnostic[] {
  const first = new Map<string, string>();
  const out: Diagnostic[] = [];
  for (const definition of environments.values()) {
    const target = `${definition.baseUrl} ${definition.group}`;
    const earlier = first.get(target);
    if (earlier === undefined) first.set(target, definition.name);
    else {
      out.push(
        positions.diagnostic(
          ['environments', definition.name, 'group'],
          'value',
          `environment ${earlier} manages group ${definition.group} at ${definition.baseUrl} already; each environment is a group of its own`,
        ),
      );
    }
  }
  return out;
}

/** As messages show a file: relative to the working directory when inside it. */
export function displayName(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}

/** Where a path of the document is written: the value's first character, or its key's. The fleet file's loader reads its YAML and JSON through it too. */
export class Positions {
  constructor(
    private readonly doc: Document,
    private readonly lineCounter: LineCounter,
    private readonly file: string,
  ) {}

  of(at: ManifestPath, where: 'value' | 'key'): SourcePosition {
    const { node, key } = this.find(at);
    const offset = (where === 'key' ? (key ?? node) : node)?.range?.[0] ?? 0;
    const { line, col } = this.lineCounter.linePos(offset);
    return { file: this.file, line, col };
  }

  diagnostic(at: ManifestPath, where: 'value' | 'key', text: string): Diagnostic {
    return diagnostic(this.of(at, where), at, text);
  }

  /** A scalar's text as written (a number's digits, leading zeros kept). */
  sourceText(at: ManifestPath): string | undefined {
    const { node, found } = this.find(at);
    return found && isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
  }

  /** The node at `at`, or its nearest written ancestor (`found` false), and the key it stands under. */
  private find(at: ManifestPath): { node: YamlNode | null | undefined; key?: YamlNode; found: boolean } {
    let node = this.doc.contents as YamlNode | null;
    let key: YamlNode | undefined;
    for (const segment of at) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && (isScalar(item.key) ? String(item.key.value) : item.key) === String(segment));
        if (pair === undefined) return { node, key, found: false };
        key = pair.key as YamlNode;
        // A key with no value (`baseUrl:`) is placed at its key.
        node = (pair.value as YamlNode | null) ?? key;
      } else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
        key = undefined;
        node = node.items[segment] as YamlNode;
      } else return { node, key, found: false };
    }
    return { node, key, found: true };
  }
}

type Issue = z.core.$ZodIssue & { input?: unknown };

/** zod's issues in the project's words, each at its place in the file: an unknown key at the key, with the key meant. */
export function issueDiagnostics(issues: readonly z.core.$ZodIssue[], positions: Positions): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const raw of issues) {
    const issue = raw as Issue;
    const at = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const lines = issue.message.split('\n');
      issue.keys.forEach((key, index) => {
        const line = lines.length === issue.keys.length ? (lines[index] as string) : `unknown key ${JSON.stringify(key)}`;
        out.push(positions.diagnostic([...at, key], 'key', line));
      });
      continue;
    }
    if (issue.code === 'invalid_key') {
      const inner = issue.issues[0]?.message ?? 'invalid name';
      out.push(positions.diagnostic(at, 'key', fill(inner, at[at.length - 1])));
      continue;
    }
    if (issue.code === 'invalid_union' && isPlainObject(issue.input)) {
      out.push(...sourceIssue(issue as Issue & { errors: z.core.$ZodIssue[][] }, at, positions));
      continue;
    }
    out.push(positions.diagnostic(at, 'value', issueText(issue)));
  }
  return out;
}

/**
 * A `{ env }` or `{ file }` source that is neither: worded after the branch its key names, else
 * as the mapping it is, with the key probably meant.
 */
function sourceIssue(issue: Issue & { errors: z.core.$ZodIssue[][] }, at: ManifestPath, positions: Positions): Diagnostic[] {
  const keys = Object.keys(issue.input as object);
  // The branches are tried in order: text, a number, true or false (for a value), then { env }, then { file }.
  const branch = keys.includes('env') ? issue.errors.at(-2) : keys.includes('file') ? issue.errors.at(-1) : undefined;
  if (branch !== undefined) return issueDiagnostics(branch.map((inner) => ({ ...inner, path: [...at, ...inner.path] })), positions);
  const meant = keys.length === 1 ? didYouMean(keys[0]!, ['env', 'file']) : '';
  const got = keys.length === 0 ? 'an empty mapping' : `a mapping of ${keys.map((key) => JSON.stringify(key)).join(', ')}`;
  return [positions.diagnostic(at, 'value', `expected { env: NAME } or { file: PATH }, got ${got}${meant}`)];
}

function issueText(issue: Issue): string {
  const { input } = issue;
  if (input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')) {
    return issue.path.length === 1 && issue.path[0] === 'version' ? 'required field is missing; an environments file starts with "version: 1"' : 'required field is missing';
  }
  if (issue.code === 'invalid_type' && !issue.message.includes(VALUE)) return `expected ${expectedText(issue.expected)}, got ${describeValue(input, false)}`;
  return fill(lowerFirst(issue.message), input);
}

function fill(message: string, input: unknown): string {
  return message.includes(VALUE) ? message.split(VALUE).join(describeValue(input, false)) : message;
}

function expectedText(expected: string): string {
  if (expected === 'object' || expected === 'record') return 'a mapping';
  if (expected === 'array') return 'a list';
  if (expected === 'string') return 'text';
  return expected;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
