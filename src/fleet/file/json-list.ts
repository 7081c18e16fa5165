/**
 * A JSON list of targets, as a PBO's systems export one: `[{"name": …, "group": …, "labels": {…},
 * "values": {…}}, …]`, each entry a target of the fleet file's form. Read by the yaml library
 * (JSON is YAML), so that each entry and each of its values has its place for messages.
 */
import { issueDiagnostics } from '../../environments/load-file.js';
import { diagnostic, type Diagnostic } from '../../manifest/diagnostics.js';
import { describeValue } from '../../manifest/issue-text.js';
import { entryOfInput, type TargetEntry } from './entries.js';
import { targetSchema } from './model.js';
import { parseSourceDocument } from './read-source.js';

/** The targets of a JSON list, and the problems of its entries: each entry is checked apart, so one bad entry hides no other's problem. */
export function jsonEntries(text: string, file: string): { entries: TargetEntry[]; diagnostics: Diagnostic[] } {
  const parsed = parseSourceDocument(text, file, 'JSON');
  if (!('data' in parsed)) return { entries: [], diagnostics: [parsed] };
  const { data, positions } = parsed;
  if (!Array.isArray(data)) {
    return {
      entries: [],
      diagnostics: [diagnostic({ file, line: 1, col: 1 }, [], `expected a list of targets ([{"name": …, "group": …}, …]), got ${data === null || data === undefined ? 'nothing' : describeValue(data, false)}`)],
    };
  }
  const entries: TargetEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  data.forEach((item: unknown, index) => {
    const checked = targetSchema.safeParse(item, { reportInput: true });
    if (checked.success) entries.push(entryOfInput(checked.data, [index], positions));
    else diagnostics.push(...issueDiagnostics(checked.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })), positions));
  });
  return { entries, diagnostics };
}
