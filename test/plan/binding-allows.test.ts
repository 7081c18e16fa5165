import { describe, expect, it } from 'vitest';
import { ALLOWS_WRITE_ONLY_NOTE } from '../../src/plan/binding-allows.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { binding, context, desiredState, emv, live, liveState, merchant, profile } from './states.js';

/** A binding of m1 to p whose method 01 allows `allows01`, and which holds 02 when `with02`. */
function bindingWith(allows01: string[], with02 = false) {
  const b = binding('m1', 'p', with02 ? { '01': ['visa'], '02': ['mc'] } : { '01': ['visa'] });
  return { ...b, fields: { ...b.fields, methods: { ...b.fields.methods, '01': { emvs: ['visa'], allows: allows01 } } } };
}

const base = [emv('visa'), emv('mc', '02'), profile('p', { '01': ['visa'], '02': ['mc'] }), merchant('m1')];

function plan(desiredAllows: string[], desired02: boolean, liveAllows: string[], writeOnly: boolean | undefined) {
  const desired = desiredState([...base, bindingWith(desiredAllows, desired02)], { managedBindings: ['m1'] });
  const state = liveState([...base.map((r, i) => live(r, i + 1)), live(bindingWith(liveAllows), '3')]);
  return planChanges(desired, writeOnly === undefined ? state : { ...state, bindingAllowsWriteOnly: writeOnly }, context);
}

describe('binding allows the run could not read', () => {
  it('are no change on their own', () => {
    expect(plan(['Sale'], false, [], true).changes).toEqual([]);
  });

  it('are sent with an update the other fields make, not compared, and the plan says so', () => {
    const [update] = plan(['Sale'], true, [], true).changes;
    expect(update).toMatchObject({ action: 'update', address: 'binding/m1/p/USD', notes: [ALLOWS_WRITE_ONLY_NOTE] });
    expect((update!.after as { methods: Record<string, { allows: string[] }> }).methods['01']!.allows).toEqual(['Sale']);
    expect(update!.patch.map((op) => op.path)).toEqual(['/methods/02']);
  });

  it('leave no note on an update of a binding that has none, in the manifest or live', () => {
    const [update] = plan([], true, [], true).changes;
    expect(update).toMatchObject({ action: 'update', address: 'binding/m1/p/USD', notes: [] });
    // Live allows the update will replace are worth the note.
    expect(plan([], true, ['Void'], true).changes[0]!.notes).toEqual([ALLOWS_WRITE_ONLY_NOTE]);
  });

  it.each([[false], [undefined]])('are compared when the run could read them (write-only: %s)', (writeOnly) => {
    const [update] = plan(['Sale'], false, [], writeOnly).changes;
    expect(update).toMatchObject({ action: 'update', address: 'binding/m1/p/USD', notes: [] });
    expect(update!.patch).toEqual([{ op: 'add', path: '/methods/01/allows/0', value: 'Sale' }]);
  });
});
