import { access, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Document } from 'yaml';
import { InternalError } from '../errors.js';
import { editedText } from './edited-text.js';
import { newManifestDocument, parseManifestDocument } from './manifest-edits.js';
import { schemaReference } from './schema-location.js';

/** A shared manifest file as the run read it. */
export interface OpenedFile {
  readonly text: string;
  readonly doc: Document;
}

/**
 * The manifest files one run edits, in memory until written: the shared files (opened before the
 * comparison, which asks them where a value can be replaced), the files of the first environment's
 * own manifest (opened from disk, or new), and the shared files to remove.
 */
export class EditedFiles {
  private readonly documents = new Map<string, { doc: Document; before?: string }>();
  private readonly removals = new Set<string>();

  constructor(private readonly shared: ReadonlyMap<string, OpenedFile>) {}

  /** A shared file, to edit. */
  sharedDoc(file: string): Document {
    const opened = this.shared.get(file);
    if (opened === undefined) throw new InternalError(`${file} is not a shared file`);
    if (!this.documents.has(file)) this.documents.set(file, { doc: opened.doc, before: opened.text });
    return opened.doc;
  }

  /** A shared file's text as read, parsed anew (to move it whole). */
  sharedOriginal(file: string): Document {
    const opened = this.shared.get(file);
    if (opened === undefined) throw new InternalError(`${file} is not a shared file`);
    return parseManifestDocument(opened.text, file);
  }

  sharedFiles(): IterableIterator<[string, OpenedFile]> {
    return this.shared.entries();
  }

  /** Whether this run writes the file, or it exists. */
  async exists(path: string): Promise<boolean> {
    return this.documents.has(path) || (await access(path).then(() => true, () => false));
  }

  /** A file of an own manifest: this run's edit of it, else the file on disk, else a new file with `intro`. */
  async ownDoc(path: string, intro: readonly string[]): Promise<Document> {
    const open = this.documents.get(path);
    if (open !== undefined) return open.doc;
    if (await access(path).then(() => true, () => false)) {
      const text = await readFile(path, 'utf8');
      const doc = parseManifestDocument(text, path);
      this.documents.set(path, { doc, before: text });
      return doc;
    }
    const doc = newManifestDocument(schemaReference(dirname(path)), intro);
    this.documents.set(path, { doc });
    return doc;
  }

  /** A new file whose document is given (a shared file moved whole). */
  create(path: string, doc: Document): void {
    if (this.documents.has(path)) throw new InternalError(`${path} is written twice`);
    this.documents.set(path, { doc });
  }

  remove(path: string): void {
    this.documents.delete(path);
    this.removals.add(path);
  }

  isRemoved(path: string): boolean {
    return this.removals.has(path);
  }

  /** Files to write, path → text, unchanged ones left out. */
  texts(): Map<string, string> {
    const texts = new Map<string, string>();
    for (const [path, { doc, before }] of this.documents) {
      const text = editedText(doc, before);
      if (text !== before) texts.set(path, text);
    }
    return texts;
  }

  removed(): string[] {
    return [...this.removals].sort();
  }
}
