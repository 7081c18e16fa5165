/**
 * The Dockerfile, checked statically: no container engine runs here. dockerfile-utils (the
 * Dockerfile language server's validator) for what Docker would refuse, its parser dockerfile-ast
 * for the image's shape: multi-stage, Node 20 pinned by tag, the package's tarball installed with
 * production dependencies only, a numeric non-root user, paycfg as the entrypoint, no secret.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../ci/ci-files.js';

const content = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
const dockerfile = DockerfileParser.parse(content);
const froms = dockerfile.getFROMs();
const instructions = dockerfile.getInstructions();
/** The instructions of each stage, from its FROM to the next. */
const stages = froms.map((from, i) => {
  const start = instructions.indexOf(from);
  const end = i + 1 < froms.length ? instructions.indexOf(froms[i + 1]!) : instructions.length;
  return { name: from.getBuildStage(), from, instructions: instructions.slice(start + 1, end) };
});
const runtime = stages.at(-1)!;
const build = stages[0]!;
const of = (list: readonly Instruction[], keyword: string): Instruction[] => list.filter((instruction) => instruction.getKeyword() === keyword);
const args = (instruction: Instruction): string => instruction.getArgumentsContent() ?? '';
const errors = (text: string) => validate(text).filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error);

describe('Dockerfile', () => {
  it('has no error for dockerfile-utils, which finds one in a broken copy', () => {
    expect(errors(content)).toEqual([]);
    expect(errors(content.replace(/^USER 1000:1000$/m, 'USER'))).not.toEqual([]);
    expect(errors(content.replace(/^WORKDIR \/work$/m, 'WORKDIRR /work'))).not.toEqual([]);
    expect(errors(content.replace('COPY --from=build /pack/ /tmp/pack/', 'COPY --frm=build /pack/ /tmp/pack/'))).not.toEqual([]);
  });

  it('two stages, each on the official Node 20 image pinned by a full version tag (alpine or slim)', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    for (const from of froms) {
      expect(from.getImageName()).toBe('node');
      expect(from.getImageTag()).toMatch(/^20\.\d+\.\d+-(alpine3\.\d+|(bookworm|bullseye|trixie)-slim)$/);
    }
    expect(content).toMatch(/digest/i);
  });

  it('builds the package’s tarball with npm ci and npm pack, and installs only that tarball, with production dependencies', () => {
    const buildRuns = of(build.instructions, 'RUN').map(args).join('\n');
    expect(buildRuns).toMatch(/\bnpm ci\b/);
    expect(buildRuns).toMatch(/\bnpm pack\b/);
    const copies = of(runtime.instructions, 'COPY').map((instruction) => instruction.getTextContent().replace(/^COPY\s+/, ''));
    expect(copies).toEqual(['--from=build /pack/ /tmp/pack/']);
    const install = of(runtime.instructions, 'RUN').map(args).join('\n');
    expect(install).toMatch(/npm install --global --omit=dev .*\/tmp\/pack\/paycfg-\*\.tgz/);
    expect(install).toContain('rm -rf /tmp/pack');
  });

  it('runs as the node user by number, paycfg as its entrypoint, in /work', () => {
    const users = of(runtime.instructions, 'USER').map(args);
    expect(users.at(-1)).toMatch(/^1000(:1000)?$/);
    expect(of(runtime.instructions, 'ENTRYPOINT').map(args)).toEqual(['["paycfg"]']);
    expect(of(runtime.instructions, 'WORKDIR').map(args).at(-1)).toBe('/work');
    // USER comes after every RUN: nothing of the image runs as root at run time.
    const lastUser = runtime.instructions.findLastIndex((instruction) => instruction.getKeyword() === 'USER');
    expect(runtime.instructions.slice(lastUser).filter((instruction) => instruction.getKeyword() === 'RUN')).toEqual([]);
  });

  it('holds no secret: no ENV or ARG named for one, and the build context is an allowlist without .env, .npmrc or .git', () => {
    for (const instruction of [...of(instructions, 'ENV'), ...of(instructions, 'ARG')]) expect(args(instruction)).not.toMatch(/TOKEN|SECRET|PASSWORD|NPM_AUTH|_KEY\b/i);
    // A secret the build reads (an .npmrc, a secret mount) would be a sign one is needed, and could stay in a layer.
    expect(instructions.map((instruction) => instruction.getTextContent()).join('\n')).not.toMatch(/--mount=type=secret|\.npmrc/);
    const ignore = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(ignore[0]).toBe('*');
    for (const allowed of ignore.slice(1)) expect(allowed).not.toMatch(/^!(\.env|\.npmrc|\.git|node_modules|test)/);
    // What `npm pack` packs, and what the build reads, is let in; dist/ the build makes itself.
    const packageFiles = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { files: string[] }).files;
    const allows = new Set(ignore.slice(1).map((line) => line.replace(/^!/, '').replace(/\/$/, '')));
    for (const file of [...packageFiles.filter((file) => file !== 'dist'), 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'src']) expect(allows, file).toContain(file);
  });
});
