/**
 * SLOW (about a minute): this suite packs paycfg with `npm pack` (which builds dist/ through the
 * `prepack` script, so it never tests a stale build), installs the tarball into an empty
 * temporary project with `npm install`, and there runs what a new user runs: `npx paycfg`
 * against the embedded simulator, and a TypeScript file that imports the library. It checks that
 * the install prints no warning of ours, and that every relative link of every Markdown file the
 * package ships resolves inside the installed package. It needs the package registry for
 * paycfg's dependencies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headingAnchors, relativeLinks } from '../helpers/markdown-links.js';
import { runCommand, stopProcessGroup, userEnv, type Run } from '../helpers/user-shell.js';

const REPO = resolve(import.meta.dirname, '../..');
const GROUP = 'G-00000001';

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = userEnv()): Promise<Run> {
  return runCommand(command, args, cwd, env);
}

async function mustRun(command: string, args: readonly string[], cwd: string): Promise<Run> {
  const result = await run(command, args, cwd);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  return result;
}

let work: string;
let project: string;
let installed: string;
let install: Run;
let sim: ChildProcess | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'paycfg-pack-'));
  project = join(work, 'project');
  await mustRun('npm', ['pack', '--pack-destination', work], REPO);
  const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack wrote no tarball to ${work}`);
  await mustRun('mkdir', [project], work);
  await mustRun('npm', ['init', '-y'], project);
  install = await mustRun('npm', ['install', join(work, tarball), '--no-audit', '--no-fund', '--prefer-offline'], project);
  installed = join(project, 'node_modules', 'paycfg');
  // The tutorial starts from the example the package ships: a copy of it, as the README says.
  await cp(join(project, 'node_modules/paycfg/examples/basic'), join(project, 'basic'), { recursive: true });
}, 180_000);

afterAll(async () => {
  // The simulator's process group: npx and the node it started.
  stopProcessGroup(sim);
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe('the packed package, installed into an empty project (slow: npm pack and npm install)', { timeout: 180_000 }, () => {
  it('ships what runs and nothing of the sources, tests or source maps', async () => {
    const listing = await mustRun('tar', ['-tzf', (await readdir(work)).map((name) => join(work, name)).find((p) => p.endsWith('.tgz'))!], work);
    const files = listing.stdout.split('\n').filter((line) => line !== '');
    expect(files).toEqual(
      expect.arrayContaining([
        'package/LICENSE',
        'package/README.md',
        'package/bin/paycfg.js',
        'package/bundle/paycfg.mjs',
        'package/dist/index.js',
        'package/dist/index.d.ts',
        'package/dist/package-files.js',
        'package/schemas/manifest.schema.json',
        'package/schemas/plan.schema.json',
        'package/examples/basic/paycfg.yaml',
        'package/docs/ci.md',
        'package/action.yml',
      ]),
    );
    expect(files.filter((file) => /^package\/(src|test|scripts)\//.test(file) || file.endsWith('.map'))).toEqual([]);
  });

  it('installs without a warning or an error of ours: no install script runs', () => {
    const lines = `${install.stdout}\n${install.stderr}`.split('\n').filter((line) => /^npm (warn|error|ERR!)/i.test(line));
    // A dependency's own deprecation notice is the dependency's, and changes with the registry: shown, not failed on.
    const theirs = lines.filter((line) => /^npm warn deprecated (?!paycfg@)/i.test(line));
    if (theirs.length > 0) console.log(`npm install of the tarball: dependencies' notices:\n${theirs.join('\n')}`);
    expect(lines.filter((line) => !theirs.includes(line))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts?.[hook], hook).toBeUndefined();
  });

  it('every relative link of every Markdown file it ships resolves inside the installed package, anchors included', async () => {
    const pages = (await readdir(installed, { recursive: true })).filter((file) => file.endsWith('.md') && !file.split(sep).includes('node_modules'));
    expect(pages).toEqual(expect.arrayContaining(['README.md', join('docs', 'ci.md')]));
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages) {
      const file = join(installed, page);
      for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
        checked += 1;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        const inside = !relative(installed, resolved).startsWith('..');
        if (!inside || !existsSync(resolved)) broken.push(`${page}: ${target} (${inside ? 'not in the package' : 'outside the package'})`);
        else if (anchor !== undefined && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('npx paycfg --version prints the package version, from the bundle the bin runs', async () => {
    const { version } = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const result = await run('npx', ['paycfg', '--version'], project);
    expect(result).toMatchObject({ code: 0, stdout: `paycfg ${version}\n` });
    expect(readFileSync(join(installed, 'bin/paycfg.js'), 'utf8')).toContain("import '../bundle/paycfg.mjs';");
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
      `import { createClient, exportGroup, plan, signSimToken, startSimulator } from 'paycfg';
const sim = await startSimulator({ port: 0 });
const client = createClient({ baseUrl: sim.url, token: signSimToken({ groupId: '${GROUP}' }) });
try {
  const planned = await plan({ manifest: 'basic', client, env: { TILL_ADMIN_PASSWORD: 'x' } });
  // The modeline names the schema where dist/ finds its package root: node_modules/paycfg.
  const exported = await exportGroup({ client, target: { kind: 'stdout' } });
  process.stdout.write(JSON.stringify({ formatVersion: planned.formatVersion, group: planned.group.groupId, creates: planned.summary.create, modeline: exported.text.split('\\n')[0] }));
} finally {
  await client.close();
  await sim.close();
}
`,
    );
    const ran = await run(process.execPath, ['run.mjs'], project);
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toMatchObject({
      formatVersion: 1,
      group: GROUP,
      creates: expect.any(Number),
      modeline: '# yaml-language-server: $schema=node_modules/paycfg/schemas/manifest.schema.json',
    });
    expect((JSON.parse(ran.stdout) as { creates: number }).creates).toBeGreaterThan(0);
  });
});
