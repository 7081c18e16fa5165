import path from 'node:path';
import { serviceOf } from '../../environments/client.js';
import { displayName, issueDiagnostics } from '../../environments/load-file.js';
import type { EnvironmentDefinition } from '../../environments/types.js';
import { diagnostic, formatPosition, type Diagnostic, type SourcePosition } from '../../manifest/diagnostics.js';
import type { FleetFile, FleetTarget } from '../types.js';
import { csvEntries } from './csv-list.js';
import { entryOfInput, type Placed, type TargetEntry } from './entries.js';
import { FleetFileError } from './errors.js';
import { expandTarget, templateOf, type ExpandContext } from './expand.js';
import { jsonEntries } from './json-list.js';
import { fleetFileSchema } from './model.js';
import { parseSourceDocument, readSourceText } from './read-source.js';

/** A fleet file is a page of YAML: anything near this size is not one. */
const MAX_FLEET_BYTES = 1024 * 1024;

/** A list of targets: hundreds to thousands of rows of a few hundred bytes. */
const MAX_LIST_BYTES = 32 * 1024 * 1024;

const HOW_IT_STARTS = 'a fleet file starts with "version: 1", then its template: and its targets: or targetsFrom:';

/**
 * Loads and checks a fleet file, and every CSV or JSON list of targets it names, offline: no value
 * source or token is read. Every problem is reported at once, each at its file:line:col (a row of a
 * CSV at its line, a JSON entry at its place): an unknown key, a bad name or group, a duplicate
 * target name, two targets of one group at one service, a `{{…}}` the template cannot fill.
 *
 * @throws FleetFileError (a ManifestError-like error with diagnostics, exit 1).
 */
export async function loadFleetFile(file: string, options: { readonly cwd: string }): Promise<FleetFile> {
  const absolute = path.resolve(options.cwd, file);
  const name = displayName(absolute, options.cwd);
  const start: SourcePosition = { file: name, line: 1, col: 1 };
  const text = await readSourceText(absolute, { name, maxBytes: MAX_FLEET_BYTES, what: 'a fleet file', at: start });
  if (typeof text !== 'string') throw new FleetFileError(name, [text], { subject: `the fleet file ${name} cannot be read` });
  const parsed = parseSourceDocument(text, name, 'YAML');
  if (!('data' in parsed)) throw new FleetFileError(name, [parsed]);
  const { data, positions } = parsed;
  if (data === null || data === undefined) throw new FleetFileError(name, [diagnostic(start, [], `file is empty; ${HOW_IT_STARTS}`)]);
  const checked = fleetFileSchema.safeParse(data, { reportInput: true });
  if (!checked.success) {
    // The environments file's wording, but for what a missing version says.
    const missingVersion = (issue: { path: readonly PropertyKey[]; input?: unknown }) => issue.path.length === 1 && issue.path[0] === 'version' && issue.input === undefined;
    const issues = checked.error.issues as (typeof checked.error.issues[number] & { input?: unknown })[];
    throw new FleetFileError(name, [
      ...issueDiagnostics(issues.filter((issue) => !missingVersion(issue)), positions),
      ...(issues.some(missingVersion) ? [diagnostic(start, ['version'], `required field is missing; ${HOW_IT_STARTS}`)] : []),
    ]);
  }
  const fleet = checked.data;
  const directory = path.dirname(absolute);
  const diagnostics: Diagnostic[] = [];
  const template = templateOf(fleet.template, positions, diagnostics);
  const entries = (fleet.targets ?? []).map((input, index) => entryOfInput(input, ['targets', index], positions));

  const files = [name];
  const notManifests = new Map([[absolute, 'the fleet file itself']]);
  for (const [index, listPath] of (fleet.targetsFrom ?? []).entries()) {
    const listAbsolute = path.resolve(directory, listPath);
    const listName = displayName(listAbsolute, options.cwd);
    const at = positions.of(['targetsFrom', index], 'value');
    if (notManifests.has(listAbsolute)) {
      diagnostics.push(diagnostic(at, ['targetsFrom', index], `names ${listName} twice: each list is read once`));
      continue;
    }
    notManifests.set(listAbsolute, `the list of targets ${listName}`);
    files.push(listName);
    const listText = await readSourceText(listAbsolute, { name: listName, maxBytes: MAX_LIST_BYTES, what: 'a list of targets', at });
    if (typeof listText !== 'string') {
      diagnostics.push({ ...listText, path: ['targetsFrom', index], message: `targetsFrom[${index}]: ${listText.message}` });
      continue;
    }
    const list = /\.csv$/i.test(listPath) ? csvEntries(listText, listName) : jsonEntries(listText, listName);
    entries.push(...list.entries);
    diagnostics.push(...list.diagnostics);
  }
  if (entries.length === 0 && diagnostics.length === 0) {
    diagnostics.push(diagnostic(start, [], 'the fleet has no target: write them under targets:, or list them in a CSV or JSON file under targetsFrom:'));
  }

  const context: ExpandContext = {
    directory,
    template,
    declared: new Set([...template.values.keys(), ...entries.flatMap((entry) => [...entry.values.keys()])]),
    notManifests,
  };
  const expanded: Expanded[] = [];
  for (const entry of uniqueNames(entries, diagnostics)) {
    const target = expandTarget(entry, context, diagnostics);
    if (target !== undefined) expanded.push({ entry, target });
  }
  diagnostics.push(...sharedGroups(expanded), ...sharedJournals(expanded.map(({ target }) => target), template.journal, directory));
  const targets = expanded.map(({ target }) => target);
  if (diagnostics.length > 0) throw new FleetFileError(name, diagnostics, { files });
  const environments = new Map<string, EnvironmentDefinition>(targets.map((target) => [target.name, target.definition]));
  return { path: absolute, name, targets, environments: { path: absolute, name, environments } };
}

/** The entries of names not taken already; a name declared twice is refused at its second place, naming the first. */
function uniqueNames(entries: readonly TargetEntry[], diagnostics: Diagnostic[]): TargetEntry[] {
  const first = new Map<string, TargetEntry>();
  return entries.filter((entry) => {
    const earlier = first.get(entry.name);
    if (earlier === undefined) {
      first.set(entry.name, entry);
      return true;
    }
    diagnostics.push(
      diagnostic(entry.nameAt, entry.kind === 'row' ? ['name'] : [...entry.path, 'name'], `target ${entry.name} is declared already, at ${formatPosition(earlier.nameAt)}; each target is an environment of a name of its own`),
    );
    return false;
  });
}

/**
 * Two targets that manage one group at one service are one target under two names: a plan saved
 * for one would pass for the other, and a run would change the group twice at once.
 */
function sharedGroups(expanded: readonly Expanded[]): Diagnostic[] {
  const first = new Map<string, Expanded>();
  const out: Diagnostic[] = [];
  for (const { entry, target } of expanded) {
    const key = `${serviceOf(target.baseUrl)} ${target.group}`;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, { entry, target });
    else {
      out.push(
        diagnostic(
          entry.groupAt,
          entry.kind === 'row' ? ['group'] : [...entry.path, 'group'],
          `target ${earlier.target.name} manages group ${target.group} at ${target.baseUrl} already (${formatPosition(earlier.entry.groupAt)}); each target is a group of its own`,
        ),
      );
    }
  }
  return out;
}

/** Two targets writing one journal would interleave their runs' records: the template's journal (the only one) must name the target. */
function sharedJournals(targets: readonly FleetTarget[], journal: Placed<string> | undefined, directory: string): Diagnostic[] {
  if (journal === undefined) return [];
  const writers = new Map<string, string[]>();
  for (const target of targets) {
    const file = target.definition.journal;
    if (file !== undefined) writers.set(file, [...(writers.get(file) ?? []), target.name]);
  }
  return [...writers]
    .filter(([, names]) => names.length > 1)
    .map(([file, names]) =>
      diagnostic(journal.at, journal.path, `targets ${listed(names)} would all write the journal ${path.relative(directory, file).split(path.sep).join('/')}: put {{name}} in it, so that each target has its own`),
    );
}

/** `a, b, c and 12 more`: names in a message that stays one line. */
function listed(names: readonly string[], shown = 5): string {
  return names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

interface Expanded {
  readonly entry: TargetEntry;
  readonly target: FleetTarget;
}
