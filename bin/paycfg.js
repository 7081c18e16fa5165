#!/usr/bin/env node
// The CLI is the committed single-file bundle (npm run bundle): a clone runs it right after
// `npm ci`, and an installed package without building anything.
import '../bundle/paycfg.mjs';
