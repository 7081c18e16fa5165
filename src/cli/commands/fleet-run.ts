/** CONTRACT stub: replaced by its module's owner. */
import { UsageError, type ExitCode } from '../../errors.js';
import type { Command } from '../command.js';
import type { CommandSyntax } from '../syntax.js';

const validateSyntax = { usage: ['[flags]'], description: 'fleet validate (not yet implemented)', flags: {}, exitCodes: [[0, 'success']] } as const satisfies CommandSyntax;
export const fleetValidateCommand: Command = {
  name: 'validate',
  syntax: validateSyntax,
  run: (): Promise<ExitCode> => Promise.reject(new UsageError('paycfg fleet validate: not yet implemented')),
};

const planSyntax = { usage: ['[flags]'], description: 'fleet plan (not yet implemented)', flags: {}, exitCodes: [[0, 'success']] } as const satisfies CommandSyntax;
export const fleetPlanCommand: Command = {
  name: 'plan',
  syntax: planSyntax,
  run: (): Promise<ExitCode> => Promise.reject(new UsageError('paycfg fleet plan: not yet implemented')),
};

const applySyntax = { usage: ['[flags]'], description: 'fleet apply (not yet implemented)', flags: {}, exitCodes: [[0, 'success']] } as const satisfies CommandSyntax;
export const fleetApplyCommand: Command = {
  name: 'apply',
  syntax: applySyntax,
  run: (): Promise<ExitCode> => Promise.reject(new UsageError('paycfg fleet apply: not yet implemented')),
};

const driftSyntax = { usage: ['[flags]'], description: 'fleet drift (not yet implemented)', flags: {}, exitCodes: [[0, 'success']] } as const satisfies CommandSyntax;
export const fleetDriftCommand: Command = {
  name: 'drift',
  syntax: driftSyntax,
  run: (): Promise<ExitCode> => Promise.reject(new UsageError('paycfg fleet drift: not yet implemented')),
};

