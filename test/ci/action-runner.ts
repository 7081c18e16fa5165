/**
 * Runs the bash steps of action.yml as the GitHub runner would, without a runner: each `run:`
 * script through `bash --noprofile --norc -eo pipefail` (the runner's `shell: bash`), its env with
 * `${{ inputs.* }}` filled in, its working-directory, GITHUB_ACTION_PATH (this checkout, whose
 * committed bundle the action runs), and files for GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
 * GITHUB_PATH. PATH starts with a directory the test fills with commands: a `node` that records
 * the arguments paycfg's bundle is started with and runs it, and any the test adds.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readYaml, repoRoot, type ActionFile } from './ci-files.js';

/** The CLI the action runs: the committed bundle of the action's ref. */
export const BUNDLE = join(repoRoot, 'bundle', 'paycfg.mjs');

export const action = readYaml<ActionFile>('action.yml');

export interface StepRun {
  code: number;
  stdout: string;
  stderr: string;
  /** GITHUB_OUTPUT as name → value, heredoc values joined */
  outputs: Record<string, string>;
  summary: string;
  githubPath: string;
  /** The argument lists paycfg was started with, one per run */
  paycfgArgv: string[][];
}

/** A workspace: the bin directory on PATH, RUNNER_TEMP, and a `node` that records the arguments of each paycfg run. */
export function createWorkspace(): { dir: string; bin: string; temp: string; addCommand: (name: string, script: string) => void } {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-action-'));
  const bin = join(dir, '.bin');
  const temp = join(dir, '.runner-temp');
  mkdirSync(bin);
  mkdirSync(temp);
  const addCommand = (name: string, script: string): void => {
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${script}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  addCommand(
    'node',
    [
      `if [ "\${1:-}" = '${BUNDLE}' ]; then`,
      `  '${process.execPath}' -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "\${@:2}" >> '${join(dir, '.paycfg-argv')}'`,
      'fi',
      `exec '${process.execPath}' "$@"`,
    ].join('\n'),
  );
  return { dir, bin, temp, addCommand };
}

/** GITHUB_OUTPUT's two forms: name=value, and name<<DELIMITER, lines, DELIMITER. */
export function parseGithubOutput(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc !== null) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: ${heredoc[1]} has no closing ${heredoc[2]}`);
      out[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return out;
}

function fill(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    const input = /^inputs\.(.+)$/.exec(name)?.[1];
    if (input === undefined || !(input in action.inputs)) throw new Error(`action.yml: no value for \${{ ${name} }} in this test`);
    return inputs[input] ?? action.inputs[input]!.default ?? '';
  });
}

/** Runs the step named `id` (or, for a step without one, with this name) with these inputs. */
export async function runStep(
  workspace: ReturnType<typeof createWorkspace>,
  step: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
): Promise<StepRun> {
  const found = action.runs.steps.find((s) => s.id === step || s.name === step);
  if (found?.run === undefined) throw new Error(`action.yml has no run step ${step}`);
  const files = { output: join(workspace.temp, 'output'), summary: join(workspace.temp, 'summary'), path: join(workspace.temp, 'path') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  writeFileSync(join(workspace.dir, '.paycfg-argv'), '');
  const script = join(workspace.temp, 'step.sh');
  writeFileSync(script, fill(found.run, inputs));
  const stepEnv = Object.fromEntries(Object.entries(found.env ?? {}).map(([k, v]) => [k, fill(String(v), inputs)]));
  const cwd = resolve(workspace.dir, fill(found['working-directory'] ?? '.', inputs));
  const { PAYCFG_TOKEN: _t, PAYCFG_BASE_URL: _u, ...inherited } = process.env;
  const result = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', script],
      {
        cwd,
        env: {
          ...inherited,
          PATH: `${workspace.bin}:${process.env['PATH'] ?? ''}`,
          NO_COLOR: '1',
          CI: 'true',
          RUNNER_TEMP: workspace.temp,
          GITHUB_OUTPUT: files.output,
          GITHUB_STEP_SUMMARY: files.summary,
          GITHUB_PATH: files.path,
          GITHUB_ACTION_PATH: repoRoot,
          ...env,
          ...stepEnv,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr }),
    );
  });
  const argvLog = readFileSync(join(workspace.dir, '.paycfg-argv'), 'utf8');
  return {
    ...result,
    outputs: parseGithubOutput(readFileSync(files.output, 'utf8')),
    summary: readFileSync(files.summary, 'utf8'),
    githubPath: readFileSync(files.path, 'utf8'),
    paycfgArgv: argvLog.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as string[]),
  };
}
