/**
 * The service record the bench's recorded plans run with: established on a group of its own from a
 * binding that differs from its profile, written in the record's format, and refused when the
 * simulator speaks the other reading.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBenchSimulator, type BenchSimulator } from '../../scripts/bench/bench-simulator.js';
import { recordBindingReading } from '../../scripts/bench/service-record.js';
import { loadServiceRecord } from '../../src/service-record/file.js';

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'paycfg-bench-record-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('recordBindingReading', () => {
  let sim: BenchSimulator;
  beforeAll(async () => {
    sim = await startBenchSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('writes a record of the binding reading whose evidence is the half-bound item, its binding and its profile', async () => {
    await sim.createGroup('G-30000201');
    const file = join(workDir, 'paycfg.service.yaml');
    await recordBindingReading(sim, 'G-30000201', file);
    const { record } = await loadServiceRecord(file, workDir);
    expect(record.summaryLists).toBe('binding');
    const e = record.evidence;
    expect(e).toMatchObject({ baseUrl: sim.url, group: 'G-30000201', method: 'live-group', writes: [] });
    expect(e.summaryLists).toEqual(e.bindingLists);
    expect(Object.keys(e.bindingLists)).toHaveLength(1);
    expect(Object.keys(e.profileLists)).toHaveLength(2);
  });
});

describe('recordBindingReading against a simulator of the profile reading', () => {
  let sim: BenchSimulator;
  beforeAll(async () => {
    sim = await startBenchSimulator({ summaryLists: 'profile' });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('refuses to write a record the recorded plans would contradict', async () => {
    await sim.createGroup('G-30000202');
    const file = join(workDir, 'refused.service.yaml');
    await expect(recordBindingReading(sim, 'G-30000202', file)).rejects.toThrow(/does not show the binding reading/);
    await expect(loadServiceRecord(file, workDir)).rejects.toThrow();
  });
});
