/** The fleet summary's JSON Schema, compiled strictly as a consumer would (draft-07, formats checked). */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { buildFleetSummaryJsonSchema } from '../../../src/fleet/summary/index.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

let compiled: ValidateFunction | undefined;

export function validateSummaryDocument(document: unknown): { readonly valid: boolean; readonly errors: string } {
  if (compiled === undefined) {
    const ajv = new Ajv({ allErrors: true, strict: true });
    addFormats(ajv);
    compiled = ajv.compile(buildFleetSummaryJsonSchema());
  }
  const valid = compiled(document);
  return { valid, errors: JSON.stringify(compiled.errors ?? []) };
}
