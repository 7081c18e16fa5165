/**
 * The environments file's format (paycfg.environments.yaml): one zod model, with the describe texts
 * that its JSON Schema (schemas/environments.schema.json) and its reference
 * (docs/environments-reference.md) are generated from. Every object is strict: an unknown key is an
 * error with a "did you mean" hint, as in a manifest.
 */
import { z } from 'zod';
import { strictEntry } from '../kinds/manifest-values.js';
import { VALUE } from '../manifest/issue-text.js';

/** An environment's name: what `--env` takes, plans, saved plans and journals record. */
export const ENVIRONMENT_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** A name `${NAME}` may refer to: as a manifest's variable reference takes it. */
export const VALUE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A process environment variable's name, as `{ env: NAME }` takes it. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const envSourceSchema = strictEntry({
  env: z
    .string({ error: `expected the name of an environment variable, got ${VALUE}` })
    .regex(VARIABLE_NAME, { error: `${VALUE} is not an environment variable name (letters, digits and _, not starting with a digit)` })
    .describe('The process environment variable to read, when the run needs the value: a CI secret, for instance. Unset or empty is an error (validate --allow-missing-env: a placeholder).'),
}).meta({ id: 'EnvSource', description: 'A value read from a process environment variable.' });

const fileSourceSchema = strictEntry({
  file: z
    .string({ error: `expected a file path, got ${VALUE}` })
    .min(1, { error: 'must not be empty' })
    .describe('A file whose content is the value (its trailing newline dropped), relative to the environments file. Unreadable or empty is an error (validate --allow-missing-env: a placeholder).'),
}).meta({ id: 'FileSource', description: 'A value read from a file: a mounted secret, for instance.' });

/** Where a value that is not written in the file comes from. */
export const valueSourceSchema = z
  .union([envSourceSchema, fileSourceSchema], { error: 'expected { env: NAME } or { file: PATH }' })
  .meta({ id: 'ValueSource', description: 'Where a value not written in the repository comes from: `{ env: NAME }` or `{ file: PATH }`.' });

/** A value of `values`: written in the file (text; a number or a boolean is taken as written), or read from a source. */
const valueSchema = z
  .union([z.string(), z.number(), z.boolean(), envSourceSchema, fileSourceSchema], { error: `expected text, { env: NAME } or { file: PATH }, got ${VALUE}` })
  .meta({
    id: 'Value',
    description:
      'Text, written here (a number or a boolean is taken as written: `007` stays `007`), or `{ env: NAME }` / `{ file: PATH }`. ' +
      'A value that feeds a secret field of a manifest (a terminal\'s deviceAdmin, and every field the manifest reference marks secret) must come from `{ env }` or `{ file }`: written here it is refused.',
  });

const serviceRecordSchema = (whose: string) =>
  z
    .string({ error: `expected the service record's file path, got ${VALUE}` })
    .min(1, { error: 'must not be empty' })
    .optional()
    .describe(
      `The service record ${whose} (what \`paycfg probe\` learnt of the service: whose lists a merchant's summary carries), relative to the environments file: ` +
        "plan, apply, drift, export, promote and diff-env read the live group with it, and `paycfg probe --env NAME` writes it. See docs/service-record.md.",
    );

export const environmentSchema = strictEntry({
  baseUrl: z
    .string({ error: `expected the service's base URL, got ${VALUE}` })
    .min(1, { error: 'must not be empty' })
    .describe('The service base URL of this environment (https://…, or http:// to this machine), as --base-url takes it.'),
  group: z
    .string({ error: `expected a group id, got ${VALUE}` })
    .regex(/^G-\d{8}$/, { error: `${VALUE} is not a group id (G- and 8 digits, e.g. G-00000001)` })
    .describe(
      'The group this environment manages. Its token must belong to it: the owner is read first, and a token of another group is refused before anything else is read. ' +
        'A manifest of the environment that pins another group is refused.',
    ),
  token: valueSourceSchema.describe('Where its access token comes from: `{ env: NAME }` or `{ file: PATH }`. Never the token itself.'),
  manifests: z
    .array(z.string({ error: `expected a file or directory path, got ${VALUE}` }).min(1, { error: 'must not be empty' }), {
      error: 'expected a list of manifest files or directories',
    })
    .min(1, { error: 'names no manifest: list its files or directories' })
    .describe(
      'The manifest files and directories it is made of, relative to the environments file, as -f takes them (directories are read recursively; the environments file itself is skipped). ' +
        'What is shared is written once, in files every environment lists.',
    ),
  journal: z
    .string({ error: `expected a file path, got ${VALUE}` })
    .min(1, { error: 'must not be empty' })
    .optional()
    .describe("Its journal, relative to the environments file: apply's default --journal (before $PAYCFG_JOURNAL), and what `paycfg journal --env NAME` reads."),
  serviceRecord: serviceRecordSchema("of this environment's service, in place of the file's top-level serviceRecord"),
  values: z
    .record(z.string().regex(VALUE_NAME, { error: `${VALUE} is not a value name (letters, digits and _, not starting with a digit)` }), valueSchema)
    .default(() => ({}))
    .describe(
      'What `${NAME}` in its manifests expands to. A name its manifests use must be declared here (a default written `${NAME:-…}` does not stand in): ' +
        'the process environment is read only through `{ env: NAME }`, so a value of one environment never reaches another.',
    ),
}).meta({ id: 'Environment', description: 'One environment: where the service is, the group, its token, its manifests and its values.' });

export const environmentsFileSchema = strictEntry({
  version: z
    .literal(1, {
      error: (issue) => (issue.input === undefined ? undefined : `unsupported environments file format version ${VALUE}; this paycfg reads version 1`),
    })
    .describe('Format version: 1.'),
  serviceRecord: serviceRecordSchema('of every environment that names none of its own'),
  environments: z
    .record(
      z.string().regex(ENVIRONMENT_NAME, { error: `${VALUE} is not an environment name (a lowercase letter, then up to 31 lowercase letters, digits, - and _)` }),
      environmentSchema,
    )
    .refine((environments) => Object.keys(environments).length > 0, { error: 'names no environment' })
    .describe('The environments, by name (a lowercase letter, then up to 31 lowercase letters, digits, - and _): what --env takes.'),
}).describe('The environments of a paycfg repository (paycfg.environments.yaml): each a service, a group, a token source, its manifests and its values.');

export type EnvironmentsFileInput = z.infer<typeof environmentsFileSchema>;
export type EnvironmentInput = z.infer<typeof environmentSchema>;

/**
 * The JSON Schema of the environments file, for editors (yaml-language-server modeline) and
 * checks: what may be written (zod's input side), draft-07 as the manifest's.
 */
export function buildEnvironmentsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(environmentsFileSchema, { target: 'draft-7', io: 'input', unrepresentable: 'throw' });
  return {
    $schema: schema['$schema'],
    title: 'paycfg environments file',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
