/**
 * The fleet file's format (paycfg.fleet.yaml), and the entries of a JSON list of targets: one zod
 * model, with the describe texts its JSON Schema (schemas/fleet.schema.json) is generated from.
 * Every object is strict: an unknown key is an error with a "did you mean" hint, as in a manifest.
 * A target is an environment (src/environments/model.ts): its name, group and values follow that
 * format; the template is an environment's fields, with placeholders.
 */
import { z } from 'zod';
import { environmentSchema, ENVIRONMENT_NAME, VALUE_NAME } from '../../environments/model.js';
import { strictEntry } from '../../kinds/manifest-values.js';
import { VALUE } from '../../manifest/issue-text.js';
import { MALFORMED_PLACEHOLDER, wellFormedPlaceholders } from './placeholders.js';

/** A label's key, as `--label KEY=VALUE` and a CSV's `label:KEY` column take it. */
export const LABEL_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,62}$/;

/** An environment variable's name that may hold placeholders: `PAYCFG_TOKEN_{{TOKEN_VAR}}`. */
const TEMPLATE_VARIABLE = /^(?:[A-Za-z0-9_]|\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\})+$/;

const PLACEHOLDERS_NOTE = ' {{name}}, {{group}} and {{VALUE}} (a value written for the target) are filled per target.';

/** Text of the template (a base URL, a path) that may hold placeholders. */
function templateText(what: string) {
  return z
    .string({ error: `expected ${what}, got ${VALUE}` })
    .min(1, { error: 'must not be empty' })
    .refine(wellFormedPlaceholders, { error: MALFORMED_PLACEHOLDER });
}

const templateEnvSourceSchema = strictEntry({
  env: z
    .string({ error: `expected the name of an environment variable, got ${VALUE}` })
    .regex(TEMPLATE_VARIABLE, { error: `${VALUE} is not an environment variable name (letters, digits, _ and {{…}} placeholders)` })
    .describe(`The process environment variable to read, when the run needs the value.${PLACEHOLDERS_NOTE} Filled, it must be a variable name (letters, digits and _, not starting with a digit).`),
}).meta({ id: 'TemplateEnvSource', description: 'A value read from a process environment variable, its name possibly made of placeholders.' });

const templateFileSourceSchema = strictEntry({
  file: templateText('a file path').describe(`A file whose content is the value (its trailing newline dropped), relative to the fleet file.${PLACEHOLDERS_NOTE}`),
}).meta({ id: 'TemplateFileSource', description: 'A value read from a file (a mounted secret), its path possibly made of placeholders.' });

/** Where a value not written in the repository comes from; its name or path may hold placeholders. */
export const templateSourceSchema = z
  .union([templateEnvSourceSchema, templateFileSourceSchema], { error: 'expected { env: NAME } or { file: PATH }' })
  .meta({ id: 'TemplateSource', description: 'Where a value not written in the repository comes from: `{ env: NAME }` or `{ file: PATH }`, placeholders allowed in NAME and PATH.' });

/** A value of `values`: the branches in the environments file's order (text, number, boolean, then the sources), which its issue wording relies on. */
const valueSchema = z
  .union([z.string(), z.number(), z.boolean(), templateEnvSourceSchema, templateFileSourceSchema], { error: `expected text, { env: NAME } or { file: PATH }, got ${VALUE}` })
  .meta({
    id: 'FleetValue',
    description:
      'Text, written here (a number or a boolean is taken as written: `007` stays `007`), or `{ env: NAME }` / `{ file: PATH }` (placeholders allowed in NAME and PATH). ' +
      'Only a written value fills a {{VALUE}} placeholder. A value that feeds a secret field of a manifest must come from `{ env }` or `{ file }`: written, it is refused.',
  });

const valuesSchema = z
  .record(z.string().regex(VALUE_NAME, { error: `${VALUE} is not a value name (letters, digits and _, not starting with a digit)` }), valueSchema)
  .optional();

const manifestsSchema = z
  .array(templateText('a file or directory path'), { error: 'expected a list of manifest files or directories' })
  .min(1, { error: 'names no manifest: list its files or directories' });

const baseUrlSchema = templateText("the service's base URL");

export const templateSchema = strictEntry({
  baseUrl: baseUrlSchema.optional().describe(`The service base URL of every target (https://…, or http:// to this machine).${PLACEHOLDERS_NOTE}`),
  token: templateSourceSchema
    .optional()
    .describe('Where each target\'s access token comes from: `{ env: NAME }` or `{ file: PATH }`, never the token itself; each group has its own, so NAME or PATH names the target: `{ file: /var/run/secrets/paycfg/{{group}} }`.'),
  manifests: manifestsSchema
    .optional()
    .describe(`The manifest files and directories every target is made of, relative to the fleet file, as -f takes them.${PLACEHOLDERS_NOTE}`),
  journal: templateText('a file path')
    .optional()
    .describe(`Each target's journal, relative to the fleet file: apply's default --journal. It must name the target (journals/{{name}}.jsonl): two targets never share one.${PLACEHOLDERS_NOTE}`),
  values: valuesSchema.describe(
    "Defaults of every target's values (what `${NAME}` in its manifests expands to); a target's own value of a name wins. A written value here is taken as written: no placeholder in it.",
  ),
}).meta({ id: 'FleetTemplate', description: "What every target is, but for its name, group and values: an environment's fields, with placeholders." });

const labelsSchema = z
  .record(
    z.string().regex(LABEL_KEY, { error: `${VALUE} is not a label key (a letter or digit, then letters, digits, ., _, / and -; at most 63)` }),
    z.union([z.string(), z.number(), z.boolean()], { error: `expected text, got ${VALUE}` }),
  )
  .optional()
  .describe('Labels a run selects targets by (`--label tier=gold`).');

/** One target: in the fleet file's `targets`, or an entry of a JSON list. */
export const targetSchema = strictEntry({
  name: z
    .string({ error: `expected the target's name, got ${VALUE}` })
    .regex(ENVIRONMENT_NAME, { error: `${VALUE} is not a target name: a target is an environment, named by a lowercase letter, then up to 31 lowercase letters, digits, - and _` })
    .describe('The target\'s name: an environment\'s name (a lowercase letter, then up to 31 lowercase letters, digits, - and _), what --target, saved plans and journals name it by.'),
  group: environmentSchema.shape.group.describe('The group this target manages (G- and 8 digits). Its token must belong to it.'),
  labels: labelsSchema,
  values: valuesSchema.describe("This target's values: they win over the template's of the same name."),
  baseUrl: baseUrlSchema.optional().describe("This target's service base URL, instead of the template's."),
  token: templateSourceSchema.optional().describe("Where this target's token comes from, instead of the template's."),
  manifests: manifestsSchema.optional().describe("This target's manifests, instead of the template's, relative to the fleet file."),
}).meta({ id: 'FleetTarget', description: 'One target: a group, named as an environment, with its labels and values.' });

/** A JSON list of targets: what a PBO's system exports. */
export const targetListSchema = z.array(targetSchema, { error: 'expected a list of targets: [{"name": …, "group": …}, …]' });

export const fleetFileSchema = strictEntry({
  version: z
    .literal(1, { error: (issue) => (issue.input === undefined ? undefined : `unsupported fleet file format version ${VALUE}; this paycfg reads version 1`) })
    .describe('Format version: 1.'),
  template: templateSchema.optional().describe('What every target is, but for its name, group and values: its baseUrl, token, manifests, journal and default values, with placeholders.'),
  targets: z.array(targetSchema, { error: 'expected a list of targets' }).optional().describe('Targets written here, each a mapping (name, group, labels, values, and what it takes instead of the template\'s).'),
  targetsFrom: z
    .array(
      z
        .string({ error: `expected a file path, got ${VALUE}` })
        .regex(/\.(csv|json)$/i, { error: `${VALUE} is neither a CSV (.csv) nor a JSON (.json) list of targets` }),
      { error: 'expected a list of files' },
    )
    .optional()
    .describe('Lists of targets a PBO\'s systems already have, relative to the fleet file: CSV (name, group, a `label:KEY` column per label, a column per value) or JSON ([{name, group, labels?, values?, …}]).'),
}).describe('A fleet of groups run as one (paycfg.fleet.yaml): a template of an environment and its targets, written here or listed in CSV or JSON files.');

export type FleetFileInput = z.infer<typeof fleetFileSchema>;
export type TemplateInput = z.infer<typeof templateSchema>;
export type TargetInput = z.infer<typeof targetSchema>;
export type TemplateSourceInput = z.infer<typeof templateSourceSchema>;

/**
 * The JSON Schema of the fleet file, for editors (yaml-language-server modeline) and checks: what
 * may be written (zod's input side), draft-07 as the environments file's.
 */
export function buildFleetJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(fleetFileSchema, { target: 'draft-7', io: 'input', unrepresentable: 'throw' });
  return {
    $schema: schema['$schema'],
    title: 'paycfg fleet file',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
