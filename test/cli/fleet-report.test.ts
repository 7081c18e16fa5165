/**
 * `paycfg fleet report FILE...` in-process: shards' summary files in a temporary directory, merged
 * and printed in the three formats, written with --summary, the merged exit code returned; bad input
 * refused naming the file, exit 1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { renderFleetSummaryJson } from '../../src/fleet/summary/index.js';
import type { FleetSummary, FleetTargetResult } from '../../src/fleet/types.js';
import { expectSameSummary } from '../fleet/summary/compare.js';
import { counts, manyTargets, summaryOf } from '../fleet/summary/fixtures.js';
import { validateSummaryDocument } from '../fleet/summary/schema.js';

const work = mkdtempSync(join(tmpdir(), 'paycfg-fleet-report-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function cli(argv: string[], options: { tty?: boolean; env?: Record<string, string> } = {}) {
  const io = captureIo({ env: options.env ?? {}, cwd: work, tty: options.tty ?? false });
  const code = await main(['fleet', 'report', ...argv], io);
  return { code, out: io.out(), err: io.err() };
}

/** The shards' summary files of `targets` split `count` ways; their names. */
function writeShards(prefix: string, targets: readonly FleetTargetResult[], count: number, command: FleetSummary['command'] = 'plan'): string[] {
  return Array.from({ length: count }, (_, i) => {
    const file = `${prefix}-${i + 1}.json`;
    const summary = summaryOf(command, targets.filter((_, n) => n % count === i), { shards: [{ index: i + 1, count }] });
    writeFileSync(join(work, file), renderFleetSummaryJson(summary));
    return file;
  });
}

const planTargets = manyTargets(12, (i) => (i % 4 === 0 ? 'changes' : 'ok'), (i) => ({ counts: counts({ create: i % 4 === 0 ? 2 : 0 }) }));

describe('paycfg fleet report', () => {
  it('merges the shards into the one-machine summary and exits as it would', async () => {
    const files = writeShards('plan', planTargets, 3);
    const { code, out, err } = await cli([...files, '--json']);
    expect(err).toBe('');
    expect(code).toBe(2);
    const merged = JSON.parse(out) as FleetSummary;
    expect(validateSummaryDocument(merged).valid).toBe(true);
    expectSameSummary(merged, summaryOf('plan', planTargets));
    expect(merged.shards).toEqual([1, 2, 3].map((index) => ({ index, count: 3 })));
  });

  it('prints text by default, Markdown with --markdown, and writes --summary as well', async () => {
    const files = writeShards('text', planTargets, 2);
    const text = await cli([...files, '--summary', 'merged.json']);
    expect(text.code).toBe(2);
    expect(text.out.split('\n')[0]).toBe('paycfg fleet plan: paycfg.fleet.yaml, all 2 shards');
    expect(text.out.trimEnd().split('\n').at(-1)).toBe('Fleet plan: 6 to create, 0 to update, 0 to delete, 0 to replace, in 3 of 12 targets.');
    expect(text.out).not.toContain('\x1b');
    expect(JSON.parse(readFileSync(join(work, 'merged.json'), 'utf8'))).toEqual(JSON.parse((await cli([...files, '--json'])).out));

    const markdown = await cli([...files, '--markdown']);
    expect(markdown.out.split('\n')[0]).toBe('### paycfg fleet plan: 6 to create, 0 to update, 0 to delete, 0 to replace, in 3 of 12 targets');

    // Colour on a terminal, not with --no-color.
    expect((await cli(files, { tty: true })).out).toContain('\x1b[');
    expect((await cli([...files, '--no-color'], { tty: true })).out).not.toContain('\x1b[');
  });

  it('fails when a shard of the count has no summary, naming it on stderr and in the verdict', async () => {
    const [first, , third] = writeShards('absent', planTargets, 3);
    const { code, out, err } = await cli([first!, third!, '--summary', 'absent-merged.json']);
    expect(code).toBe(1);
    expect(out.split('\n')[0]).toBe('paycfg fleet plan: paycfg.fleet.yaml, shards 1, 3 of 3: shard 2 missing');
    expect(out.trimEnd().split('\n').at(-1)).toBe('Fleet plan: shard 2 missing, 2 with changes.');
    expect(err).toBe(
      'error: the summaries cover shards 1, 3 of 3: shard 2 missing; the report leaves out its targets. Each shard\'s job writes its summary (--summary FILE): rerun the missing shard, or pass --allow-missing-shards to report the shards given\n',
    );
    expect(JSON.parse(readFileSync(join(work, 'absent-merged.json'), 'utf8')).exitCode).toBe(1);

    // One shard's file alone: its siblings are missing from the report.
    const alone = await cli([first!, '--markdown']);
    expect(alone.code).toBe(1);
    expect(alone.out.split('\n')[0]).toBe('### paycfg fleet plan: shards 2, 3 missing, 1 with changes');
    expect(alone.err).toMatch(/^error: the summaries cover shard 1 of 3: shards 2, 3 missing; the report leaves out their targets\. .*rerun the missing shards/);
    expect((await cli([first!, '--json'])).code).toBe(1);
    expect((await cli([first!, '--allow-missing-shards'])).code).toBe(2);
  });

  it('says which shards are missing, and still reports the others, with --allow-missing-shards', async () => {
    const [first, , third] = writeShards('partial', planTargets, 3);
    const { code, out, err } = await cli([first!, third!, '--allow-missing-shards']);
    expect(code).toBe(2);
    expect(out.split('\n')[0]).toBe('paycfg fleet plan: paycfg.fleet.yaml, shards 1, 3 of 3: shard 2 missing');
    expect(err).toBe('warning: the summaries cover shards 1, 3 of 3: shard 2 missing; the report leaves out its targets\n');
  });

  it('exits 1 when a shard\'s target failed, 0 when all is well', async () => {
    const failing = writeShards('failing', manyTargets(4, (i) => (i === 3 ? 'failed' : 'ok')), 2);
    const failed = await cli(failing);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain('Failures by cause:\n  token expired: 1 group: t004\n');
    expect((await cli(writeShards('fine', manyTargets(4, () => 'applied'), 2, 'apply'))).code).toBe(0);
  });

  it('refuses bad input naming the file, exit 1', async () => {
    const usage = await cli([]);
    expect(usage.code).toBe(1);
    expect(usage.err).toContain('paycfg fleet report: name the summaries to merge');

    const missing = await cli(['nothing.json']);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe('Error: cannot read the fleet summary nothing.json: no such file or directory\n');

    writeFileSync(join(work, 'paycfg.fleet.yaml'), 'version: 1\ntargets: []\n');
    const [shard] = writeShards('bad', planTargets, 2);
    const notSummary = await cli([shard!, 'paycfg.fleet.yaml']);
    expect(notSummary.code).toBe(1);
    expect(notSummary.err).toContain('Error: paycfg.fleet.yaml is not a fleet summary: it is not JSON');

    const two = await cli(['nothing.json', 'paycfg.fleet.yaml']);
    expect(two.err.split('\n').slice(0, 3)).toEqual([
      'Error: 2 of the 2 files cannot be merged:',
      '  - cannot read the fleet summary nothing.json: no such file or directory',
      expect.stringContaining('  - paycfg.fleet.yaml is not a fleet summary: it is not JSON'),
    ]);

    writeFileSync(join(work, 'whole.json'), renderFleetSummaryJson(summaryOf('plan', planTargets)));
    const whole = await cli(['whole.json']);
    expect(whole.code).toBe(1);
    expect(whole.err).toContain('cannot merge whole.json: it is a run of the whole fleet, not of a shard');

    const twice = await cli([shard!, shard!]);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain(`shard 1 of 2 is in both ${shard} and ${shard}`);

    // With --json, the error is JSON on stdout, naming the file.
    const json = await cli(['nothing.json', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toEqual({
      error: { code: 'FLEET_REPORT', message: 'cannot read the fleet summary nothing.json: no such file or directory', files: ['nothing.json'], problems: [] },
    });

    expect((await cli([shard!, '--markdown', '--json'])).out).toContain('choose one of --json and --markdown');
  });

  it('has help in the command\'s syntax', async () => {
    const { code, out } = await cli(['--help']);
    expect(code).toBe(0);
    expect(out).toContain('Usage: paycfg fleet report FILE... [--json | --markdown] [--summary FILE]');
    expect(out).toContain('--summary FILE');
    expect(out).toContain('Exit codes:');
  });
});
