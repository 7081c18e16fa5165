/**
 * GitLab's CI schema (app/assets/javascripts/editor/schema/ci.json, the one GitLab's pipeline
 * editor validates with), vendored in test/fixtures/gitlab-ci/ (README there says from where), for
 * checking GitLab CI files offline. Draft-07, with formats.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { repoRoot } from './ci-files.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

// strict: false: GitLab's schema carries editor keywords (markdownDescription) Ajv does not know.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(`${repoRoot}/test/fixtures/gitlab-ci/ci.schema.json`, 'utf8')) as object);

/** The schema's errors for a parsed GitLab CI document, as `path: message`; none when valid. */
export function gitlabCiErrors(document: unknown): string[] {
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? error.keyword}`);
}
