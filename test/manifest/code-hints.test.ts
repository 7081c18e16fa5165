/**
 * Country and currency codes a person writes from habit (UK, EL, lower case), as `paycfg validate`
 * reports them: each with the code to write instead.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-codes-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The one error `validate` prints for a merchant with these codes (line 7 is currency, line 11 country). */
async function errorsFor(country: string, currency = 'USD'): Promise<string> {
  const text = [
    'version: 1',
    'group: G-00000001',
    'merchants:',
    '  - providerReference: coffee-001',
    '    mchName: Coffee Shop',
    '    mcc: "5814"',
    `    currency: ${currency}`,
    '    contactName: Jane Doe',
    '    contactEmail: jane@coffee.example',
    '    state: 1',
    `    country: ${country}`,
    '',
  ].join('\n');
  await writeFile(path.join(dir, 'm.yaml'), text);
  const io = captureIo({ cwd: dir, env: {} });
  await main(['validate', '-f', 'm.yaml'], io);
  return io.err();
}

describe('validate on a country or currency code written from habit', () => {
  it('answers UK with GB, the United Kingdom\'s code', async () => {
    expect(await errorsFor('UK')).toBe(
      'm.yaml:11:14: merchants[0].country: "UK" is not an ISO 3166-1 alpha-2 code: did you mean "GB" (the United Kingdom)?\nmanifest invalid: 1 error in 1 file\n',
    );
  });

  it.each([
    ['EL', 'GR', 'Greece'],
    ['FX', 'FR', 'France'],
    ['IC', 'ES', 'Spain, of which the Canary Islands are part'],
    ['uk', 'GB', 'the United Kingdom'],
  ])('answers the exceptionally reserved %s with %s', async (written, meant, name) => {
    expect(await errorsFor(written)).toContain(`"${written}" is not an ISO 3166-1 alpha-2 code: did you mean "${meant}" (${name})?\n`);
  });

  it('gives the capitals of a code written in small letters', async () => {
    expect(await errorsFor('Us', 'usd')).toBe(
      'm.yaml:7:15: merchants[0].currency: "usd" is not an ISO 4217 currency code (three capital letters, e.g. USD); write it "USD"\n' +
        'm.yaml:11:14: merchants[0].country: "Us" is not an ISO 3166-1 alpha-2 country code (two capital letters, e.g. US); write it "US"\n' +
        'manifest invalid: 2 errors in 1 file\n',
    );
  });

  it('guesses nothing for a code that is no code at all', async () => {
    expect(await errorsFor('GX')).toBe(
      'm.yaml:11:14: merchants[0].country: "GX" is not an ISO 3166-1 alpha-2 country code (two capital letters, e.g. US)\nmanifest invalid: 1 error in 1 file\n',
    );
  });
});
