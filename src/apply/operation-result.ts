/**
 * What a change did. `words` is what a person reads (the progress line, the journal's `detail`:
 * `created id 7`, `updated`, `already gone`); the id of the record a create made or adopted travels
 * beside them as data, so that nothing has to read it back out of the words.
 */
export interface OperationResult {
  readonly words: string;
  /** The id of the record a create made, or found under its key and adopted. */
  readonly createdId?: string;
  /** Set when the record was found under the key rather than made by this run's create. */
  readonly adopted?: true;
}

/** A change that made no record: a delete, an update, a create whose record has no id of its own. */
export function didOnly(words: string): OperationResult {
  return { words };
}

/** A create's result: its words, and the id of the record it made or adopted. */
export function createdRecord(adopted: boolean, id: string | number, words: string): OperationResult {
  return { words, createdId: String(id), ...(adopted ? { adopted: true as const } : {}) };
}
