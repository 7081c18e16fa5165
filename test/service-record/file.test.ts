/**
 * The service record's file: written atomically with its modeline and header, read back as the
 * same record with the sha256 of its bytes, and refused with every problem at its file:line:col.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadServiceRecord, serviceRecordText, writeServiceRecord } from '../../src/service-record/file.js';
import { ServiceRecordError } from '../../src/service-record/errors.js';
import { buildServiceRecordJsonSchema } from '../../src/service-record/model.js';
import { BINDING_RECORD } from './fixture.js';


function workspace(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-record-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

async function problems(text: string): Promise<string[]> {
  const dir = workspace({ 'paycfg.service.yaml': text });
  const error = await loadServiceRecord('paycfg.service.yaml', dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceRecordError);
  const { message, details } = error as ServiceRecordError;
  expect(message).toMatch(/^the service record paycfg\.service\.yaml (is invalid|cannot be read) \(\d+ errors?\):\n/);
  expect((details as { diagnostics: unknown[] }).diagnostics).toHaveLength(message.split('\n').length - 1);
  return message.split('\n').slice(1);
}

const GOOD = serviceRecordText(BINDING_RECORD);

describe('the service record file', () => {
  it('is written with the header and the fields in a stable order, and reads back as the same record', async () => {
    const dir = workspace();
    const file = path.join(dir, 'config', 'paycfg.service.yaml');
    await writeServiceRecord(file, BINDING_RECORD);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n').slice(0, 6)).toEqual([
      expect.stringMatching(/^# yaml-language-server: \$schema=\S+service-record\.schema\.json$/),
      '# paycfg service record: what paycfg learnt of the service where its reference is silent.',
      '# Written by `paycfg probe`; plan, apply, drift and export read it. Establish it again with `paycfg probe`.',
      'version: 1',
      "summaryLists: binding # a merchant's acquirers[] items carry the binding's own lists",
      'evidence:',
    ]);
    expect(text).toContain('  profileLists: { MASTERCARD: [ 12 ], VISA: [ 11 ] }\n');
    expect(text).toContain('    - "DELETE /api/openapi/v1/mchInfo/M00000042: remove the scratch merchant"\n');
    // Nothing but the record is left in the directory (the temporary file is renamed into place).
    expect(readdirSync(path.dirname(file))).toEqual(['paycfg.service.yaml']);

    const loaded = await loadServiceRecord('config/paycfg.service.yaml', dir);
    expect(loaded.record).toEqual(BINDING_RECORD);
    expect(loaded.file).toBe('config/paycfg.service.yaml');
    expect(loaded.sha256).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
    // The same record is the same text: its hash names it.
    expect(serviceRecordText({ ...BINDING_RECORD, evidence: { ...BINDING_RECORD.evidence, profileLists: { MASTERCARD: [12], VISA: [11] } } })).toBe(GOOD);
  });

  it('points its modeline at the schema the model gives, which accepts what it writes', () => {
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(buildServiceRecordJsonSchema());
    expect(validate(parse(GOOD))).toBe(true);
    const profile = serviceRecordText({ ...BINDING_RECORD, summaryLists: 'profile', evidence: { ...BINDING_RECORD.evidence, method: 'live-group', writes: [] } });
    expect(profile).toContain("summaryLists: profile # a merchant's acquirers[] items carry the bound profile's lists\n");
    expect(profile).toContain('  writes: []\n');
    expect(validate(parse(profile))).toBe(true);
  });

  it('refuses bad YAML at its line and column', async () => {
    expect(await problems('version: 1\nsummaryLists: [binding\n')).toEqual([expect.stringMatching(/^paycfg\.service\.yaml:\d+:\d+: invalid YAML: /)]);
  });

  it('refuses bad fields each at its place, an unknown key with the key meant', async () => {
    const text = GOOD.replace('summaryLists: binding', 'summaryLists: bindings')
      .replace('  group: G-00000001', '  group: G-1')
      .replace('  currency: USD', '  curency: USD');
    expect(await problems(text)).toEqual([
      'paycfg.service.yaml:4:15: summaryLists: must be "binding" or "profile", got "bindings"',
      'paycfg.service.yaml:6:3: evidence.currency: required field is missing',
      'paycfg.service.yaml:7:10: evidence.group: "G-1" is not a group id (G- and 8 digits, e.g. G-00000001)',
      'paycfg.service.yaml:13:3: evidence.curency: unknown key "curency" (did you mean "currency"?)',
    ]);
  });

  it('says what a record starts with when the version is missing, and refuses another version', async () => {
    expect(await problems(GOOD.replace('version: 1\n', ''))).toEqual([
      'paycfg.service.yaml:1:1: version: required field is missing; a service record starts with "version: 1", then summaryLists: and evidence: (`paycfg probe` writes it)',
    ]);
    expect(await problems(GOOD.replace('version: 1\n', 'version: 2\n'))).toEqual(['paycfg.service.yaml:3:10: version: unsupported service record format version 2; this paycfg reads version 1']);
  });

  it('refuses an empty file and a missing one, naming the file', async () => {
    expect(await problems('# nothing\n')).toEqual([expect.stringMatching(/^paycfg\.service\.yaml:1:1: file is empty; a service record starts with/)]);
    const error = await loadServiceRecord('missing.yaml', workspace()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceRecordError);
    expect((error as Error).message).toBe('the service record missing.yaml cannot be read (1 error):\nmissing.yaml:1:1: no such file');
  });

  it('refuses a file it cannot write, naming it', async () => {
    const dir = workspace({ 'taken': 'a file, not a directory\n' });
    const error = await writeServiceRecord(path.join(dir, 'taken', 'paycfg.service.yaml'), BINDING_RECORD).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceRecordError);
    expect((error as Error).message).toMatch(/^cannot write the service record .*taken\/paycfg\.service\.yaml: /);
  });
});
