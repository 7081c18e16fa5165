import { z } from 'zod';
import { manifestSchema } from './model.js';

/**
 * The JSON Schema of one manifest file, for editor completion and checks (yaml-language-server
 * modeline). It describes what may be written (zod's input side): `1` for `"01"`, a string for
 * `enablerParams`. Draft-07, which every YAML editor integration understands.
 */
export function buildManifestJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(manifestSchema, { target: 'draft-7', io: 'input', unrepresentable: 'throw' });
  return {
    $schema: schema['$schema'],
    title: 'paycfg manifest',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
