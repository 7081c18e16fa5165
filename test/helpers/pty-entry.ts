/**
 * The CLI as `bin/paycfg.js` runs it, from the TypeScript source (bin runs the committed bundle,
 * the build of src/ only once `npm run bundle` has run): the tests that start paycfg in a process
 * of its own start this file, built for the run or under tsx (cli-build.ts). PAYCFG_PTY_ARGV (JSON) gives
 * main() arguments that are not on the process's command line, as a program embedding paycfg
 * passes them: libraries that read process.argv themselves do not see them.
 */
import { main } from '../../src/cli/main.js';

const embedded = process.env['PAYCFG_PTY_ARGV'];
process.exitCode = await main(embedded === undefined ? process.argv.slice(2) : (JSON.parse(embedded) as string[]));
