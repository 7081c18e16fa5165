import { PaycfgError } from '../../src/errors.js';

/**
 * A benchmark run that cannot be trusted: a measured command failed or exited with another code
 * than the scenario expects, or the simulator saw other requests than the run should send.
 * Figures from such a run are never printed as if they were valid.
 */
export class BenchError extends PaycfgError {
  readonly code = 'BENCH';
}
