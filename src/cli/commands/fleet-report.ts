/** CONTRACT stub: replaced by its module's owner. */
import { UsageError, type ExitCode } from '../../errors.js';
import type { Command } from '../command.js';
import type { CommandSyntax } from '../syntax.js';

const reportSyntax = { usage: ['[flags]'], description: 'fleet report (not yet implemented)', flags: {}, exitCodes: [[0, 'success']] } as const satisfies CommandSyntax;
export const fleetReportCommand: Command = {
  name: 'report',
  syntax: reportSyntax,
  run: (): Promise<ExitCode> => Promise.reject(new UsageError('paycfg fleet report: not yet implemented')),
};

