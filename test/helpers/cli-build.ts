/**
 * How the tests that start paycfg in a process of its own (pseudo-terminal sessions, the guide's
 * commands, the simulator's lifecycle) start it: the CLI built from this checkout's src/ once per
 * test run by cli-build.global.ts, from pty-entry.ts with the options `npm run bundle` builds
 * bundle/ with, its two workers beside it as in bundle/. Run from source under tsx instead, each
 * start compiled and resolved every module through tsx's loader again: on a loaded two-core machine
 * `paycfg validate` took 5.0-5.6 s and 1.6 s of CPU that way, 1.4-1.9 s and 0.4 s built. Outside
 * vitest (scripts/captures under tsx), in a watch run (which a build would not follow) and in a run
 * without that global setup, it is the source under tsx, as before.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built CLI's entry file (paycfg.mjs), its workers beside it. */
    paycfgCli: string;
  }
}

const SOURCE_ENTRY = fileURLToPath(new URL('./pty-entry.ts', import.meta.url));
// tsx as this checkout has it, whatever directory paycfg runs in (`--import tsx` resolves from the cwd).
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

let args: readonly string[] | undefined;

/** The arguments of `node` that start paycfg's CLI, before paycfg's own. */
export function cliNodeArgs(): readonly string[] {
  args ??= ((built) => (built !== undefined ? [built] : ['--import', TSX, SOURCE_ENTRY]))(process.env['VITEST'] === undefined ? undefined : inject('paycfgCli'));
  return args;
}
