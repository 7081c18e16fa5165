#!/usr/bin/env node
// The CLI is compiled to dist/ by `npm ci` (the `prepare` script). Importing it from here keeps
// the bin entry stable whatever the build layout.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
