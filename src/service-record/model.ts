/**
 * The service record's format (paycfg.service.yaml): one zod model, with the describe texts its
 * JSON Schema (schemas/service-record.schema.json) is generated from. Every object is strict: an
 * unknown key is an error with a "did you mean" hint, as in the environments file. The types the
 * rest of paycfg holds a record by are types.ts's; this model checks that a file is one.
 */
import { z } from 'zod';
import { strictEntry } from '../kinds/manifest-values.js';
import { VALUE } from '../manifest/issue-text.js';
import { SUMMARY_LISTS } from './types.js';

const summaryListsSchema = z
  .enum(SUMMARY_LISTS, { error: `must be "binding" or "profile", got ${VALUE}` })
  .describe(
    "Whose lists a merchant's acquirers[] summary items carry: binding (the binding's own payment methods and EMV ids) " +
      "or profile (the bound profile's methodList and emvList as they stand).",
  );

/** Payment method code → EMV config ids, as the service numbers them. */
const emvIdsByMethodSchema = (what: string) =>
  z
    .record(
      z.string().min(1, { error: 'a payment method code must not be empty' }),
      z.array(z.number({ error: `expected an EMV config id, got ${VALUE}` }).int({ error: `expected an EMV config id, got ${VALUE}` }), {
        error: `expected a list of EMV config ids, got ${VALUE}`,
      }),
      { error: `expected a mapping of payment method code to EMV config ids, got ${VALUE}` },
    )
    .describe(what);

const merchantSchema = strictEntry({
  mchId: z.string({ error: `expected the merchant's mchId, got ${VALUE}` }).min(1, { error: 'must not be empty' }).describe("The merchant's mchId."),
  providerReference: z
    .string({ error: `expected a providerReference, got ${VALUE}` })
    .min(1, { error: 'must not be empty' })
    .optional()
    .describe('Its providerReference, when it has one (a scratch merchant of `paycfg probe`: paycfg-probe-…).'),
}).meta({ id: 'ProbedMerchant', description: 'The merchant whose summary was read.' });

const profileSchema = strictEntry({
  profileId: z.number({ error: `expected a profile id, got ${VALUE}` }).int({ error: `expected a profile id, got ${VALUE}` }).describe("The profile's id."),
  profileName: z.string({ error: `expected a profile name, got ${VALUE}` }).min(1, { error: 'must not be empty' }).describe("The profile's name."),
}).meta({ id: 'ProbedProfile', description: 'The profile the merchant is bound to.' });

const evidenceSchema = strictEntry({
  baseUrl: z
    .string({ error: `expected the service's base URL, got ${VALUE}` })
    .url({ error: `${VALUE} is not a URL` })
    .describe('The service the reading was learnt at, without user info, query or fragment.'),
  group: z
    .string({ error: `expected a group id, got ${VALUE}` })
    .regex(/^G-\d{8}$/, { error: `${VALUE} is not a group id (G- and 8 digits, e.g. G-00000001)` })
    .describe('The group the summary was read in.'),
  at: z.iso.datetime({ error: `${VALUE} is not a time in ISO 8601 (e.g. 2026-11-28T20:00:00.000Z)` }).describe('When the summary was read (ISO 8601).'),
  paycfgVersion: z.string({ error: `expected a version, got ${VALUE}` }).min(1, { error: 'must not be empty' }).describe('The paycfg that read it.'),
  method: z
    .enum(['live-group', 'scratch-merchant'], { error: `must be "live-group" or "scratch-merchant", got ${VALUE}` })
    .describe(
      'How the reading was established: live-group (a binding of the group already differed from its profile: read, nothing written) or ' +
        'scratch-merchant (a merchant made for the purpose, bound to part of a profile, its summary read, and removed again).',
    ),
  merchant: merchantSchema,
  profile: profileSchema,
  currency: z
    .string({ error: `expected a currency code, got ${VALUE}` })
    .regex(/^[A-Z]{3}$/, { error: `${VALUE} is not a currency code (three capital letters, e.g. USD)` })
    .describe("The binding's currency."),
  bindingLists: emvIdsByMethodSchema("The binding's payment methods and EMV ids, as its binding record (GET /mchInfo/payment/{mchId}) says."),
  profileLists: emvIdsByMethodSchema("The profile's payment methods and EMV ids, as the profile list says."),
  summaryLists: emvIdsByMethodSchema("The summary item's payment methods and EMV ids, as the merchant's acquirers[] says."),
  writes: z
    .array(z.string({ error: `expected a write, as "METHOD /path: what", got ${VALUE}` }), { error: `expected a list of writes, got ${VALUE}` })
    .describe('Each write sent, in order, as "METHOD /path: what" (none for live-group).'),
}).meta({ id: 'ProbeEvidence', description: 'What was read, so that a reviewer of the record can see why it says what it says. Never a secret.' });

export const serviceRecordSchema = strictEntry({
  version: z
    .literal(1, {
      error: (issue) => (issue.input === undefined ? undefined : `unsupported service record format version ${VALUE}; this paycfg reads version 1`),
    })
    .describe('Format version: 1.'),
  summaryLists: summaryListsSchema,
  evidence: evidenceSchema,
}).describe(
  'The service record (paycfg.service.yaml): what paycfg learnt of the service where its reference is silent. ' +
    'Written by `paycfg probe`; plan, apply, drift, export, promote and diff-env read it.',
);

export type ServiceRecordInput = z.infer<typeof serviceRecordSchema>;

/** The JSON Schema of the service record, for editors (yaml-language-server modeline) and checks: draft-07, as the environments file's. */
export function buildServiceRecordJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(serviceRecordSchema, { target: 'draft-7', io: 'input', unrepresentable: 'throw' });
  return {
    $schema: schema['$schema'],
    title: 'paycfg service record',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}
