/**
 * Every GitHub workflow and action file the repository ships, checked offline with GitHub's own
 * parser (@actions/workflow-parser, the one behind GitHub's Actions language server): the schema
 * of every key, the allowed values, the expressions and the contexts each may use. It knows
 * `concurrency: queue`, which SchemaStore's schema (used by @action-validator/core) refuses.
 * What the parser leaves to the runner (the form of a `uses:` reference) is checked here too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './ci-files.js';
import { actionErrors, badUses, workflowErrors } from './github-parser.js';

function yamlFiles(directory: string): string[] {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
}

/** The files the repository ships for GitHub: action.yml, and every workflow under examples/ and .github/workflows/. */
function shippedFiles(): { actions: string[]; workflows: string[] } {
  const actions = [join(repoRoot, 'action.yml')];
  const workflows: string[] = [];
  for (const file of [...yamlFiles(join(repoRoot, 'examples')), ...yamlFiles(join(repoRoot, '.github'))]) {
    if (/^action\.ya?ml$/.test(basename(file))) actions.push(file);
    else if (file.includes(`${join('.github', 'workflows')}`)) workflows.push(file);
    else {
      // A GitHub workflow has `on:` and `jobs:`; a GitLab file or a manifest has not.
      const document = parse(readFileSync(file, 'utf8')) as Record<string, unknown> | null;
      if (document !== null && typeof document === 'object' && 'jobs' in document && 'on' in document) workflows.push(file);
    }
  }
  return { actions, workflows };
}

const shipped = shippedFiles();

describe('GitHub workflow and action files, validated offline with GitHub’s parser', () => {
  it('finds the action and the example workflow', () => {
    expect(shipped.actions.map((file) => relative(repoRoot, file))).toContain('action.yml');
    expect(shipped.workflows.map((file) => relative(repoRoot, file))).toContain(join('examples', 'ci', 'paycfg.yml'));
  });

  it.each(shipped.actions.map((file) => [relative(repoRoot, file), file]))('%s is a valid action', (name, file) => {
    const content = readFileSync(file, 'utf8');
    expect(actionErrors(name, content)).toEqual([]);
    expect(badUses(content)).toEqual([]);
  });

  it.each(shipped.workflows.map((file) => [relative(repoRoot, file), file]))('%s is a valid workflow', async (name, file) => {
    const content = readFileSync(file, 'utf8');
    expect(await workflowErrors(name, content)).toEqual([]);
    expect(badUses(content)).toEqual([]);
  });

  it('the example pins the paycfg action by a full commit SHA and queues its applies with queue: max', () => {
    const content = readFileSync(join(repoRoot, 'examples/ci/paycfg.yml'), 'utf8');
    const refs = [...content.matchAll(/uses: paycfg\/paycfg@(\S+)/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^[0-9a-f]{40}$/);
    expect(content).toMatch(/^ {6}queue: max$/m);
  });
});

describe('the validator refuses what GitHub refuses', () => {
  const example = readFileSync(join(repoRoot, 'examples/ci/paycfg.yml'), 'utf8');
  const action = readFileSync(join(repoRoot, 'action.yml'), 'utf8');

  it('a workflow with a mistyped key, a wrong value or an unknown function', async () => {
    expect(await workflowErrors('w.yml', example.replace(/^ {4}runs-on:/m, '    runs_on:'))).toEqual(
      expect.arrayContaining([expect.stringContaining("Unexpected value 'runs_on'"), expect.stringContaining('Required property is missing: runs-on')]),
    );
    expect(await workflowErrors('w.yml', example.replace(/^ {6}queue: max$/m, '      queue: maximum'))).toEqual([expect.stringContaining("Unexpected value 'maximum'")]);
    expect(await workflowErrors('w.yml', example.replace(/^ {6}queue: max$/m, '      queues: max'))).toEqual([expect.stringContaining("Unexpected value 'queues'")]);
    expect(await workflowErrors('w.yml', example.replace("hashFiles('paycfg-journal.jsonl')", "hashFile('paycfg-journal.jsonl')"))).toEqual([
      expect.stringContaining("Unrecognized function: 'hashFile'"),
    ]);
    expect(badUses(example.replace(/paycfg\/paycfg@/, 'paycfg/paycfg#'))).toHaveLength(1);
  });

  it('an action with a mistyped key or a step without its shell', () => {
    expect(actionErrors('action.yml', action.replace('outputs:\n', 'output:\n'))).toEqual(expect.arrayContaining([expect.stringContaining("Unexpected value 'output'")]));
    expect(actionErrors('action.yml', action.replace(/^ {6}shell: bash\n/m, ''))).toEqual([expect.stringContaining('Required property is missing: shell')]);
  });
});
