import type { Command } from '../command.js';

/**
 * Every command, loaded on demand so that `paycfg validate` does not pay for undici or the
 * simulator. Adding a command is adding a line here and a module beside this file.
 */
export const commands: Readonly<Record<string, { summary: string; load: () => Promise<Command> }>> = {
  validate: { summary: 'Check manifests offline (no request is sent)', load: async () => (await import('./validate.js')).validateCommand },
  plan: {
    summary: 'Show what apply would change in the live group',
    load: async () => (await import('./plan.js')).planCommand,
  },
  apply: {
    summary: 'Make the live group match the manifest',
    load: async () => (await import('./apply.js')).applyCommand,
  },
  show: {
    summary: 'Print a plan saved by `plan --out` (no request is sent)',
    load: async () => (await import('./show.js')).showCommand,
  },
  check: {
    summary: 'Evaluate the policy packs over a saved plan, offline (exit 1 when a finding blocks its apply)',
    load: async () => (await import('./check.js')).checkCommand,
  },
  drift: {
    summary: 'Report how the live group differs from the manifest (exit 2 on drift)',
    load: async () => (await import('./drift.js')).driftCommand,
  },
  promote: {
    summary: 'Plan an environment from another: each change with its evidence from the other',
    load: async () => (await import('./promote.js')).promoteCommand,
  },
  'diff-env': {
    summary: 'Compare two environments\' live groups, each with its own values (exit 2 when they differ)',
    load: async () => (await import('./diff-env.js')).diffEnvCommand,
  },
  fleet: {
    summary: 'Run validate, plan, apply or drift over many groups at once; split them over a CI matrix or a Kubernetes Job',
    load: async () => (await import('./fleet.js')).fleetCommand,
  },
  journal: { summary: 'Summarise the journal of applies (`apply --journal`): runs, who, what changed, failures', load: async () => (await import('./journal.js')).journalCommand },
  export: { summary: 'Write a manifest from the live group', load: async () => (await import('./export.js')).exportCommand },
  probe: {
    summary: "Learn whose lists the service's merchant summary carries, in a test group, and write the service record",
    load: async () => (await import('./probe.js')).probeCommand,
  },
  sim: {
    summary: 'Run the embedded simulator of the payment configuration service',
    load: async () => (await import('./sim.js')).simCommand,
  },
  completion: {
    summary: 'Print a completion script for bash or zsh',
    load: async () => (await import('./completion.js')).completionCommand,
  },
};
