/** The policy flags of plan, apply and check: the packs to evaluate over the plan (docs/policy.md). */
export const policyFlagSpec = {
  type: 'string',
  multiple: true,
  value: 'PATH',
  help: "A policy pack to evaluate over the plan, beside the manifest's policies: (repeatable): builtin (paycfg's plan rules) or a JavaScript or TypeScript module, relative to the working directory",
} as const;

export const overrideFlagSpec = {
  type: 'string',
  multiple: true,
  value: 'RULE=REASON',
  help: "Let the findings of an overridable policy rule through, saying why (repeatable); needs a journal, which records the rule, the reason, who and when",
} as const;
