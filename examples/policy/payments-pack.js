/**
 * A policy pack in JavaScript: a PBO's own rules over the plan. Name it in the manifest (relative to
 * the manifest file), or with `--policy ./policies/payments-pack.js` for one run:
 *
 *     policies:
 *       - pack: builtin                      # paycfg's plan rules
 *       - pack: ./payments-pack.js
 *         levels: { merchant-delete: overridable }
 *
 * The default export is the pack: a name of its own and its rules. Each rule's check reads the plan
 * (`paycfg plan --json`'s document, docs/plan-json-reference.md) and the helpers, and returns what it found:
 * `{ message, address? }` each, or nothing. The JSDoc type below gives an editor the types of
 * paycfg's policy API ('paycfg/policy') without importing anything at run time. docs/policy.md has
 * the helpers, the levels, overrides and what a pack may not do.
 */

/** @type {import('paycfg/policy').PolicyPack} */
export default {
  name: 'example/payments',
  rules: [
    {
      id: 'merchant-delete',
      description: 'Merchants are closed in the back office, never deleted by a plan',
      level: 'mandatory',
      check(_input, helpers) {
        return helpers.changes({ kind: 'merchant', action: ['delete', 'replace'] }).map((change) => ({
          address: helpers.recordAddress(change),
          message: `${change.action === 'delete' ? 'deletes' : 'replaces'} the merchant: close it in the back office instead`,
        }));
      },
    },
    {
      id: 'notify-url-https',
      description: 'Acquirer profiles notify over https only',
      level: 'mandatory',
      check(_input, helpers) {
        const out = [];
        for (const change of helpers.changes({ kind: 'acquirer', action: ['create', 'update', 'replace'] })) {
          const { after } = helpers.field(change, 'notifyUrl');
          if (typeof after === 'string' && !after.startsWith('https://')) out.push({ address: helpers.recordAddress(change), message: `notifyUrl ${after} is not https` });
        }
        return out;
      },
    },
    {
      id: 'large-plan',
      description: 'A plan of more than config.maxChanges changes (default 50) is reviewed by two people',
      check({ plan, config }) {
        const max = typeof config.maxChanges === 'number' ? config.maxChanges : 50;
        return plan.changes.length > max ? [{ message: `${plan.changes.length} changes, more than ${max}: ask a second reviewer` }] : [];
      },
    },
  ],
};
