/**
 * The template filled in for each target: its placeholders replaced by the target's name, group
 * and written values, its paths made absolute, the result an environment's definition whose
 * positions point into the fleet file or the target's row, so that every message of the
 * environment machinery (a value that cannot be read, a written value feeding a secret) names the
 * place to fix.
 */
import path from 'node:path';
import { checkBaseUrl } from '../../api/config.js';
import { VALUE_NAME } from '../../environments/model.js';
import type { EnvironmentDefinition, ValueSource } from '../../environments/types.js';
import { PaycfgError } from '../../errors.js';
import { didYouMean } from '../../manifest/did-you-mean.js';
import { diagnostic, formatPosition, type Diagnostic, type ManifestPath, type SourcePosition } from '../../manifest/diagnostics.js';
import type { Positions } from '../../environments/load-file.js';
import type { FleetTarget } from '../types.js';
import { writtenValues, type Placed, type TargetEntry, type TemplateSource, type WrittenValue } from './entries.js';
import type { TemplateInput } from './model.js';
import { fillPlaceholders, placeholdersOf, TARGET_PLACEHOLDERS } from './placeholders.js';

/** The fleet file's template, each text placed. */
export interface Template {
  readonly baseUrl?: Placed<string>;
  readonly token?: Placed<TemplateSource>;
  readonly manifests?: readonly Placed<string>[];
  readonly journal?: Placed<string>;
  readonly values: ReadonlyMap<string, Placed<WrittenValue>>;
  /** Where the template is (the file's start when it has none): what a field it lacks is reported at. */
  readonly at: SourcePosition;
}

export interface ExpandContext {
  /** The fleet file's directory: what relative paths are resolved against. */
  readonly directory: string;
  readonly template: Template;
  /** Every value name the template or any target gives: a placeholder naming none is the template's mistake, reported once. */
  readonly declared: ReadonlySet<string>;
  /** Files a manifest path must not name (the fleet file, its lists), with how messages call them. */
  readonly notManifests: ReadonlyMap<string, string>;
}

/** The template as written in the fleet file (at `['template']`); a written value holding a placeholder is a problem. */
export function templateOf(input: TemplateInput | undefined, positions: Positions, diagnostics: Diagnostic[]): Template {
  const at: ManifestPath = ['template'];
  const place = <T>(value: T, ...rest: (string | number)[]): Placed<T> => ({ value, at: positions.of([...at, ...rest], 'value'), path: [...at, ...rest] });
  const values = writtenValues(input?.values, [...at, 'values'], positions);
  for (const value of values.values()) {
    if (typeof value.value === 'string' && (value.value.includes('{{') || value.value.includes('}}'))) {
      diagnostics.push(
        diagnostic(value.at, value.path, 'a written value is taken as written: {{…}} is filled only in baseUrl, token, manifests, journal and the name or path of a value\'s { env } or { file }'),
      );
    }
  }
  return {
    ...(input?.baseUrl !== undefined ? { baseUrl: place(input.baseUrl, 'baseUrl') } : {}),
    ...(input?.token !== undefined ? { token: place(input.token, 'token') } : {}),
    ...(input?.manifests !== undefined ? { manifests: input.manifests.map((item, index) => place(item, 'manifests', index)) } : {}),
    ...(input?.journal !== undefined ? { journal: place(input.journal, 'journal') } : {}),
    values,
    at: input === undefined ? positions.of([], 'value') : positions.of(at, 'key'),
  };
}

/** One target: its entry filled in by the template; undefined when it has a problem (added to `diagnostics`). */
export function expandTarget(entry: TargetEntry, context: ExpandContext, diagnostics: Diagnostic[]): FleetTarget | undefined {
  const { template, directory } = context;
  const before = diagnostics.length;
  const atEntry = (text: string) => diagnostics.push(diagnostic(entry.at, entry.path, `target ${entry.name}: ${text}`));
  const values = new Map([...template.values, ...entry.values]);
  const ownField = (field: Placed<unknown>) => field.path[0] !== 'template';
  const fieldName = (field: Placed<unknown>, what: string) => (ownField(field) ? `its ${what}` : `the template's ${what}`);

  /** What a placeholder of `field` is filled with for this target; undefined when nothing (the problem reported). */
  const placeholderValue = (name: string, field: Placed<string>, what: string): string | undefined => {
    if (name === 'name') return entry.name;
    if (name === 'group') return entry.group;
    const value = values.get(name);
    if (value === undefined && !context.declared.has(name)) {
      const meant = didYouMean(name, [...context.declared, ...TARGET_PLACEHOLDERS]);
      diagnostics.push(diagnostic(field.at, field.path, `{{${name}}} names no value: neither the template nor any target gives ${name}${meant}`));
    } else if (value === undefined) {
      atEntry(`its ${entry.kind} gives no ${name}, and the template has no default for it; {{${name}}} in ${fieldName(field, what)} (${formatPosition(field.at)}) needs it`);
    } else if (typeof value.value !== 'string') {
      const source = 'env' in value.value ? '{ env }' : '{ file }';
      diagnostics.push(
        diagnostic(value.at, value.path, `${name} is read from ${source}: only a value written in the fleet file or its lists fills {{${name}}} (${fieldName(field, what)}, ${formatPosition(field.at)})`),
      );
    } else return value.value;
    return undefined;
  };

  /** A text with its placeholders filled (each with `as` of its value), or undefined (the problem reported). */
  const fill = (field: Placed<string>, what: string, as: (text: string) => string = (text) => text): string | undefined => {
    let filled = true;
    const text = fillPlaceholders(field.value, (name) => {
      const value = placeholderValue(name, field, what);
      filled &&= value !== undefined;
      return as(value ?? '');
    });
    return filled ? text : undefined;
  };

  /** A problem of a filled text (`text`, a sentence): at the text when it has no placeholder (the same for every target, reported once), else at the target. */
  const filledProblem = (field: Placed<string>, what: string, text: string) => {
    if (placeholdersOf(field.value).length === 0) diagnostics.push(diagnostic(field.at, field.path, text));
    else atEntry(`${text} (${fieldName(field, what)}, filled from ${JSON.stringify(field.value)} at ${formatPosition(field.at)})`);
  };

  const fillSource = (field: Placed<TemplateSource>, what: string): ValueSource | undefined => {
    if ('file' in field.value) {
      const file = fill({ ...field, value: field.value.file, path: [...field.path, 'file'] }, what);
      return file === undefined ? undefined : { file: path.resolve(directory, file) };
    }
    const nameField = { ...field, value: field.value.env, path: [...field.path, 'env'] };
    // A variable's name is letters, digits and _: a group's or a name's "-" (G-00000001, acme-eu) is filled as "_".
    const name = fill(nameField, what, (text) => text.replace(/[^A-Za-z0-9_]/g, '_'));
    if (name === undefined) return undefined;
    if (!VALUE_NAME.test(name)) {
      filledProblem(nameField, what, `${JSON.stringify(name)} is not an environment variable name (letters, digits and _, not starting with a digit)`);
      return undefined;
    }
    return { env: name };
  };

  /** The field of the entry, else the template's; a field neither gives is reported once at the template for a CSV row (a row cannot give it). */
  const required = <T>(own: T | undefined, templates: T | undefined, what: string): T | undefined => {
    const field = own ?? templates;
    if (field !== undefined) return field;
    if (entry.kind === 'row') {
      diagnostics.push(diagnostic(template.at, ['template'], `has no ${what}: a target of a CSV list takes the template's`));
    } else atEntry(`has no ${what}: neither the template nor its entry gives one`);
    return undefined;
  };

  let baseUrl: string | undefined;
  const baseUrlField = required(entry.baseUrl, template.baseUrl, 'baseUrl');
  const baseUrlText = baseUrlField === undefined ? undefined : fill(baseUrlField, 'baseUrl');
  if (baseUrlField !== undefined && baseUrlText !== undefined) {
    try {
      // The form alone: whether plain http:// to another host is allowed is the run's --insecure-http.
      baseUrl = checkBaseUrl(baseUrlText, true);
    } catch (error) {
      if (!(error instanceof PaycfgError)) throw error;
      filledProblem(baseUrlField, 'baseUrl', error.message);
    }
  }

  const tokenField = required(entry.token, template.token, 'token');
  const token = tokenField === undefined ? undefined : fillSource(tokenField, 'token');

  const manifestFields = required(entry.manifests, template.manifests, 'manifests');
  const manifests = (manifestFields ?? []).map((field) => {
    const text = fill(field, 'manifests');
    if (text === undefined) return '';
    const absolute = path.resolve(directory, text);
    const refused = context.notManifests.get(absolute);
    if (refused !== undefined) filledProblem(field, 'manifests', `${JSON.stringify(text)} names ${refused}; list the manifest files and directories`);
    return absolute;
  });

  const journalText = template.journal === undefined ? undefined : fill(template.journal, 'journal');

  const definitionValues = new Map<string, string | ValueSource>();
  for (const [name, value] of values) {
    if (typeof value.value === 'string') definitionValues.set(name, value.value);
    else {
      const source = fillSource(value as Placed<TemplateSource>, `value ${name}`);
      if (source !== undefined) definitionValues.set(name, source);
    }
  }

  if (diagnostics.length > before || baseUrl === undefined || token === undefined || manifestFields === undefined || tokenField === undefined) return undefined;
  const definition: EnvironmentDefinition = {
    name: entry.name,
    baseUrl,
    group: entry.group,
    token,
    manifests,
    ...(journalText !== undefined ? { journal: path.resolve(directory, journalText) } : {}),
    values: definitionValues,
    positions: { name: entry.nameAt, values: new Map([...values].map(([name, value]) => [name, value.at])), token: tokenField.at },
  };
  return { name: entry.name, group: entry.group, baseUrl, labels: entry.labels, definition, declaredAt: entry.at };
}
