import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../src/api/index.js';
import { ExportFileExistsError, ExportOutputError, exportGroup, INSTALLED_SCHEMA_PATH, MANIFEST_SCHEMA_FILE, type ExportTarget } from '../../src/export/index.js';
import { startTestSimulator, TEST_GROUP, type TestSimulator } from '../helpers/simulator.js';

/**
 * Where export writes, against the simulator over HTTP: `-o FILE` never replaces a file without
 * `force` (checked before the first request and again when writing), and the schema modeline is a
 * relative path that works in any checkout.
 */

let sim: TestSimulator;
let work: string;
const open: ApiClient[] = [];

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.api('POST', '/api/openapi/v1/emv', {
    emvName: 'visa-usd',
    paymentMethod: '01',
    currency: 'USD',
    params: JSON.stringify({ aid: 'A0000000031010' }),
  });
  work = mkdtempSync(join(tmpdir(), 'paycfg-export-target-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await sim.close();
  rmSync(work, { recursive: true, force: true });
});

function client(options: Partial<ApiClientOptions> = {}): ApiClient {
  const made = createApiClient({ baseUrl: sim.url, token: sim.token(TEST_GROUP), ...options });
  open.push(made);
  return made;
}

function run(target: ExportTarget, api: ApiClient = client(), cwd = work) {
  return exportGroup({ client: api, concurrency: 2, assignReferences: false, target, cwd });
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the export to be refused');
    },
    (error: unknown) => error as Error,
  );
}

describe('export -o FILE', () => {
  it('refuses an existing file without force, naming it and --force, before any request', async () => {
    const file = join(work, 'kept.yaml');
    writeFileSync(file, 'hand-written: true\n');
    const api = client();
    const error = await refusal(run({ kind: 'file', path: 'kept.yaml' }, api));
    expect(error).toBeInstanceOf(ExportFileExistsError);
    expect(error).toBeInstanceOf(ExportOutputError);
    expect(error.message).toBe(`${file} already exists; export does not replace a file. Pass --force to replace it, or choose another file.`);
    expect((error as ExportFileExistsError).toJSON()).toEqual({ code: 'EXPORT_FILE_EXISTS', message: error.message, details: { path: file } });
    expect(api.stats().requests).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('hand-written: true\n');
  });

  it('replaces it with force', async () => {
    const file = join(work, 'replaced.yaml');
    writeFileSync(file, 'old: true\n');
    const result = await run({ kind: 'file', path: file, force: true });
    expect(result.written).toEqual([file]);
    expect(readFileSync(file, 'utf8')).toContain('emvName: visa-usd');
  });

  it('writes a file that does not exist, force or not', async () => {
    const result = await run({ kind: 'file', path: 'new.yaml' });
    expect(result.diagnostics).toEqual([]);
    expect(readFileSync(join(work, 'new.yaml'), 'utf8')).toContain('group: G-00000001');
  });

  it('refuses a file that appears while the group is read: the write checks again', async () => {
    const file = join(work, 'appeared.yaml');
    const api = client({
      onRequest: () => {
        if (!existsSync(file)) writeFileSync(file, 'written meanwhile\n');
      },
    });
    const error = await refusal(run({ kind: 'file', path: file }, api));
    expect(error).toBeInstanceOf(ExportFileExistsError);
    expect(api.stats().requests).toBeGreaterThan(0);
    expect(readFileSync(file, 'utf8')).toBe('written meanwhile\n');
    expect(readdirSync(work).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a directory, even with force', async () => {
    mkdirSync(join(work, 'a-dir'));
    const error = await refusal(run({ kind: 'file', path: 'a-dir' }));
    expect(error).toBeInstanceOf(ExportOutputError);
    expect(error.message).toContain('is a directory; -o writes one file (--out-dir writes a folder)');
    const forced = await refusal(run({ kind: 'file', path: 'a-dir', force: true }));
    expect(forced).toBeInstanceOf(ExportOutputError);
  });
});

describe('the schema modeline export writes', () => {
  const modeline = (text: string): string => /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)?.[1] ?? '';

  it('outside the project that holds the schema: the installed package, from the file\'s project', async () => {
    const project = join(work, 'shop');
    mkdirSync(join(project, 'config'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{}');
    await run({ kind: 'file', path: join(project, 'config', 'paycfg.yaml') });
    expect(modeline(readFileSync(join(project, 'config', 'paycfg.yaml'), 'utf8'))).toBe(`../${INSTALLED_SCHEMA_PATH}`);
    await run({ kind: 'directory', path: join(project, 'split'), force: false });
    expect(modeline(readFileSync(join(project, 'split', 'paycfg.yaml'), 'utf8'))).toBe(`../${INSTALLED_SCHEMA_PATH}`);
  });

  it('inside the project that holds the schema: the path to it from the written file, never absolute', async () => {
    const root = join(MANIFEST_SCHEMA_FILE, '..', '..');
    const out = mkdtempSync(join(root, '.export-target-test-'));
    try {
      await run({ kind: 'file', path: join(out, 'paycfg.yaml') });
      const reference = modeline(readFileSync(join(out, 'paycfg.yaml'), 'utf8'));
      expect(reference).toBe(relative(out, MANIFEST_SCHEMA_FILE).split('\\').join('/'));
      expect(existsSync(join(out, reference))).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('for stdout: from the working directory', async () => {
    const project = join(work, 'cwd-project');
    mkdirSync(join(project, 'pbo'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{}');
    const result = await run({ kind: 'stdout' }, client(), join(project, 'pbo'));
    expect(modeline(result.text ?? '')).toBe(`../${INSTALLED_SCHEMA_PATH}`);
  });
});
