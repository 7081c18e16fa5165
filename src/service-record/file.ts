import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Document, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { displayName, issueDiagnostics } from '../environments/load-file.js';
import { schemaReference } from '../export/schema-location.js';
import { modeline, yamlText } from '../export/write-yaml.js';
import { parseSourceDocument, readSourceText } from '../fleet/file/read-source.js';
import { diagnostic, formatDiagnostic, sortDiagnostics, type Diagnostic, type SourcePosition } from '../manifest/diagnostics.js';
import { PACKAGE_ROOT } from '../package-files.js';
import { describeFsError, writeFileAtomically } from '../util/atomic-file.js';
import { ServiceRecordError } from './errors.js';
import { serviceRecordSchema, type ServiceRecordInput } from './model.js';
import { READINGS, type EmvIdsByMethod, type LoadedServiceRecord, type ProbeEvidence, type ServiceRecord } from './types.js';

/** The file a run and `paycfg probe` take when nothing names another. */
export const SERVICE_RECORD_FILE_NAME = 'paycfg.service.yaml';

/** The JSON Schema shipped with paycfg (npm run schemas). */
export const SERVICE_RECORD_SCHEMA_FILE = path.join(PACKAGE_ROOT, 'schemas', 'service-record.schema.json');

/** A service record is a page of YAML: anything near this size is not one. */
const MAX_BYTES = 64 * 1024;

const HOW_IT_STARTS = 'a service record starts with "version: 1", then summaryLists: and evidence: (`paycfg probe` writes it)';

/** What the file is, above its fields: the contract's words (docs/service-record.md). */
const HEADER = [
  ' paycfg service record: what paycfg learnt of the service where its reference is silent.',
  ' Written by `paycfg probe`; plan, apply, drift and export read it. Establish it again with `paycfg probe`.',
];

/**
 * Reads and checks a service record: YAML syntax, then the format (model.ts). `file` is relative to
 * `cwd`. Throws ServiceRecordError with every problem at its file:line:col; sends no request.
 */
export async function loadServiceRecord(file: string, cwd: string): Promise<LoadedServiceRecord> {
  const absolute = path.resolve(cwd, file);
  const name = displayName(absolute, cwd);
  const start: SourcePosition = { file: name, line: 1, col: 1 };
  const text = await readSourceText(absolute, { name, maxBytes: MAX_BYTES, what: 'a service record', at: start });
  if (typeof text !== 'string') throw serviceRecordError(name, [text], `the service record ${name} cannot be read`);
  const parsed = parseSourceDocument(text, name, 'YAML');
  if (!('data' in parsed)) throw serviceRecordError(name, [parsed]);
  const { data, positions } = parsed;
  if (data === null || data === undefined) throw serviceRecordError(name, [diagnostic(start, [], `file is empty; ${HOW_IT_STARTS}`)]);
  const checked = serviceRecordSchema.safeParse(data, { reportInput: true });
  if (!checked.success) {
    // The environments file's wording, but for what a missing version says.
    const issues = checked.error.issues as (typeof checked.error.issues[number] & { input?: unknown })[];
    const missingVersion = (issue: (typeof issues)[number]) => issue.path.length === 1 && issue.path[0] === 'version' && issue.input === undefined;
    throw serviceRecordError(name, [
      ...issueDiagnostics(issues.filter((issue) => !missingVersion(issue)), positions),
      ...(issues.some(missingVersion) ? [diagnostic(start, ['version'], `required field is missing; ${HOW_IT_STARTS}`)] : []),
    ]);
  }
  const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
  return { record: recordOf(checked.data), file: name, sha256 };
}

/** A ServiceRecordError listing every problem, as the environments file's error lists its own. */
function serviceRecordError(file: string, diagnostics: readonly Diagnostic[], subject = `the service record ${file} is invalid`): ServiceRecordError {
  const sorted = sortDiagnostics(diagnostics, [file]);
  const count = sorted.length === 1 ? '1 error' : `${sorted.length} errors`;
  return new ServiceRecordError(`${subject} (${count}):\n${sorted.map(formatDiagnostic).join('\n')}`, {
    file,
    diagnostics: sorted.map((d) => ({ file: d.file, line: d.line, col: d.col, path: [...d.path], message: d.message })),
  });
}

function recordOf(input: ServiceRecordInput): ServiceRecord {
  const { evidence } = input;
  return {
    version: 1,
    summaryLists: input.summaryLists,
    evidence: {
      baseUrl: evidence.baseUrl,
      group: evidence.group,
      at: evidence.at,
      paycfgVersion: evidence.paycfgVersion,
      method: evidence.method,
      merchant: { mchId: evidence.merchant.mchId, ...(evidence.merchant.providerReference !== undefined ? { providerReference: evidence.merchant.providerReference } : {}) },
      profile: { profileId: evidence.profile.profileId, profileName: evidence.profile.profileName },
      currency: evidence.currency,
      bindingLists: evidence.bindingLists,
      profileLists: evidence.profileLists,
      summaryLists: evidence.summaryLists,
      writes: evidence.writes,
    },
  };
}

/**
 * The record as its file holds it: the modeline (with `schemaRef`, the schema's path from the
 * file's directory), the header, then the fields in the model's order, each object's in its own,
 * a list's payment methods sorted: the same record is the same text, so its sha256 names it.
 */
export function serviceRecordText(record: ServiceRecord, options: { readonly schemaRef?: string } = {}): string {
  const doc = new Document(null, { version: '1.2' });
  const root = new YAMLMap();
  root.set('version', record.version);
  const summary = new Scalar(record.summaryLists);
  summary.comment = ` ${READINGS[record.summaryLists].inWords}`;
  root.items.push(new Pair(new Scalar('summaryLists'), summary));
  root.set('evidence', evidenceNode(record.evidence));
  root.commentBefore = [...(options.schemaRef !== undefined ? [` ${modeline(options.schemaRef)}`] : []), ...HEADER].join('\n');
  doc.contents = root;
  return yamlText(doc);
}

function evidenceNode(evidence: ProbeEvidence): YAMLMap {
  const map = new YAMLMap();
  map.set('baseUrl', evidence.baseUrl);
  map.set('group', evidence.group);
  map.set('at', evidence.at);
  map.set('paycfgVersion', evidence.paycfgVersion);
  map.set('method', evidence.method);
  const merchant = flowMap([['mchId', evidence.merchant.mchId], ...(evidence.merchant.providerReference !== undefined ? [['providerReference', evidence.merchant.providerReference] as const] : [])]);
  map.set('merchant', merchant);
  map.set('profile', flowMap([['profileId', evidence.profile.profileId], ['profileName', evidence.profile.profileName]]));
  map.set('currency', evidence.currency);
  map.set('bindingLists', listsNode(evidence.bindingLists));
  map.set('profileLists', listsNode(evidence.profileLists));
  map.set('summaryLists', listsNode(evidence.summaryLists));
  const writes = new YAMLSeq();
  for (const write of evidence.writes) {
    const scalar = new Scalar(write);
    // "METHOD /path: what" holds ": ", which a plain scalar cannot: every write is quoted alike.
    scalar.type = Scalar.QUOTE_DOUBLE;
    writes.items.push(scalar);
  }
  if (evidence.writes.length === 0) writes.flow = true;
  map.set('writes', writes);
  return map;
}

function flowMap(entries: readonly (readonly [string, string | number])[]): YAMLMap {
  const map = new YAMLMap();
  for (const [key, value] of entries) map.set(key, value);
  map.flow = true;
  return map;
}

function listsNode(lists: EmvIdsByMethod): YAMLMap {
  const map = new YAMLMap();
  for (const method of Object.keys(lists).sort()) {
    const seq = new YAMLSeq();
    seq.items.push(...(lists[method] ?? []).map((id) => new Scalar(id)));
    seq.flow = true;
    map.set(method, seq);
  }
  map.flow = true;
  return map;
}

/**
 * Writes the record to `file` (absolute, or relative to the working directory), never half
 * written: a run reading it sees the old record or the new one. Its directory is made when missing.
 *
 * @throws ServiceRecordError when it cannot be written.
 */
export async function writeServiceRecord(file: string, record: ServiceRecord): Promise<void> {
  const absolute = path.resolve(file);
  const directory = path.dirname(absolute);
  try {
    await mkdir(directory, { recursive: true });
    await writeFileAtomically(absolute, serviceRecordText(record, { schemaRef: schemaReference(directory, SERVICE_RECORD_SCHEMA_FILE) }));
  } catch (error) {
    throw new ServiceRecordError(`cannot write the service record ${file}: ${describeFsError(error)}`, { file });
  }
}
