import { ExitCode } from '../errors.js';
import { PromptCancelled } from './prompt.js';

export type Approval = { approved: true } | { approved: false; exitCode: ExitCode; note?: string };

/**
 * Asks for approval, as Terraform does: only `yes` approves; any other answer, Ctrl-D or Ctrl-C
 * declines, with the exit code the command ends with (130 for Ctrl-C). `question` says what is
 * approved and where; the closing words are the same for every command that asks.
 */
export async function askApproval(ask: (question: string) => Promise<string>, question: string): Promise<Approval> {
  try {
    const answer = await ask(`\n${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `);
    if (answer.trim() === 'yes') return { approved: true };
    return { approved: false, exitCode: ExitCode.Error, ...(answer.trim() !== '' ? { note: "only 'yes' approves" } : {}) };
  } catch (error) {
    if (error instanceof PromptCancelled) return { approved: false, exitCode: error.exitCode };
    throw error;
  }
}
