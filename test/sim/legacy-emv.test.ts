import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';
import { ok, V1 } from './fixtures.js';
import { legacyGroup, legacyProfile, rejected, V2 } from './legacy-fixtures.js';

for (const wireStyle of ['real', 'reference'] as const) {
  describe(`legacy EMV configs (/api/v2/emv): the public documentation's shapes, the current API's rules, ${wireStyle} wire style`, () => {
    let sim: TestSimulator;

    beforeAll(async () => {
      sim = await startTestSimulator({ wireStyle });
    });
    afterAll(async () => sim.close());
    beforeEach(async () => {
      await sim.admin.reset();
      await legacyGroup(sim);
    });

    const body = (emvName: string, paymentMethod = '01') => ({ emvName, paymentMethod, currency: 'EUR', params: JSON.stringify({ aid: 'A0000000031010' }) });

    it('creates, reads, updates and deletes over the same records as /api/openapi/v1/emv', async () => {
      const { id } = ok(await sim.api('POST', `${V2}/emv`, body('Main EMV')));
      const legacy = ok(await sim.api('GET', `${V2}/emv`)).records[0];
      const current = ok(await sim.api('GET', `${V1}/emv`)).records[0];
      // The documented legacy record: params an object, aid and emvVersion beside it, no currency.
      const { currency, params, ...same } = current;
      expect(legacy).toEqual({ ...same, aid: 'A0000000031010', emvVersion: '', params: JSON.parse(params) });
      expect(currency).toBe('EUR');
      expect(legacy).toMatchObject({ id, emvName: 'Main EMV', paymentMethod: '01', params: { aid: 'A0000000031010' } });
      expect(ok(await sim.api('PUT', `${V2}/emv/${id}`, { currency: 'GBP', params: '{"aid":"A0000000041010"}' }))).toBeUndefined();
      expect(ok(await sim.api('GET', `${V1}/emv`)).records[0]).toMatchObject({ currency: 'GBP', params: '{"aid":"A0000000041010"}' });
      expect(ok(await sim.api('DELETE', `${V2}/emv/${id}`))).toBeUndefined();
      expect(ok(await sim.api('GET', `${V1}/emv`)).total).toBe(0);
    });

    it('keeps the current API\'s refusals: a taken name, an immutable method, a config in use, bad ids and codes', async () => {
      const { id } = ok(await sim.api('POST', `${V2}/emv`, body('Main EMV')));
      rejected(await sim.api('POST', `${V2}/emv`, body('Main EMV', '02')), 10000, 'name exist');
      rejected(await sim.api('PUT', `${V2}/emv/${id}`, { currency: 'EUR', params: '{}', paymentMethod: '02' }), 10000, 'paymentMethod is immutable');
      rejected(await sim.api('PUT', `${V2}/emv/x1`, { currency: 'EUR', params: '{}' }), 10000, 'Parameters Error (emvId must be a number, got "x1")');
      rejected(await sim.api('GET', `${V2}/emv?paymentMethod=99`), 10000, 'Parameters Error (paymentMethod has unknown payment method code "99")');
      const { emvIds } = await legacyProfile(sim, { profileName: 'Main' });
      rejected(await sim.api('DELETE', `${V2}/emv/${emvIds['01']}`), 10000, 'EMV config in use by acquirer profile Main');
    });

    it('lists 10 a page by default, -1 for all, with the current filters', async () => {
      for (let i = 1; i <= 12; i += 1) ok(await sim.api('POST', `${V2}/emv`, body(`EMV ${i}`, i % 2 === 0 ? '02' : '01')));
      const page = ok(await sim.api('GET', `${V2}/emv`));
      expect([page.records.length, page.total]).toEqual([10, 12]);
      expect(ok(await sim.api('GET', `${V2}/emv?pageSize=-1`)).records).toHaveLength(12);
      expect(ok(await sim.api('GET', `${V2}/emv?paymentMethod=02&pageSize=-1`)).records).toHaveLength(6);
      expect(ok(await sim.api('GET', `${V2}/emv?emvName=emv%201`)).total).toBe(4);
    });
  });
}
