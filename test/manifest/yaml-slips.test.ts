/**
 * The YAML slips a person makes while typing a manifest, as `paycfg validate` reports them: one
 * error per slip (not the cascade the parser finds after it), at the slip, with the fix in words.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { EXAMPLES_ENV } from '../helpers/example-secrets.js';

const BASIC = readFileSync(fileURLToPath(new URL('../../examples/basic/paycfg.yaml', import.meta.url)), 'utf8');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-slips-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** examples/basic with one line changed, validated as a user would. */
async function validateWith(from: string, to: string): Promise<{ code: number; err: string; line: number }> {
  expect(BASIC).toContain(from);
  const text = BASIC.replace(from, to);
  await writeFile(path.join(dir, 'm.yaml'), text);
  const io = captureIo({ cwd: dir, env: EXAMPLES_ENV });
  const code = await main(['validate', '-f', 'm.yaml'], io);
  const line = text.slice(0, text.indexOf(to)).split('\n').length;
  return { code, err: io.err(), line };
}

describe('validate on a YAML slip', () => {
  it('reports a tab in the indentation once, at the tab, saying to use spaces', async () => {
    const { code, err, line } = await validateWith('    mchName: Coffee Shop', '\tmchName: Coffee Shop');
    expect(code).toBe(1);
    expect(err).toBe(
      `m.yaml:${line}:1: invalid YAML: a tab in the indentation; YAML does not allow tabs for indentation: use spaces\n` +
        'manifest invalid: 1 error in 1 file\n',
    );
  });

  it('points at a tab that follows spaces in the indentation', async () => {
    const { err, line } = await validateWith('    contactName: Jane Doe', '  \t  contactName: Jane Doe');
    expect(err).toBe(
      `m.yaml:${line}:3: invalid YAML: a tab in the indentation; YAML does not allow tabs for indentation: use spaces\n` +
        'manifest invalid: 1 error in 1 file\n',
    );
  });

  it('reports a missing "]" once, where the list opened', async () => {
    const { code, err, line } = await validateWith('enablerParams: [tid, mid]', 'enablerParams: [tid, mid');
    expect(code).toBe(1);
    const col = '    enablerParams: ['.length;
    expect(err).toBe(
      `m.yaml:${line}:${col}: invalid YAML: this "[" opens a list that is not closed: a "]" is missing, or the lines after it are not indented deeper than this one\n` +
        'manifest invalid: 1 error in 1 file\n',
    );
  });

  it('takes a list closed on a later, deeper line for closed', async () => {
    const text = BASIC.replace('enablerParams: [tid, mid]', 'enablerParams: [tid,\n      mid]').replace('    contactName: Jane Doe', '    contactName Jane Doe');
    await writeFile(path.join(dir, 'm.yaml'), text);
    const io = captureIo({ cwd: dir, env: EXAMPLES_ENV });
    expect(await main(['validate', '-f', 'm.yaml'], io)).toBe(1);
    const line = text.slice(0, text.indexOf('    contactName Jane Doe')).split('\n').length;
    expect(io.err()).toBe(`m.yaml:${line}:5: invalid YAML: a key needs a colon: "contactName: value", not "contactName value"\nmanifest invalid: 1 error in 1 file\n`);
  });

  it('reports a stray "]" once, at it', async () => {
    const { err, line } = await validateWith('enablerParams: [tid, mid]', 'enablerParams: [tid, mid]]');
    expect(err).toBe(`m.yaml:${line}:${'    enablerParams: [tid, mid]]'.length}: invalid YAML: this "]" closes no "["; remove it\nmanifest invalid: 1 error in 1 file\n`);
  });

  it('names the key that has no colon after it, and never quotes the value', async () => {
    const { code, err, line } = await validateWith('    contactName: Jane Doe', '    contactName Jane Doe');
    expect(code).toBe(1);
    expect(err).toBe(`m.yaml:${line}:5: invalid YAML: a key needs a colon: "contactName: value", not "contactName value"\nmanifest invalid: 1 error in 1 file\n`);
    expect(err).not.toContain('Jane');
  });

  it('names a colonless key at the end of its mapping too', async () => {
    const { err, line } = await validateWith('    state: 1\n', '    state 1\n');
    expect(err).toBe(`m.yaml:${line}:5: invalid YAML: a key needs a colon: "state: value", not "state value"\nmanifest invalid: 1 error in 1 file\n`);
  });

  it('keeps the parser\'s words, once, for a slip it cannot name', async () => {
    // One space short: the parser then finds every later line of the merchant misaligned as well.
    const { err, line } = await validateWith('    mcc: "5814"', '   mcc: "5814"');
    expect(err).toBe(`m.yaml:${line}:1: invalid YAML: sequence item without - indicator\nmanifest invalid: 1 error in 1 file\n`);
  });
});
