import { createInterface } from 'node:readline';
import { ExitCode, PaycfgError } from '../errors.js';

/**
 * The person at the prompt said no without answering: Ctrl-C (`interrupt`) or Ctrl-D on an empty
 * line, or the end of the input (`end-of-input`). Not a failure of paycfg: the command that asked
 * says what it did not do. Ctrl-C ends with 130, as a shell reports a process stopped by it.
 */
export class PromptCancelled extends PaycfgError {
  readonly code = 'CANCELLED';
  override readonly exitCode: ExitCode;
  readonly by: 'interrupt' | 'end-of-input';

  constructor(by: 'interrupt' | 'end-of-input') {
    super(by === 'interrupt' ? 'cancelled with Ctrl-C at the prompt' : 'cancelled: the input ended at the prompt');
    this.by = by;
    this.exitCode = by === 'interrupt' ? ExitCode.Interrupted : ExitCode.Error;
  }
}

/**
 * Asks one question and reads one line. Resolves with the line; rejects with PromptCancelled for
 * Ctrl-C, Ctrl-D on an empty line or the end of the input, never with readline's own errors (its
 * promise API rejects with an AbortError, which reads as a bug). With `terminal` (a terminal on
 * both sides) readline reads keys in raw mode, so Ctrl-C arrives as a key, not as a signal; the
 * interface is closed whatever the outcome, which gives the terminal its line mode back.
 */
export function askLine(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, question: string, terminal: boolean): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input, output, terminal });
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      rl.close();
      outcome();
    };
    const cancel = (by: PromptCancelled['by']): void =>
      settle(() => {
        // The cursor is still after the question: what follows starts on a line of its own.
        output.write('\n');
        reject(new PromptCancelled(by));
      });
    rl.on('SIGINT', () => cancel('interrupt'));
    rl.on('close', () => cancel('end-of-input'));
    rl.question(question, (answer) => settle(() => resolve(answer)));
  });
}
