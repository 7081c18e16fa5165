import { isCollection, visit, type Document } from 'yaml';
import { yamlText } from './write-yaml.js';

/**
 * The text of a file edited through the yaml Document API. The library writes every flow
 * collection one way, `[ a, b ]` or `[a, b]`; the file's own way is kept (the one most of its flow
 * collections are written in), so that an edit does not show up as a change of every inline list.
 * Comments, quoting and block or flow style are the Document's already.
 */
export function editedText(doc: Document, before: string | undefined): string {
  return yamlText(doc, before === undefined ? {} : { flowCollectionPadding: flowPaddingOf(doc, before) });
}

function flowPaddingOf(doc: Document, text: string): boolean {
  let padded = 0;
  let tight = 0;
  visit(doc, (_key, node) => {
    if (!isCollection(node) || node.flow !== true || node.items.length === 0 || node.range == null) return;
    const next = text[node.range[0] + 1];
    if (next === ' ') padded += 1;
    else if (next !== '\n' && next !== '\r') tight += 1;
  });
  return tight <= padded;
}
