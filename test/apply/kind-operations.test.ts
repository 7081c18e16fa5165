/**
 * Apply runs each change through its kind's operations (src/kinds/operations.ts), and the generic
 * part (src/apply/change-operations.ts) picks them by the change's kind and action alone: these
 * tests replace one kind's operations at a time and see the run reach exactly them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OutcomeUnknownError, type ApiClient } from '../../src/api/index.js';
import { ChangeOperations, type OperationContext } from '../../src/apply/change-operations.js';
import { IdRegistry } from '../../src/apply/id-registry.js';
import { didOnly } from '../../src/apply/operation-result.js';
import { OPERATIONS } from '../../src/kinds/operations.js';
import { KIND_MODULES, KIND_NAMES } from '../../src/kinds/registry.js';
import type { Kind } from '../../src/model/kinds.js';
import type { LiveState } from '../../src/model/state.js';
import type { Change, Plan } from '../../src/plan/plan.js';

function change(kind: Kind, action: Change['action']): Change {
  return { address: `${kind}/k`, kind, key: 'k', action, before: {}, after: {}, patch: [], dependsOn: [], reason: '', notes: [] } as unknown as Change;
}

function operations(): ChangeOperations {
  const context = { client: {} as ApiClient, ids: new IdRegistry(), live: {}, desired: {}, plan: { changes: [] } as unknown as Plan } as unknown as OperationContext;
  return new ChangeOperations(context);
}

/** One kind's operations replaced by spies that answer in words naming what ran. */
function spyOn(kind: Kind): void {
  const ops = OPERATIONS[kind];
  vi.spyOn(ops, 'update').mockImplementation(async () => didOnly(`${kind} update`));
  vi.spyOn(ops, 'delete').mockImplementation(async () => didOnly(`${kind} delete`));
  vi.spyOn(ops, 'post').mockImplementation(async () => `${kind} posted`);
  vi.spyOn(ops, 'created').mockImplementation(async (created) => ({ words: `${kind} created from ${String(created.value)}`, createdId: '1' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("each kind's operations", () => {
  it('are in OPERATIONS for every kind of the registry', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([...KIND_NAMES].sort());
    for (const kind of KIND_NAMES) {
      for (const step of ['post', 'find', 'created', 'update', 'delete'] as const) expect(typeof OPERATIONS[kind][step], `${kind}.${step}`).toBe('function');
    }
  });

  it('declare the type of the ids other records name them by: EMV configs and profiles by number, merchants by text', () => {
    const declared = Object.fromEntries(KIND_MODULES.flatMap((module) => (module.ids === undefined ? [] : [[module.kind, { type: module.ids, label: module.label }]])));
    expect(declared).toEqual({ emv: { type: 'number', label: 'EMV config' }, acquirer: { type: 'number', label: 'acquirer profile' }, merchant: { type: 'string', label: 'merchant' } });
  });

  it.each(KIND_NAMES)('are what ChangeOperations runs for a change of kind %s, whatever the action', async (kind) => {
    spyOn(kind);
    const run = operations();
    expect((await run.run(change(kind, 'update'))).words).toBe(`${kind} update`);
    expect((await run.run(change(kind, 'delete'))).words).toBe(`${kind} delete`);
    expect(await run.run(change(kind, 'create'))).toEqual({ words: `${kind} created from ${kind} posted`, createdId: '1' });
    expect((await run.run(change(kind, 'replace'))).words).toBe(`${kind} created from ${kind} posted`);
  });

  it('write over a taken key with the update where the kind says so (a binding), and adopt a matching record elsewhere', async () => {
    const taken = new ApiError({ method: 'POST', path: '/x', serviceCode: 10000, serviceMessage: 'payment config exists', httpStatus: 200 });
    vi.spyOn(OPERATIONS.binding, 'post').mockRejectedValue(taken);
    vi.spyOn(OPERATIONS.binding, 'update').mockResolvedValue(didOnly('updated'));
    expect(OPERATIONS.binding.taken).toBe('update');
    expect(await operations().run(change('binding', 'create'))).toEqual({ words: 'updated (it existed)' });

    vi.spyOn(OPERATIONS.emv, 'post').mockRejectedValue(new OutcomeUnknownError({ method: 'POST', path: '/x', reason: 'the connection was cut' }));
    vi.spyOn(OPERATIONS.emv, 'find').mockResolvedValue({ value: { id: 7 }, id: 7, record: {} });
    vi.spyOn(OPERATIONS.emv, 'readBack').mockReturnValue({});
    const created = vi.spyOn(OPERATIONS.emv, 'created').mockImplementation(async ({ adopted, unsure }) => didOnly(`adopted=${adopted} unsure=${unsure}`));
    expect((await operations().run(change('emv', 'create'))).words).toBe('adopted=true unsure=true');
    expect(created).toHaveBeenCalledOnce();
  });
});

describe('the id registry', () => {
  const live = (resources: { kind: Kind; key: string; id: string | number }[]): LiveState =>
    ({ resources: new Map(resources.map((r) => [`${r.kind}/${r.key}`, { ...r, fields: {}, fingerprint: '' }])) }) as unknown as LiveState;

  it('keeps the live ids of the kinds that declare an id type, in that type, and no others', () => {
    const ids = IdRegistry.fromLive(
      live([
        { kind: 'emv', key: 'visa', id: '7' },
        { kind: 'acquirer', key: 'host', id: 11 },
        { kind: 'merchant', key: 'm-1', id: 'M-1' },
        { kind: 'device', key: 'm-1/till', id: 'D-1' },
      ]),
    );
    expect(ids.emv('visa')).toBe(7);
    expect(ids.profile('host')).toBe(11);
    expect(ids.merchant('m-1')).toBe('M-1');
    expect(ids.has('device', 'm-1/till')).toBe(false);
    expect(ids.emvName(7)).toBe('visa');
    expect(ids.profileName('11')).toBe('host');
    expect([...ids.profileNamesById()]).toEqual([['11', 'host']]);
  });

  it('names the kind by its label when a change needs an id it does not know', () => {
    const ids = new IdRegistry();
    expect(() => ids.emv('visa')).toThrow('no id known for EMV config "visa" when a change needed it');
    expect(() => ids.profile('host')).toThrow('no id known for acquirer profile "host" when a change needed it');
    expect(() => ids.merchant('m-1')).toThrow('no id known for merchant "m-1" when a change needed it');
    ids.setProfile('host', 11);
    ids.forgetProfile('host');
    expect(ids.hasProfile('host')).toBe(false);
  });
});
