/**
 * The CLI as `bin/paycfg.js` runs it, from the TypeScript source (bin imports dist/, which only a
 * build makes): the pseudo-terminal tests start this file with tsx.
 */
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
