import { showControls } from '../util/visible-text.js';

/**
 * What to run after an apply that left work undone, as commands to copy. An apply from -f runs
 * again with the same -f paths (and targets): it plans afresh and picks up where the run stopped.
 * A saved plan cannot: the group it was computed against has changed, so apply refuses it; the
 * way on is a new plan of the same manifest, saved over the old one, then applied.
 */
export interface NextSteps {
  /** After a run with failed changes. */
  readonly afterFailure: string;
  /** After an interrupted run (Ctrl-C, SIGTERM): running changes finished, others never started. */
  readonly afterInterrupt: string;
  /** After a stop at once, whose changes in flight may be half-done. */
  readonly afterStop: string;
  /** When a saved plan is refused because the group moved since it was made (a saved plan only). */
  readonly afterStale?: string;
}

/**
 * `journal`: the --journal file of the run, kept in the next apply so that it lands in the same
 * audit trail. `environment`: the --env of the run, which names the manifests (and the plan's
 * environment) in place of -f.
 */
export type ApplySource =
  | { readonly files: readonly string[]; readonly targets: readonly string[]; readonly journal?: string | undefined; readonly environment?: string | undefined }
  | {
      readonly planFile: string;
      readonly manifestFiles: readonly string[];
      readonly targets: readonly string[];
      readonly journal?: string | undefined;
      readonly environment?: string | undefined;
      /**
       * A promotion plan's source environment: its way on is a new promotion, whose changes are
       * proven again, never a plain plan of the target (which would step round the proof).
       */
      readonly promotedFrom?: string | undefined;
    };

/** Characters a POSIX shell reads as part of a plain word. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * A word as it is typed in a shell: plain, or in single quotes (a quote inside written '\'').
 * Control characters are shown as escapes: the text is for reading, and must not move the cursor.
 */
export function shellWord(word: string): string {
  const quoted = word !== '' && PLAIN_WORD.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
  return showControls(quoted);
}

function flags(name: string, values: readonly string[]): string {
  return values.map((value) => ` ${name} ${shellWord(value)}`).join('');
}

export function nextSteps(source: ApplySource): NextSteps {
  const targets = flags('--target', source.targets);
  const journal = source.journal === undefined ? '' : flags('--journal', [source.journal]);
  const environment = source.environment === undefined ? '' : flags('--env', [source.environment]);
  if ('files' in source) {
    const manifest = environment !== '' ? environment : flags('-f', source.files);
    const apply = `\`paycfg apply${manifest}${targets}${journal}\``;
    return {
      afterFailure: `Run ${apply} again once the cause is fixed: it picks up where this run stopped.`,
      afterInterrupt: `Run ${apply} again to finish the job: it picks up where this run stopped.`,
      afterStop: `Run \`paycfg plan${manifest}${targets}\` to see where the group stands: ${apply} again finishes the job.`,
    };
  }
  // A plan read from standard input is planned from it again; a plan that names no file, from PATH.
  const files = source.manifestFiles.map((file) => (file === '<stdin>' ? '-' : file));
  const manifest = environment !== '' ? environment : files.length > 0 ? flags('-f', files) : ' -f PATH';
  const plan =
    source.promotedFrom !== undefined && source.environment !== undefined
      ? `\`paycfg promote${flags('--from', [source.promotedFrom])}${flags('--to', [source.environment])}${targets} -o ${shellWord(source.planFile)}\``
      : `\`paycfg plan${manifest}${targets} -o ${shellWord(source.planFile)}\``;
  const apply = `\`paycfg apply ${shellWord(source.planFile)}${environment}${journal}\``;
  const outgrown = 'This saved plan cannot be applied again: the group has changed since it was made.';
  return {
    afterFailure: `${outgrown} Once the cause is fixed, make a new plan with ${plan} and apply it with ${apply}.`,
    afterInterrupt: `${outgrown} To finish the job, make a new plan with ${plan} and apply it with ${apply}.`,
    afterStop: `Make a new plan with ${plan} to see where the group stands, and apply it with ${apply} to finish the job.`,
    afterStale: `Make a new plan with ${plan}, review it, and apply it with ${apply}.`,
  };
}
