import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { checkReportDestinations, reportFlags, ReportOutputError, repositoryRoot, writeFindingsReports } from '../../src/cli/report-options.js';
import { parseFlags } from '../../src/cli/parse-flags.js';
import { helpText, type CommandSyntax } from '../../src/cli/syntax.js';
import { UsageError } from '../../src/errors.js';
import { PACKAGE_VERSION } from '../../src/package-files.js';
import { FULL_REPORT } from './reports.js';
import { junitSchemaErrors, sarifSchemaErrors } from './schemas.js';

const syntax = { usage: ['[flags]'], description: 'A command with the report flags.', flags: { ...reportFlags }, exitCodes: [[0, 'ok']] } as const satisfies CommandSyntax;

/** A repository checkout (a `.git` directory) with the manifests in a subdirectory, where the run's working directory is. */
function checkout(): { root: string; cwd: string } {
  const root = mkdtempSync(join(tmpdir(), 'paycfg-reports-'));
  mkdirSync(join(root, '.git'));
  const cwd = join(root, 'config');
  mkdirSync(join(cwd, 'manifests'), { recursive: true });
  writeFileSync(join(cwd, 'manifests', 'emv.yaml'), 'version: 1\n');
  return { root, cwd };
}

async function refusal(run: Promise<unknown>): Promise<Error> {
  try {
    await run;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

describe('--sarif and --junit', () => {
  it('are string flags a command spreads into its syntax, shown in its help', () => {
    const { values } = parseFlags('validate', syntax, ['--sarif', 'findings.sarif', '--junit=findings.xml']);
    expect(values).toEqual({ sarif: 'findings.sarif', junit: 'findings.xml' });
    expect(parseFlags('validate', syntax, []).values).toEqual({ sarif: undefined, junit: undefined });
    const help = helpText('validate', syntax);
    expect(help).toContain('--sarif FILE');
    expect(help).toContain('--junit FILE');
  });

  it('write nothing and check nothing when neither is given', async () => {
    const { cwd } = checkout();
    expect(await writeFindingsReports({}, FULL_REPORT, { cwd })).toEqual([]);
    expect(readdirSync(cwd).sort()).toEqual(['manifests']);
  });

  it('write the SARIF log and the JUnit report, each valid, paths relative to the repository root, and leave no temporary file', async () => {
    const { cwd } = checkout();
    const written = await writeFindingsReports({ sarif: 'findings.sarif', junit: 'reports/../findings.xml' }, FULL_REPORT, { cwd }, { manifestFiles: ['manifests/emv.yaml'] });
    expect(written).toEqual(['findings.sarif', 'reports/../findings.xml']);
    expect(readdirSync(cwd).sort()).toEqual(['findings.sarif', 'findings.xml', 'manifests']);
    const log = JSON.parse(readFileSync(join(cwd, 'findings.sarif'), 'utf8')) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0]!.tool.driver.version).toBe(PACKAGE_VERSION);
    // paycfg ran in config/ of the checkout: GitHub reads paths from the repository's root.
    const uris = log.runs[0]!.results!.map((result) => result.locations?.[0]?.physicalLocation?.artifactLocation?.uri);
    expect(uris[0]).toBe('config/manifests/emv.yaml');
    expect(uris.every((uri) => uri === undefined || uri.startsWith('config/manifests/'))).toBe(true);
    expect(await junitSchemaErrors(readFileSync(join(cwd, 'findings.xml'), 'utf8'))).toEqual([]);
  });

  it('replace an earlier report of their kind, and an empty file', async () => {
    const { cwd } = checkout();
    await writeFindingsReports({ sarif: 'f.sarif', junit: 'f.xml' }, FULL_REPORT, { cwd });
    const empty = { rules: [], findings: [], skipped: [] };
    await writeFindingsReports({ sarif: 'f.sarif', junit: 'f.xml' }, empty, { cwd });
    expect(readFileSync(join(cwd, 'f.xml'), 'utf8')).toContain('tests="0"');
    writeFileSync(join(cwd, 'touched.xml'), '');
    await writeFindingsReports({ junit: 'touched.xml' }, empty, { cwd });
    expect(readFileSync(join(cwd, 'touched.xml'), 'utf8')).toContain('<testsuites');
  });

  it('refuse to overwrite a file that is not a report of their kind: a manifest given by mistake stays as it was', async () => {
    const { cwd } = checkout();
    await writeFindingsReports({ sarif: 'f.sarif' }, FULL_REPORT, { cwd });
    for (const [values, file] of [
      [{ junit: 'manifests/emv.yaml' }, 'manifests/emv.yaml'],
      [{ sarif: 'manifests/emv.yaml' }, 'manifests/emv.yaml'],
      [{ junit: 'f.sarif' }, 'f.sarif'],
    ] as const) {
      const before = readFileSync(join(cwd, file), 'utf8');
      const error = await refusal(writeFindingsReports(values, FULL_REPORT, { cwd }));
      expect(error).toBeInstanceOf(ReportOutputError);
      expect(error.message).toMatch(new RegExp(`^${file.replace('.', '\\.')} already exists and is not a (SARIF log|JUnit XML report); --(sarif|junit) replaces only an earlier report`));
      expect(readFileSync(join(cwd, file), 'utf8')).toBe(before);
    }
  });

  it('refuse, before the run does its work, a directory, a missing directory, an empty name and one file for both reports', async () => {
    const { cwd } = checkout();
    const directory = await refusal(checkReportDestinations({ sarif: 'manifests' }, { cwd }));
    expect(directory).toBeInstanceOf(ReportOutputError);
    expect(directory.message).toBe('manifests is a directory: --sarif writes one file; give the name of a file to write the SARIF log to');
    const missing = await refusal(checkReportDestinations({ junit: 'out/findings.xml' }, { cwd }));
    expect(missing).toBeInstanceOf(ReportOutputError);
    expect(missing.message).toBe('cannot write the JUnit XML report to out/findings.xml: out is not a directory; create it first, or choose another --junit FILE');
    const underFile = await refusal(checkReportDestinations({ junit: 'manifests/emv.yaml/x.xml' }, { cwd }));
    expect(underFile).toBeInstanceOf(ReportOutputError);
    const same = await refusal(checkReportDestinations({ sarif: 'r.out', junit: './r.out' }, { cwd }));
    expect(same).toBeInstanceOf(UsageError);
    expect(same.message).toBe('paycfg: --sarif and --junit name the same file, r.out; give each report a file of its own');
    expect(await refusal(checkReportDestinations({ sarif: ' ' }, { cwd }))).toBeInstanceOf(UsageError);
    expect(readdirSync(cwd).sort()).toEqual(['manifests']);
  });

  it('fail with ReportOutputError (exit 1) when the file cannot be written', async () => {
    // /proc/self is a directory in which no file can be made, even by root.
    const error = await refusal(writeFindingsReports({ sarif: '/proc/self/findings.sarif' }, FULL_REPORT, { cwd: '/' }));
    expect(error).toBeInstanceOf(ReportOutputError);
    expect(error.message).toMatch(/^cannot write the SARIF log to \/proc\/self\/findings\.sarif: /);
    expect((error as ReportOutputError).code).toBe('REPORT_OUTPUT');
    expect((error as ReportOutputError).exitCode).toBe(1);
  });
});

describe('repositoryRoot', () => {
  it('is the nearest directory up holding .git, a directory or a worktree’s file; the working directory outside a repository', async () => {
    const { root, cwd } = checkout();
    expect(await repositoryRoot(cwd)).toBe(root);
    expect(await repositoryRoot(join(cwd, 'manifests'))).toBe(root);
    const worktree = mkdtempSync(join(tmpdir(), 'paycfg-worktree-'));
    writeFileSync(join(worktree, '.git'), 'gitdir: /elsewhere/.git/worktrees/x\n');
    mkdirSync(join(worktree, 'sub'));
    expect(await repositoryRoot(join(worktree, 'sub'))).toBe(worktree);
    // tmpdir() itself is in no repository (as /tmp is not on a CI runner).
    const outside = mkdtempSync(join(tmpdir(), 'paycfg-norepo-'));
    expect(await repositoryRoot(outside)).toBe(outside);
  });
});
