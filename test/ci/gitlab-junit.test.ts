/**
 * docs/ci.md's GitLab job for the findings as a JUnit test report: a job of the shipped recipe's
 * shape whose `--junit FILE` is the file its `artifacts: reports: junit:` declares, kept when the job
 * fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { expectKnownInvocation, readYaml, repoRoot, shellInvocations } from './ci-files.js';

interface Job {
  extends: string;
  stage: string;
  rules: { if: string; changes?: string[] }[];
  script: string[];
  artifacts: { when: string; reports: { junit: string } };
}

const guide = readFileSync(join(repoRoot, 'docs/ci.md'), 'utf8');
const section = guide.slice(guide.indexOf('### Findings as a GitLab test report'));
const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const jobs = parse(block) as Record<string, Job>;
const job = jobs['paycfg:findings']!;
const recipe = readYaml<Record<string, unknown>>('examples/ci/gitlab-ci.yml');

describe('docs/ci.md: the GitLab job for a JUnit test report', () => {
  it('extends the recipe’s template, runs in merge requests, and declares the file --junit writes as a JUnit report kept when the job fails', () => {
    expect(Object.keys(jobs)).toEqual(['paycfg:findings']);
    expect(recipe[job.extends]).toBeDefined();
    expect(job.rules).toEqual((recipe['paycfg:plan'] as Job).rules);
    const [argv] = shellInvocations(job.script.join('\n'));
    expect(argv?.slice(0, 2)).toEqual(['validate', '-f']);
    const junit = argv![argv!.indexOf('--junit') + 1];
    expect(junit).toBe('paycfg-junit.xml');
    expect(job.artifacts).toEqual({ when: 'always', reports: { junit } });
  });

  // Runs the CLI's parser: passes once --junit is wired into validate (issue 32's merge).
  it('runs paycfg validate with flags it has', async () => {
    for (const argv of shellInvocations(job.script.join('\n'))) await expectKnownInvocation(argv, 'docs/ci.md (GitLab JUnit job)');
  });
});
