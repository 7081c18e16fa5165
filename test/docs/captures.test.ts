/**
 * Every terminal capture in README.md and docs/ is what paycfg prints today: the captures are run
 * again (scripts/captures/, one simulator for all) and each committed block must read the same,
 * once what differs from run to run (times, ids, hashes, the port) is normalised on both sides.
 * Every block that shows output is a capture, so none can go stale unseen.
 */
import { describe, expect, it } from 'vitest';
import { captureBlocks, CaptureBlockError, firstDifference, normalised, uncapturedOutputBlocks, withCaptures } from '../../scripts/captures/blocks.js';
import { CAPTURES } from '../../scripts/captures/catalogue.js';
import { readPages, runCaptures } from '../../scripts/captures/pages.js';

describe('captured blocks in a page', () => {
  const page = ['# A page', '', '<!-- capture: tour-plan -->', '```console', '$ paycfg plan', 'old output', '```', '', '- a list item:', '  <!-- capture: impact -->', '  ```text', '  impact: old', '  ```', ''].join('\n');

  it('finds each block after its marker, a list item’s indentation removed', () => {
    expect(captureBlocks(page).map(({ name, line, info, body, indent }) => ({ name, line, info, body, indent }))).toEqual([
      { name: 'tour-plan', line: 3, info: 'console', body: '$ paycfg plan\nold output', indent: '' },
      { name: 'impact', line: 10, info: 'text', body: 'impact: old', indent: '  ' },
    ]);
  });

  it('refuses a marker with no block under it, and a block never closed', () => {
    expect(() => captureBlocks('<!-- capture: x -->\ntext\n', 'p.md')).toThrow(new CaptureBlockError('p.md:1: capture x is not followed by a fenced block on the next line'));
    expect(() => captureBlocks('<!-- capture: x -->\n```text\nnever closed\n', 'p.md')).toThrow('p.md:2: the block of capture x is never closed');
  });

  it('puts new bodies in, indented as the block was, and leaves the rest of the page alone', () => {
    const next = withCaptures(page, (name) => (name === 'impact' ? 'impact: new\n\nsecond' : '$ paycfg plan\nnew output'));
    expect(next).toBe(page.replace('old output', 'new output').replace('  impact: old', '  impact: new\n\n  second'));
  });

  it('lengthens the fence when the body holds one, so that no line of the output can close the block', () => {
    const next = withCaptures(page, (name) => (name === 'tour-plan' ? '```diff\n+ x\n```' : undefined));
    expect(next).toContain('<!-- capture: tour-plan -->\n````console\n```diff\n+ x\n```\n````\n');
    expect(captureBlocks(next)[0]!.body).toBe('```diff\n+ x\n```');
  });

  it('keeps a committed block whose new output differs only in times, ids, hashes and the port', () => {
    const committed = '<!-- capture: j -->\n```console\nstarted 2026-11-25T02:40:56.714Z at http://127.0.0.1:8080 (1.3 s), run 0c11c944-4b98-4837-9946-01855b3dd021, plan sha256:748affe9e781\n```';
    const rerun = 'started 2026-11-28T01:04:31.005Z at http://127.0.0.1:41234 (12 ms), run cc663264-b974-48f6-a887-341341a3e809, plan sha256:5b41ed93e002';
    expect(withCaptures(committed, () => rerun)).toBe(committed);
    expect(firstDifference(captureBlocks(committed)[0]!.body, rerun)).toBeUndefined();
    expect(withCaptures(committed, () => `${rerun}, 2 done`)).toContain('2 done');
  });

  it('rewrites every block of a page where one changed, so that the blocks of one run stay of one run', () => {
    const two = '<!-- capture: a -->\n```text\nplan sha256:748affe9e781\n```\n<!-- capture: b -->\n```text\nend\n```';
    const next = withCaptures(two, (name) => (name === 'a' ? 'plan sha256:5b41ed93e002' : 'the end'));
    expect(captureBlocks(next).map((block) => block.body)).toEqual(['plan sha256:5b41ed93e002', 'the end']);
  });

  it('names the first line that differs, within the block', () => {
    expect(firstDifference('a\nb\nc', 'a\nB\nc')).toEqual({ line: 2, committed: 'b', generated: 'B' });
    expect(firstDifference('a', 'a\nmore')).toEqual({ line: 2, committed: '(the block ends here)', generated: 'more' });
    expect(normalised('Plan hash sha256:748affe9e781 ')).toBe('Plan hash sha256:<hash of 12>');
    expect(normalised(`plan sha256:${'a'.repeat(64)}`)).not.toBe(normalised('plan sha256:748affe9e781'));
    expect(normalised('⠙ Write acquirer profiles (0/1): stopping')).toBe(normalised('⠋ Write acquirer profiles (0/1): stopping'));
  });

  it('tells a block of output that is no capture from commands to type', () => {
    const md = [
      '```console', 'npm ci', 'npx paycfg plan -f examples/basic', '```',
      '```console', '$ npx paycfg apply PLANFILE [--json]', '```',
      '```console', '$ paycfg journal j.jsonl', 'Journal j.jsonl: 1 run.', '```',
      '```text', 'Error: something', '```',
      '<!-- capture: x -->', '```text', 'captured', '```',
      '```yaml', 'a: 1', '```',
    ].join('\n');
    expect(uncapturedOutputBlocks(md)).toEqual([8, 12]);
  });
});

describe('the captures of README.md and docs/', () => {
  const pages = readPages();

  it('every block of paycfg output is a capture, and every capture a page names exists', () => {
    // docs/cli.md is the commands' --help, written by npm run docs:cli and checked by test/cli/cli-docs.test.ts.
    const uncaptured = pages
      .filter(({ page }) => page !== 'docs/cli.md')
      .flatMap(({ page, text }) => uncapturedOutputBlocks(text).map((line) => `${page}:${line}`));
    expect(uncaptured, 'output blocks that are no capture: add a capture in scripts/captures/catalogue.ts and a <!-- capture: NAME --> line above the block').toEqual([]);
    const named = pages.flatMap(({ blocks }) => blocks.map((block) => block.name));
    expect(named.filter((name) => !(name in CAPTURES))).toEqual([]);
    expect(Object.keys(CAPTURES).filter((name) => !named.includes(name)), 'captures no page shows').toEqual([]);
  });

  it(
    'every captured block reads as paycfg prints it today (npm run docs:captures rewrites them)',
    async () => {
      const bodies = await runCaptures(pages);
      const stale: string[] = [];
      for (const { page, blocks } of pages) {
        for (const block of blocks) {
          const difference = firstDifference(block.body, bodies.get(block.name)!);
          if (difference === undefined) continue;
          stale.push(
            `${page}:${block.line + 1 + difference.line}: capture ${block.name} is stale at its line ${difference.line}:\n` +
              `  committed: ${difference.committed}\n  today:     ${difference.generated}`,
          );
        }
      }
      expect(stale, `${stale.join('\n')}\nRun \`npm run docs:captures\` and commit the result.`).toEqual([]);
    },
    180_000,
  );
});
