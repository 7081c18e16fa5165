import { parameterError } from '../../errors.js';
import { addBinding, bindingView, listBindings, removeBinding, replaceBinding } from '../../rules/merchant-bindings.js';
import { success } from '../envelope.js';
import { bindingSchema } from '../schemas/merchant-binding.js';
import { parseInput } from '../validation.js';
import { API_V1, pageOf, param, queryText, type ApiRoute } from './api-route.js';

const PATTERN = `${API_V1}/mchInfo/payment/{mchId}`;

export const merchantBindingRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: PATTERN,
    handler: (r) => pageOf(r, listBindings(r.ctx, param(r, 'mchId')), (b) => bindingView(r.ctx, b)),
  },
  {
    method: 'POST',
    pattern: PATTERN,
    handler: (r) => {
      const input = parseInput(bindingSchema(r.ctx.methods), r.body());
      addBinding(r.ctx, param(r, 'mchId'), input);
      return success();
    },
  },
  {
    method: 'PUT',
    pattern: PATTERN,
    handler: (r) => {
      const input = parseInput(bindingSchema(r.ctx.methods), r.body());
      replaceBinding(r.ctx, param(r, 'mchId'), input);
      return success();
    },
  },
  {
    method: 'DELETE',
    pattern: PATTERN,
    handler: (r) => {
      const acquirerProfileId = queryText(r, 'acquirerProfileId');
      const currency = queryText(r, 'currency');
      if (acquirerProfileId === undefined) throw parameterError('acquirerProfileId', 'required');
      if (currency === undefined) throw parameterError('currency', 'required');
      removeBinding(r.ctx, param(r, 'mchId'), acquirerProfileId, currency);
      return success();
    },
  },
];
