import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FleetReportError, readFleetSummary, renderFleetSummaryJson, writeFleetSummaryFile } from '../../../src/fleet/summary/index.js';
import { counts, summaryOf, target } from './fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'paycfg-fleet-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const summary = summaryOf('plan', [target('a', 'changes', { counts: counts({ create: 2 }) }), target('b', 'failed', { n: 2 })], { shards: [{ index: 1, count: 2 }] });

async function refusal(file: string): Promise<FleetReportError> {
  const error = await readFleetSummary(file, { cwd: dir }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FleetReportError);
  expect((error as FleetReportError).files).toEqual([file]);
  expect((error as FleetReportError).exitCode).toBe(1);
  return error as FleetReportError;
}

function write(name: string, text: string | Buffer): string {
  writeFileSync(join(dir, name), text);
  return name;
}

describe('readFleetSummary', () => {
  it('reads back what renderFleetSummaryJson wrote', async () => {
    const file = write('shard-1.json', renderFleetSummaryJson(summary));
    expect(await readFleetSummary(file, { cwd: dir })).toEqual(summary);
  });

  it('refuses a missing file, a directory, a file that is not JSON, naming the file and quoting nothing of it', async () => {
    expect((await refusal('none.json')).message).toBe('cannot read the fleet summary none.json: no such file or directory');
    mkdirSync(join(dir, 'adir'));
    expect((await refusal('adir')).message).toContain('cannot read the fleet summary adir: it is a directory');
    const token = write('token.txt', 'eyJhbGciOiJIUzI1NiJ9.secret-part\n');
    const notJson = await refusal(token);
    expect(notJson.message).toBe('token.txt is not a fleet summary: it is not JSON (a fleet summary is the JSON `paycfg fleet validate|plan|apply|drift --json` prints, or `--summary FILE` writes)');
    expect(notJson.message).not.toContain('eyJ');
    expect((await refusal(write('latin1.json', Buffer.from([0x7b, 0xe9, 0x7d])))).message).toContain('latin1.json is not a fleet summary: it is not UTF-8 text');
  });

  it('refuses JSON of another kind, a saved fleet plan, and a summary of another format version', async () => {
    expect((await refusal(write('plan.json', JSON.stringify({ formatVersion: 1, kind: 'paycfg-plan' })))).message).toContain(
      'plan.json is not a fleet summary: it has no "kind": "paycfg-fleet-summary"',
    );
    expect((await refusal(write('list.json', '[1, 2]'))).message).toContain('list.json is not a fleet summary');
    expect((await refusal(write('fleet.json', JSON.stringify({ formatVersion: 1, kind: 'paycfg-fleet-plan', targets: [] })))).message).toContain(
      'fleet.json is a saved fleet plan (fleet.json), not a fleet summary',
    );
    const v2 = { ...JSON.parse(renderFleetSummaryJson(summary)), formatVersion: 2 };
    expect((await refusal(write('v2.json', JSON.stringify(v2)))).message).toBe(
      'v2.json is a fleet summary of format version 2; this paycfg reads version 1: merge summaries written by the same paycfg version',
    );
  });

  it('lists the first problems of a summary the model refuses, where each is', async () => {
    const document = JSON.parse(renderFleetSummaryJson(summary));
    document.targets[0].status = 'great';
    document.targets[1].durationMs = -1;
    document.extra = true;
    const error = await refusal(write('bad.json', JSON.stringify(document)));
    expect(error.message.split('\n')[0]).toBe('bad.json is not a valid fleet summary (3 problems):');
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual(['targets[0].status', 'targets[1].durationMs', 'unrecognized key']);

    document.targets = Array.from({ length: 8 }, () => ({ name: 'Bad Name' }));
    const many = await refusal(write('many.json', JSON.stringify(document)));
    expect(many.problems).toHaveLength(6);
    expect(many.problems.at(-1)).toMatch(/^and \d+ more$/);
  });
});

describe('writeFleetSummaryFile', () => {
  it('writes the JSON, replacing an earlier summary', async () => {
    await writeFleetSummaryFile('out.json', summary, { cwd: dir });
    await writeFleetSummaryFile('out.json', summary, { cwd: dir });
    expect(await readFleetSummary('out.json', { cwd: dir })).toEqual(summary);
  });

  it('leaves a file that is not a summary alone, and says why it cannot write', async () => {
    write('paycfg.fleet.yaml', 'version: 1\n');
    await expect(writeFleetSummaryFile('paycfg.fleet.yaml', summary, { cwd: dir })).rejects.toThrow(
      'paycfg.fleet.yaml already exists and is not a fleet summary; --summary replaces only an earlier summary',
    );
    await expect(writeFleetSummaryFile('no/such/dir.json', summary, { cwd: dir })).rejects.toThrow('cannot write the fleet summary to no/such/dir.json: no such file or directory');
  });
});
