import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/errors.js';
import { askLine, PromptCancelled } from '../../src/cli/prompt.js';

/** A keyboard and a screen for readline in terminal mode: keys are read one by one, as from a raw tty. */
function terminal() {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString('utf8')));
  return { input, output, shown: () => shown };
}

async function cancelled(answer: Promise<string>): Promise<PromptCancelled> {
  const error = await answer.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PromptCancelled);
  return error as PromptCancelled;
}

describe('askLine', () => {
  it('resolves with the line typed', async () => {
    const t = terminal();
    const answer = askLine(t.input, t.output, 'Enter a value: ', true);
    t.input.write('yes\r');
    await expect(answer).resolves.toBe('yes');
    expect(t.shown()).toContain('Enter a value: ');
  });

  it('rejects Ctrl-C as an interrupt, exit code 130, and ends the line', async () => {
    const t = terminal();
    const answer = askLine(t.input, t.output, 'Enter a value: ', true);
    t.input.write('ye\u0003');
    const error = await cancelled(answer);
    expect(error.by).toBe('interrupt');
    expect(error.exitCode).toBe(ExitCode.Interrupted);
    expect(t.shown()).toMatch(/\n$/);
  });

  it('rejects Ctrl-D on an empty line as the end of the input, exit code 1', async () => {
    const t = terminal();
    const answer = askLine(t.input, t.output, 'Enter a value: ', true);
    t.input.write('\u0004');
    const error = await cancelled(answer);
    expect(error.by).toBe('end-of-input');
    expect(error.exitCode).toBe(ExitCode.Error);
  });

  it('rejects an input that ends before a line, outside a terminal too', async () => {
    const t = terminal();
    const answer = askLine(t.input, t.output, 'Enter a value: ', false);
    t.input.end();
    expect((await cancelled(answer)).by).toBe('end-of-input');
  });
});
