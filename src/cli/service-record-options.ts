import { SERVICE_RECORD_ENV, sourceOfCommandLine, type ServiceRecordSource } from '../service-record/resolve.js';
import type { IoStreams } from './io.js';
import type { FlagSpecs } from './syntax.js';

/**
 * The flag every command that reads a live group shares (plan, apply, drift, export, promote,
 * diff-env, the fleet's): the service record to read it with (docs/service-record.md). Spread
 * `serviceRecordFlags` into the command's syntax and `serviceRecordEnvironment` into its
 * environment list, and pass `serviceRecordOf(values, io)` to the library.
 */
export const serviceRecordFlags = {
  'service-record': {
    type: 'string',
    value: 'FILE',
    help: "The service record to read the live group with, written by `paycfg probe` (default: $PAYCFG_SERVICE_RECORD, else the environment's or the manifest's serviceRecord:)",
  },
} as const satisfies FlagSpecs;

/** The environment variable of those commands, for their --help. */
export const serviceRecordEnvironment = [[SERVICE_RECORD_ENV, 'The service record to read the live group with, unless --service-record is given']] as const;

/** What the command line names (the flag, else the variable), as the library takes it: `{ serviceRecord }` or nothing. */
export function serviceRecordOf(values: { readonly 'service-record'?: string | undefined }, io: Pick<IoStreams, 'env' | 'cwd'>): { serviceRecord?: ServiceRecordSource } {
  const source = sourceOfCommandLine(values['service-record'], io.env, io.cwd);
  return source === undefined ? {} : { serviceRecord: source };
}
