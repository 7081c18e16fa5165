/**
 * Two processes appending to one journal at once: every line is one whole record of one run,
 * none cut into or glued to another, and each run's records are all there, in its order.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { readJournal } from '../../src/journal/reader.js';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const CHILD = new URL('./helpers/append-records.ts', import.meta.url).pathname;

function writer(file: string, count: number) {
  const child = spawn(process.execPath, ['--import', TSX, CHILD, file, String(count)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const ready = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^ready (\S+)\n/.exec(out);
      if (match) resolve(match[1]!);
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { ready, exited, go: () => child.stdin.write('go\n') };
}

it('two processes appending 500 records each never interleave inside a record', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'paycfg-journal-')), 'journal.jsonl');
  const a = writer(file, 500);
  const b = writer(file, 500);
  const runs = [await a.ready, await b.ready];
  a.go();
  b.go();
  expect(await a.exited).toBe(0);
  expect(await b.exited).toBe(0);

  const lines = readFileSync(file, 'utf8').split('\n');
  expect(lines.pop()).toBe('');
  expect(lines).toHaveLength(1000);
  const seen = new Map<string, number[]>(runs.map((run) => [run, []]));
  for (const line of lines) {
    const record = JSON.parse(line) as { run: string; detail: string; address: string };
    const [run, index, padding] = record.detail.split(':');
    expect(run).toBe(record.run);
    expect(record.address).toBe(`merchant/m-${index}`);
    expect(padding).toBe('x'.repeat(6000));
    seen.get(record.run)!.push(Number(index));
  }
  for (const run of runs) expect(seen.get(run)).toEqual([...Array(500).keys()]);
  const read = await readJournal(file);
  expect(read.records).toHaveLength(1000);
  expect(read.torn).toEqual([]);
}, 60_000);
