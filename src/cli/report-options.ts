import { lstat, open, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { describeFsError, writeFileAtomically } from '../util/atomic-file.js';
import { PaycfgError, UsageError } from '../errors.js';
import { findingsJunit } from '../findings/junit.js';
import { renderSarif } from '../findings/sarif.js';
import type { FindingsReport } from '../findings/types.js';
import { PACKAGE_VERSION } from '../package-files.js';
import type { IoStreams } from './io.js';
import type { FlagSpecs, FlagValues } from './syntax.js';

/**
 * --sarif FILE and --junit FILE, shared by validate, plan and check: the run's findings (payment
 * rule errors and warnings, policy findings, rules switched off in the manifest) written as SARIF
 * 2.1.0 for GitHub code scanning and as JUnit XML for the CI systems that show test reports
 * (docs/reports.md). How a command takes them:
 *
 * 1. spread `reportFlags` into its syntax;
 * 2. before any slow work (reading the live group), `await checkReportDestinations(values, io)`:
 *    the same file twice, a directory, a missing directory or a file that is not an earlier report
 *    of the same kind are refused then, not after the plan is made;
 * 3. once it knows what it found, also when that fails the run (a manifest invalid by a rule, a
 *    finding that blocks), `await writeFindingsReports(values, report, io, { manifestFiles })`,
 *    with the report from findings/run-findings (findingsOfRulesReport, findingsOfManifestDiagnostics,
 *    findingsOfPlan) and the manifest files as the run names them (LoadedManifest.files, or
 *    ManifestError.files), then return its exit code as before.
 *
 * Without either flag nothing is checked or written, and nothing the command prints changes.
 * Manifest paths in the SARIF log are made relative to the repository the working directory is in
 * (the nearest directory up holding `.git`), as GitHub reads them; outside a repository, to the
 * working directory.
 */
export const reportFlags = {
  sarif: {
    type: 'string',
    value: 'FILE',
    help: 'Also write the findings (payment rules, policy packs, rules switched off) as SARIF 2.1.0 to FILE, for GitHub code scanning; written also when they fail the run',
  },
  junit: {
    type: 'string',
    value: 'FILE',
    help: 'Also write the findings as JUnit XML to FILE (one test case per rule, failed when it blocks), for GitLab and other CI test reports; written also when they fail the run',
  },
} as const satisfies FlagSpecs;

export type ReportFlagValues = Partial<FlagValues<typeof reportFlags>>;

/** A report file that cannot be written where --sarif or --junit says. */
export class ReportOutputError extends PaycfgError {
  readonly code = 'REPORT_OUTPUT';
}

export interface FindingsReportContext {
  /** The run's manifest files as paycfg names them: a finding without its own place is shown on line 1 of the first (SARIF). */
  readonly manifestFiles?: readonly string[];
}

type ReportKind = 'sarif' | 'junit';

const KIND_NAMES: Readonly<Record<ReportKind, string>> = { sarif: 'SARIF log', junit: 'JUnit XML report' };

/** The report files asked for, in flag order. */
function requested(values: ReportFlagValues): { kind: ReportKind; file: string }[] {
  const out: { kind: ReportKind; file: string }[] = [];
  if (values.sarif !== undefined) out.push({ kind: 'sarif', file: values.sarif });
  if (values.junit !== undefined) out.push({ kind: 'junit', file: values.junit });
  return out;
}

/**
 * Refuses what writeFindingsReports would refuse, before the run does its work: an empty name, the
 * same file for both reports, a directory or a missing directory, and an existing file that is not
 * a report of the same kind (a manifest given to --junit by mistake is never overwritten).
 */
export async function checkReportDestinations(values: ReportFlagValues, io: Pick<IoStreams, 'cwd'>): Promise<void> {
  const files = requested(values);
  for (const { kind, file } of files) {
    if (file.trim() === '') throw new UsageError(`paycfg: --${kind} needs a file name`);
  }
  const [first, second] = files;
  if (first !== undefined && second !== undefined && resolve(io.cwd, first.file) === resolve(io.cwd, second.file)) {
    throw new UsageError(`paycfg: --sarif and --junit name the same file, ${first.file}; give each report a file of its own`);
  }
  for (const { kind, file } of files) await checkDestination(kind, file, io.cwd);
}

async function checkDestination(kind: ReportKind, file: string, cwd: string): Promise<void> {
  const target = resolve(cwd, file);
  const directory = await stat(dirname(target)).catch(() => undefined);
  if (directory === undefined || !directory.isDirectory()) {
    throw new ReportOutputError(`cannot write the ${KIND_NAMES[kind]} to ${file}: ${dirname(file)} is not a directory; create it first, or choose another --${kind} FILE`, { path: file });
  }
  const info = await lstat(target).catch(() => undefined);
  if (info === undefined) return;
  if (info.isDirectory()) throw new ReportOutputError(`${file} is a directory: --${kind} writes one file; give the name of a file to write the ${KIND_NAMES[kind]} to`, { path: file });
  if (!info.isFile()) throw new ReportOutputError(`${file} is not a regular file: --${kind} writes one file`, { path: file });
  const head = await readHead(target);
  if (head.trim() === '' || LOOKS_LIKE[kind].test(head)) return;
  throw new ReportOutputError(
    `${file} already exists and is not a ${KIND_NAMES[kind]}; --${kind} replaces only an earlier report. Choose another file name, or remove this file first.`,
    { path: file },
  );
}

/** What an earlier report of each kind starts with (its first 4 KiB). */
const LOOKS_LIKE: Readonly<Record<ReportKind, RegExp>> = {
  sarif: /^\s*\{[\s\S]*"(\$schema"\s*:\s*"[^"]*sarif|version"\s*:\s*"2\.1\.0")/i,
  junit: /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<testsuites?[\s/>]/,
};

async function readHead(target: string): Promise<string> {
  let handle;
  try {
    handle = await open(target, 'r');
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch (error) {
    throw new ReportOutputError(`cannot read ${target} to check what it is: ${describeFsError(error)}`, { path: target });
  } finally {
    await handle?.close();
  }
}

/**
 * Writes the reports --sarif and --junit ask for, each to a temporary file beside it and moved into
 * place, so that a CI step reading it never sees half a report. Returns the files written, as given.
 *
 * @throws UsageError, ReportOutputError as checkReportDestinations; ReportOutputError when a file cannot be written.
 */
export async function writeFindingsReports(values: ReportFlagValues, report: FindingsReport, io: Pick<IoStreams, 'cwd'>, context: FindingsReportContext = {}): Promise<string[]> {
  const files = requested(values);
  if (files.length === 0) return [];
  await checkReportDestinations(values, io);
  const written: string[] = [];
  for (const { kind, file } of files) {
    const text =
      kind === 'junit'
        ? findingsJunit(report)
        : renderSarif(report, {
            toolVersion: PACKAGE_VERSION,
            cwd: io.cwd,
            sourceRoot: await repositoryRoot(io.cwd),
            ...(context.manifestFiles !== undefined ? { manifestFiles: context.manifestFiles } : {}),
          });
    await writeAtomically(resolve(io.cwd, file), text, `the ${KIND_NAMES[kind]} to ${file}`);
    written.push(file);
  }
  return written;
}

/**
 * The root of the git repository `cwd` is in: the nearest directory up holding `.git` (a directory,
 * or a file in a worktree or submodule). GitHub reads a SARIF log's relative paths from the
 * repository's root, and a CI job may run paycfg in a subdirectory of its checkout. `cwd` when there
 * is none.
 */
export async function repositoryRoot(cwd: string): Promise<string> {
  for (let current = resolve(cwd); ; current = dirname(current)) {
    if ((await lstat(join(current, '.git')).catch(() => undefined)) !== undefined) return current;
    if (dirname(current) === current) return resolve(cwd);
  }
}

async function writeAtomically(target: string, text: string, what: string): Promise<void> {
  try {
    await writeFileAtomically(target, text);
  } catch (error) {
    throw new ReportOutputError(`cannot write ${what}: ${describeFsError(error)}`, { path: target });
  }
}
