/**
 * Where a run finds its service record, over real HTTP against one simulator, through the CLI:
 * --service-record, $PAYCFG_SERVICE_RECORD, the environments file (its top level, an environment's
 * own) and the manifest each reach the live read (ReadOptions.recorded, seen through a wrapper of
 * readLive) and the plan (its document's `serviceRecord`, the header line of the text and the
 * Markdown); two sources naming two files are refused before any request; a saved plan carries its
 * record, and `apply PLANFILE` reads with it, and refuses a record that says otherwise.
 * Without any source, nothing of this shows.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { ReadOptions } from '../../src/live/read-live.js';
import { serviceRecordText } from '../../src/service-record/file.js';
import type { RecordedReading } from '../../src/service-record/types.js';
import { EMV_AND_PROFILE, merchant } from '../helpers/small-manifest.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { BINDING_RECORD } from './fixture.js';

/** What each live read of the run was told: readLive's and readAllLive's `recorded`, in call order. */
const reads: (RecordedReading | undefined)[] = [];
vi.mock('../../src/live/read-live.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/live/read-live.js')>();
  return {
    ...original,
    readLive: (client: never, desired: never, owner: never, options: ReadOptions) => {
      reads.push(options.recorded);
      return original.readLive(client, desired, owner, options);
    },
    readAllLive: (client: never, owner: never, options: ReadOptions) => {
      reads.push(options.recorded);
      return original.readAllLive(client, owner, options);
    },
  };
});

const GROUP = 'G-00000031';
const OTHER = 'G-00000032';
let sim: TestSimulator;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: GROUP, groupName: 'Record PBO' });
  await sim.admin.createGroup({ groupId: OTHER, groupName: 'Other PBO' });
});
afterAll(() => sim.close());
beforeEach(() => {
  reads.length = 0;
});

const MANIFEST = `${EMV_AND_PROFILE}merchants:${merchant('cafe-1', 'Cafe One')}\n`;
const PROFILE_RECORD = serviceRecordText({ ...BINDING_RECORD, summaryLists: 'profile' });

/** A repository: a manifest under config/, two records under records/, an environments file naming the simulator. */
function repository(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paycfg-record-runs-'));
  const all: Record<string, string> = {
    'config/paycfg.yaml': MANIFEST,
    'records/binding.yaml': serviceRecordText(BINDING_RECORD),
    'records/profile.yaml': PROFILE_RECORD,
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

function environments(topLevel: string, own: string): string {
  return `version: 1
${topLevel}environments:
  test:
    baseUrl: ${sim.url}
    group: ${GROUP}
    token: { env: TEST_TOKEN }
    manifests: [config]
${own}  other:
    baseUrl: ${sim.url}
    group: ${OTHER}
    token: { env: OTHER_TOKEN }
    manifests: [config]
`;
}

async function cli(argv: string[], cwd: string, env: Record<string, string> = {}) {
  const io = captureIo({ env: { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(GROUP), TEST_TOKEN: sim.token(GROUP), OTHER_TOKEN: sim.token(OTHER), ...env }, cwd });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

function sha256Of(dir: string, file: string): string {
  return createHash('sha256').update(readFileSync(path.join(dir, file))).digest('hex');
}

describe('where a run finds its service record', () => {
  it('--service-record reaches the live read and the plan: its document, the text header and the Markdown', async () => {
    const dir = repository();
    const json = await cli(['plan', '-f', 'config', '--service-record', 'records/binding.yaml', '--json'], dir);
    expect(json.code, json.err).toBe(0);
    expect(reads).toEqual([{ summaryLists: 'binding', source: 'records/binding.yaml' }]);
    const plan = JSON.parse(json.out);
    expect(plan.serviceRecord).toEqual({ file: 'records/binding.yaml', sha256: sha256Of(dir, 'records/binding.yaml'), summaryLists: 'binding' });
    // Beside the plan's header fields, before its changes.
    expect(Object.keys(plan).slice(0, 5)).toEqual(['formatVersion', 'baseUrl', 'group', 'serviceRecord', 'changes']);

    const text = await cli(['plan', '-f', 'config', '--service-record', 'records/binding.yaml'], dir);
    expect(text.out.split('\n').slice(0, 3)).toEqual([`paycfg plan for group ${GROUP} ("Record PBO") at ${sim.url}`, 'Service record: records/binding.yaml (summary lists: binding)', '']);
    const markdown = await cli(['plan', '-f', 'config', '--service-record', 'records/binding.yaml', '--markdown'], dir);
    expect(markdown.out).toContain(`at \`${sim.url}\`\n\nService record: \`records/binding.yaml\` (summary lists: binding)\n\n`);
  });

  it('without a source nothing shows: no record read with, none in the plan, no header line', async () => {
    const dir = repository();
    const json = await cli(['plan', '-f', 'config', '--json'], dir);
    expect(json.code, json.err).toBe(0);
    expect(reads).toEqual([undefined]);
    expect(JSON.parse(json.out)).not.toHaveProperty('serviceRecord');
    const text = await cli(['plan', '-f', 'config'], dir);
    expect(text.out).not.toContain('Service record');
  });

  it('$PAYCFG_SERVICE_RECORD names it when the flag does not; drift reads with it too', async () => {
    const dir = repository();
    const drift = await cli(['drift', '-f', 'config', '--json'], dir, { PAYCFG_SERVICE_RECORD: 'records/profile.yaml' });
    expect(drift.code, drift.err).toBe(2);
    expect(reads).toEqual([{ summaryLists: 'profile', source: 'records/profile.yaml' }]);
    expect(JSON.parse(drift.out).serviceRecord).toMatchObject({ file: 'records/profile.yaml', summaryLists: 'profile' });
  });

  it("the manifest's serviceRecord: is relative to the file that writes it", async () => {
    const dir = repository({ 'config/paycfg.yaml': `serviceRecord: ../records/binding.yaml\n${MANIFEST}` });
    const plan = await cli(['plan', '-f', 'config/paycfg.yaml', '--json'], dir);
    expect(plan.code, plan.err).toBe(0);
    expect(JSON.parse(plan.out).serviceRecord).toMatchObject({ file: 'records/binding.yaml', summaryLists: 'binding' });
    // The flag may name the same file.
    const same = await cli(['plan', '-f', 'config/paycfg.yaml', '--service-record', 'records/binding.yaml', '--json'], dir);
    expect(same.code, same.err).toBe(0);
  });

  it("the environments file's top-level serviceRecord: serves every environment, an environment's own overrides it", async () => {
    const dir = repository({ 'paycfg.environments.yaml': environments('serviceRecord: records/binding.yaml\n', '    serviceRecord: records/profile.yaml\n') });
    const test = await cli(['plan', '--env', 'test', '--json'], dir);
    expect(test.code, test.err).toBe(0);
    expect(JSON.parse(test.out).serviceRecord).toMatchObject({ file: 'records/profile.yaml', summaryLists: 'profile' });
    const other = await cli(['plan', '--env', 'other'], dir);
    expect(other.code, other.err).toBe(0);
    expect(other.out.split('\n')[1]).toBe('Service record: records/binding.yaml (summary lists: binding)');
    expect(reads).toEqual([
      { summaryLists: 'profile', source: 'records/profile.yaml' },
      { summaryLists: 'binding', source: 'records/binding.yaml' },
    ]);
  });

  it('two sources naming two files are refused before any request, naming both', async () => {
    const dir = repository({ 'paycfg.environments.yaml': environments('', '    serviceRecord: records/profile.yaml\n') });
    const refused = await cli(['plan', '--env', 'test', '--service-record', 'records/binding.yaml'], dir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'two service records for one run: --service-record names records/binding.yaml, the serviceRecord: of environment test (paycfg.environments.yaml:8:20) names records/profile.yaml; nothing was read or changed.',
    );
    expect(reads).toEqual([]);
    const manifest = repository({ 'config/paycfg.yaml': `serviceRecord: ../records/profile.yaml\n${MANIFEST}` });
    const both = await cli(['plan', '-f', 'config', '--json'], manifest, { PAYCFG_SERVICE_RECORD: 'records/binding.yaml' });
    expect(both.code).toBe(1);
    expect(JSON.parse(both.out).error).toMatchObject({ code: 'SERVICE_RECORD' });
    expect(JSON.parse(both.out).error.message).toContain("$PAYCFG_SERVICE_RECORD names records/binding.yaml, the manifest's serviceRecord: (config/paycfg.yaml:1:16) names records/profile.yaml");
    expect(reads).toEqual([]);
  });

  it('a record that is not one refuses the run at its file:line:col', async () => {
    const dir = repository({ 'records/bad.yaml': serviceRecordText(BINDING_RECORD).replace('currency: USD', 'currency: usd') });
    const refused = await cli(['plan', '-f', 'config', '--service-record', 'records/bad.yaml'], dir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('the service record records/bad.yaml is invalid (1 error):\nrecords/bad.yaml:13:13: evidence.currency: "usd" is not a currency code');
    expect(reads).toEqual([]);
  });
});

describe('the other runs that read a live group', () => {
  it('export, diff-env and promote read with the record of the command line or of the environment', async () => {
    const exported = await cli(['export', '--service-record', 'records/binding.yaml'], repository());
    expect(exported.code, exported.err).toBe(0);
    expect(reads).toEqual([{ summaryLists: 'binding', source: 'records/binding.yaml' }]);
    const dir = repository({ 'paycfg.environments.yaml': environments('serviceRecord: records/binding.yaml\n', '') });
    // The environment names the same file: one record.
    const ofEnvironment = await cli(['export', '--env', 'test', '--service-record', 'records/binding.yaml'], dir);
    expect(ofEnvironment.code, ofEnvironment.err).toBe(0);
    const other = await cli(['export', '--env', 'test', '--service-record', 'records/profile.yaml'], dir);
    expect(other.code).toBe(1);
    expect(other.err).toContain('two service records for one run: --service-record names records/profile.yaml, the serviceRecord: of environment test');

    reads.length = 0;
    const diff = await cli(['diff-env', 'test', 'other'], dir);
    expect(diff.code, diff.err).toBe(0);
    expect(reads).toEqual([
      { summaryLists: 'binding', source: 'records/binding.yaml' },
      { summaryLists: 'binding', source: 'records/binding.yaml' },
    ]);

    reads.length = 0;
    const promoted = await cli(['promote', '--from', 'test', '--to', 'other', '--json'], dir);
    expect(promoted.code, promoted.err).toBe(2);
    expect(reads).toHaveLength(2);
    expect(new Set(reads.map((read) => read?.summaryLists))).toEqual(new Set(['binding']));
    expect(JSON.parse(promoted.out).serviceRecord).toMatchObject({ file: 'records/binding.yaml', summaryLists: 'binding' });
  });
});

describe('a saved plan and its record', () => {
  it('carries the record; apply PLANFILE reads with it, and refuses a record that says otherwise before any request', async () => {
    const dir = repository();
    const saved = await cli(['plan', '-f', 'config', '--service-record', 'records/binding.yaml', '-o', 'plan.json'], dir);
    expect(saved.code, saved.err).toBe(0);
    const document = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8'));
    expect(document.plan.serviceRecord).toEqual({ file: 'records/binding.yaml', sha256: sha256Of(dir, 'records/binding.yaml'), summaryLists: 'binding' });

    reads.length = 0;
    const refused = await cli(['apply', 'plan.json', '--service-record', 'records/profile.yaml'], dir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'the plan was made with the service record records/binding.yaml (summary lists: binding), but this run is given records/profile.yaml, which records summary lists: profile; nothing was read or changed.',
    );
    expect(reads).toEqual([]);

    // Stripped of its record, the plan is not the one reviewed: its hash covers the record.
    const { serviceRecord: _record, ...stripped } = document.plan;
    writeFileSync(path.join(dir, 'stripped.json'), JSON.stringify({ ...document, plan: stripped }));
    const edited = await cli(['apply', 'stripped.json'], dir);
    expect(edited.code).toBe(1);
    expect(edited.err).toContain('stripped.json was edited after it was saved: its plan no longer has the hash it was saved with');

    // Given nothing, or the same reading, it reads the group with the plan's record.
    const applied = await cli(['apply', 'plan.json', '--auto-approve'], dir, { PAYCFG_SERVICE_RECORD: 'records/binding.yaml' });
    expect(applied.code, applied.err).toBe(0);
    expect(reads).toEqual([{ summaryLists: 'binding', source: 'records/binding.yaml' }]);
  });
});
