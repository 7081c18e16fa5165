import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { InternalError } from '../errors.js';
import { WIRE_SCHEMA_DIR } from '../package-files.js';

/**
 * Validators for the wire records, compiled once from the schemas in schemas/api/: the five kinds'
 * records (and the legacy API's EMV config, profile, merchant and device) are generated from the kinds' field facts by
 * `npm run schemas`, the others are written by hand.
 * They back `--strict-api` and the contract tests; without strict mode only the shapes the client
 * itself depends on (envelope, page) are checked.
 */

const BASE_ID = 'https://paycfg.dev/schemas/api/';

/** Record kinds with a schema file of the same name. */
export const recordSchemas = [
  'owner-info',
  'acquirer-profile',
  'emv-config',
  'merchant',
  'binding-record',
  'device',
  'device-emv',
  'id-result',
  'device-created',
  'transaction',
  'transaction-detail',
  'void-result',
  'settlement-batch',
  'settlement-batch-detail',
  'legacy-merchant',
  'legacy-device',
  'legacy-device-created',
  'legacy-acquirer-profile',
  'legacy-emv-config',
] as const;
export type RecordSchemaName = (typeof recordSchemas)[number];

/** What one endpoint's `data` must look like. */
export type DataShape =
  | { kind: 'none' }
  | { kind: 'record'; schema: RecordSchemaName; nullable?: boolean }
  | { kind: 'page'; schema: RecordSchemaName };

export interface SchemaMismatch {
  /** JSON pointer into the validated value. */
  pointer: string;
  problem: string;
}

interface Compiled {
  envelope: ValidateFunction;
  records: Map<RecordSchemaName, ValidateFunction>;
  pages: Map<RecordSchemaName, ValidateFunction>;
}

let compiled: Compiled | undefined;

function compile(): Compiled {
  const ajv = new Ajv2020({ allErrors: false, strict: true, allowUnionTypes: true });
  const files = readdirSync(WIRE_SCHEMA_DIR).filter((name) => name.endsWith('.schema.json'));
  for (const file of files) {
    ajv.addSchema(JSON.parse(readFileSync(join(WIRE_SCHEMA_DIR, file), 'utf8')) as object);
  }
  const get = (name: string): ValidateFunction => {
    const validate = ajv.getSchema(`${BASE_ID}${name}.schema.json`);
    if (validate === undefined) throw new InternalError(`wire schema ${name}.schema.json is missing from schemas/api`);
    return validate;
  };
  const records = new Map<RecordSchemaName, ValidateFunction>();
  const pages = new Map<RecordSchemaName, ValidateFunction>();
  for (const name of recordSchemas) {
    records.set(name, get(name));
    pages.set(
      name,
      ajv.compile({
        $id: `${BASE_ID}page-of-${name}`,
        type: 'object',
        allOf: [{ $ref: 'page.schema.json' }],
        properties: { records: { type: 'array', items: { $ref: `${name}.schema.json` } } },
      }),
    );
  }
  return { envelope: get('envelope'), records, pages };
}

function validators(): Compiled {
  try {
    compiled ??= compile();
  } catch (error) {
    if (error instanceof InternalError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new InternalError(`the wire schemas in schemas/api do not compile: ${reason}`);
  }
  return compiled;
}

function firstMismatch(errors: ErrorObject[] | null | undefined): SchemaMismatch {
  const error = errors?.[0];
  if (error === undefined) return { pointer: '', problem: 'does not match its schema' };
  let pointer = error.instancePath;
  let problem = error.message ?? 'does not match its schema';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params['missingProperty'] === 'string') {
    pointer = `${pointer}/${params['missingProperty']}`;
    problem = 'required property is missing';
  } else if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    problem = `must be one of ${params['allowedValues'].map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (error.keyword === 'const') {
    problem = `must be ${JSON.stringify(params['allowedValue'])}`;
  }
  return { pointer, problem };
}

/** Checks a parsed response body against the envelope schema. */
export function checkEnvelope(body: unknown): SchemaMismatch | undefined {
  const validate = validators().envelope;
  return validate(body) ? undefined : firstMismatch(validate.errors);
}

/** Checks `data` of a response; pointers are relative to the response body (they start at /data). */
export function checkData(shape: DataShape, data: unknown): SchemaMismatch | undefined {
  if (shape.kind === 'none') return undefined;
  if (shape.kind === 'record' && shape.nullable === true && (data === null || data === undefined)) return undefined;
  const all = validators();
  const validate = shape.kind === 'page' ? all.pages.get(shape.schema) : all.records.get(shape.schema);
  if (validate === undefined) throw new InternalError(`no validator for wire schema ${shape.schema}`);
  if (data === undefined) return { pointer: '/data', problem: 'required property is missing' };
  if (validate(data)) return undefined;
  const mismatch = firstMismatch(validate.errors);
  return { pointer: `/data${mismatch.pointer}`, problem: mismatch.problem };
}
