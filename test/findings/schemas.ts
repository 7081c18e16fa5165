/**
 * The schemas the reports are checked against:
 * - SARIF: the SARIF 2.1.0 JSON schema @microsoft/jest-sarif ships (lib/schemas/sarif-2.1.0-rtm.5.json),
 *   compiled with ajv and ajv-formats. The file is draft-04 (`id`, a draft-04 `$schema`), which ajv 8
 *   no longer reads; nothing else in it differs between draft-04 and draft-07 (no boolean
 *   exclusiveMinimum, no `dependencies`), so it is compiled as draft-07 with `id` renamed `$id`.
 * - JUnit: junit-10.xsd of Jenkins' xunit plugin (test/fixtures/junit/README.md says why that one),
 *   with xmllint compiled to WebAssembly (xmllint-wasm), which also checks that the text is
 *   well-formed XML 1.0.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';
import { repoRoot } from '../ci/ci-files.js';

const require = createRequire(import.meta.url);
// ajv-formats is CommonJS: its plugin is the module or its `default`, as the loader gives it.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export const SARIF_SCHEMA_FILE = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

function sarifValidator() {
  const { $schema: _draft04, id, ...schema } = JSON.parse(readFileSync(SARIF_SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  // unicodeRegExp off: the schema's pattern for `language`, `^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`,
  // has a stray `]` that a `u` regular expression refuses (the final schema fixed it); read
  // without `u`, as the draft-04 validators it was written for read it, it is a literal `]`.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile({ ...schema, $id: id as string });
}

const validateSarifSchema = sarifValidator();

/** The schema's complaints about a SARIF log, as `path: message` lines; empty when it is valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validateSarifSchema(log)) return [];
  return (validateSarifSchema.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'}: ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
}

export const JUNIT_XSD_FILE = join(repoRoot, 'test/fixtures/junit/junit-10.xsd');

/** xmllint's complaints about a JUnit report against junit-10.xsd (well-formedness included); empty when it is valid. */
export async function junitSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit-10.xsd', contents: readFileSync(JUNIT_XSD_FILE, 'utf8') }],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
