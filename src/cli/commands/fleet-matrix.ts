/** CONTRACT stub: replaced by its module's owner. */
import { UsageError, type ExitCode } from '../../errors.js';
import type { Command } from '../command.js';
import type { CommandSyntax } from '../syntax.js';

const matrixSyntax = { usage: ['[flags]'], description: 'fleet matrix (not yet implemented)', flags: {}, exitCodes: [[0, 'success']] } as const satisfies CommandSyntax;
export const fleetMatrixCommand: Command = {
  name: 'matrix',
  syntax: matrixSyntax,
  run: (): Promise<ExitCode> => Promise.reject(new UsageError('paycfg fleet matrix: not yet implemented')),
};

