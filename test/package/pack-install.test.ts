/**
 * SLOW (about a minute): this suite packs paycfg with `npm pack` (which builds dist/ through the
 * `prepare` script, so it never tests a stale build), installs the tarball into an empty
 * temporary project with `npm install`, and there runs what a new user runs: `npx paycfg`
 * against the embedded simulator, and a TypeScript file that imports the library. It needs the
 * package registry for paycfg's dependencies.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const GROUP = 'G-00000001';

/** The environment of a user's shell: nothing of the npm or vitest run that started this suite. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|PAYCFG_|VITEST|TILL_)/i.test(name) && name !== 'NODE_OPTIONS' && name !== 'CI') env[name] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = userEnv()): Promise<Run> {
  return new Promise((done) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, stdout, stderr });
    });
  });
}

async function mustRun(command: string, args: readonly string[], cwd: string): Promise<Run> {
  const result = await run(command, args, cwd);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  return result;
}

let work: string;
let project: string;
let sim: ChildProcess | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'paycfg-pack-'));
  project = join(work, 'project');
  await mustRun('npm', ['pack', '--pack-destination', work], REPO);
  const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack wrote no tarball to ${work}`);
  await mustRun('mkdir', [project], work);
  await mustRun('npm', ['init', '-y'], project);
  await mustRun('npm', ['install', join(work, tarball), '--no-audit', '--no-fund', '--prefer-offline'], project);
  // The tutorial starts from the example the package ships: a copy of it, as the README says.
  await cp(join(project, 'node_modules/paycfg/examples/basic'), join(project, 'basic'), { recursive: true });
}, 180_000);

afterAll(async () => {
  // The simulator's process group: npx and the node it started.
  if (sim?.pid !== undefined && sim.exitCode === null) {
    try {
      process.kill(-sim.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe('the packed package, installed into an empty project (slow: npm pack and npm install)', { timeout: 180_000 }, () => {
  it('ships what runs and nothing of the sources, tests or source maps', async () => {
    const listing = await mustRun('tar', ['-tzf', (await readdir(work)).map((name) => join(work, name)).find((p) => p.endsWith('.tgz'))!], work);
    const files = listing.stdout.split('\n').filter((line) => line !== '');
    expect(files).toEqual(expect.arrayContaining(['package/LICENSE', 'package/README.md', 'package/bin/paycfg.js', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/cli/main.js', 'package/schemas/manifest.schema.json', 'package/schemas/plan.schema.json', 'package/examples/basic/paycfg.yaml']));
    expect(files.filter((file) => /^package\/(src|test|scripts)\//.test(file) || file.endsWith('.map'))).toEqual([]);
  });

  it('npx paycfg --version prints the package version', async () => {
    const { version } = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const result = await run('npx', ['paycfg', '--version'], project);
    expect(result).toMatchObject({ code: 0, stdout: `paycfg ${version}\n` });
  });

  it('npx paycfg validate accepts the basic example', async () => {
    const result = await run('npx', ['paycfg', 'validate', '-f', 'basic'], project, userEnv({ TILL_ADMIN_PASSWORD: 'demo-admin-pw' }));
    // stderr is not checked: npx may warn there about the user's own npm configuration.
    expect(result, result.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining('manifest valid') });
  });

  it('runs the demo loop against npx paycfg sim: plan finds changes, apply makes them, plan finds none', async () => {
    sim = spawn('npx', ['paycfg', 'sim', '--port', '0'], { cwd: project, env: userEnv(), detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((found, failed) => {
      const lines = createInterface({ input: sim!.stdout! });
      lines.on('line', (line) => {
        const match = /^listening on (http:\/\/\S+)$/.exec(line);
        if (match !== null) found(match[1]!);
      });
      sim!.on('exit', (code) => failed(new Error(`paycfg sim exited ${code} before listening`)));
    });
    const token = await run('npx', ['paycfg', 'sim', 'token', '--group', GROUP], project);
    expect(token.code).toBe(0);
    const env = userEnv({ PAYCFG_BASE_URL: url, PAYCFG_TOKEN: token.stdout.trim(), TILL_ADMIN_PASSWORD: 'demo-admin-pw' });
    const codes: number[] = [];
    for (const args of [
      ['plan', '-f', 'basic', '--detailed-exitcode'],
      ['apply', '-f', 'basic', '--auto-approve'],
      ['plan', '-f', 'basic', '--detailed-exitcode'],
    ]) {
      const result = await run('npx', ['paycfg', ...args], project, env);
      codes.push(result.code);
      if (result.code > 2) throw new Error(`paycfg ${args.join(' ')} exited ${result.code}:\n${result.stderr}`);
    }
    expect(codes).toEqual([2, 0, 0]);
  });

  it('imports the library: a TypeScript file type-checks against the shipped types and its JavaScript runs', async () => {
    await writeFile(
      join(project, 'check.ts'),
      `import { apply, createClient, ExitCode, PaycfgError, plan, renderPlanText, signSimToken, startSimulator, type ApplyReport, type Plan } from 'paycfg';

export async function planBasic(): Promise<Plan> {
  const sim = await startSimulator({ port: 0 });
  const client = createClient({ baseUrl: sim.url, token: signSimToken({ groupId: '${GROUP}' }) });
  try {
    const planned: Plan = await plan({ manifest: ['basic'], client, env: { TILL_ADMIN_PASSWORD: 'x' } });
    const applied: ApplyReport = await apply({ manifest: 'basic', client, env: { TILL_ADMIN_PASSWORD: 'x' } });
    const failed: number = applied.failed;
    process.stdout.write(renderPlanText(planned, { color: false }) + String(failed));
    return planned;
  } catch (error) {
    if (error instanceof PaycfgError && error.exitCode === ExitCode.Error) process.exitCode = error.exitCode;
    throw error;
  } finally {
    await client.close();
    await sim.close();
  }
}

// The types are real, not \`any\`: a plan needs a client.
// @ts-expect-error client is required
void plan({ manifest: 'basic' });
`,
    );
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: ['node'], typeRoots: [join(REPO, 'node_modules/@types')] },
        files: ['check.ts'],
      }),
    );
    const tsc = await run(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], project);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);

    await writeFile(
      join(project, 'run.mjs'),
      `import { createClient, plan, signSimToken, startSimulator } from 'paycfg';
const sim = await startSimulator({ port: 0 });
const client = createClient({ baseUrl: sim.url, token: signSimToken({ groupId: '${GROUP}' }) });
try {
  const planned = await plan({ manifest: 'basic', client, env: { TILL_ADMIN_PASSWORD: 'x' } });
  process.stdout.write(JSON.stringify({ formatVersion: planned.formatVersion, group: planned.group.groupId, creates: planned.summary.create }));
} finally {
  await client.close();
  await sim.close();
}
`,
    );
    const ran = await run(process.execPath, ['run.mjs'], project);
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toMatchObject({ formatVersion: 1, group: GROUP, creates: expect.any(Number) });
    expect((JSON.parse(ran.stdout) as { creates: number }).creates).toBeGreaterThan(0);
  });
});
