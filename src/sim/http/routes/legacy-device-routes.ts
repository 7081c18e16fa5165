import { parameterError } from '../../errors.js';
import { listDevices } from '../../rules/devices.js';
import { createLegacyDevice, deleteLegacyDevice, legacyDeviceNumber, legacyDeviceView, updateLegacyDevice } from '../../rules/legacy/devices.js';
import { success } from '../envelope.js';
import { legacyDeviceCreateSchema, legacyDeviceUpdateSchema } from '../schemas/legacy-device.js';
import { parseInput } from '../validation.js';
import { param, queryText, type ApiRequest, type ApiRoute } from './api-route.js';
import { legacyPageOf, legacyRoute } from './legacy-api-route.js';

/**
 * The merchant whose devices are listed: `merchantId` in the machine description (the name the
 * documentation gives), `deviceId` in the reference table (which names the merchant id so), and
 * `mchId`, the current API's name. Names sent together must agree.
 */
function merchantQuery(r: ApiRequest): string {
  const merchantId = queryText(r, 'merchantId');
  const deviceId = queryText(r, 'deviceId');
  if (merchantId !== undefined && deviceId !== undefined && merchantId !== deviceId) {
    throw parameterError('merchantId', 'and deviceId name different merchants; send one of them');
  }
  const mchId = queryText(r, 'mchId');
  const named = merchantId ?? deviceId;
  if (mchId !== undefined && named !== undefined && mchId !== named) {
    throw parameterError('mchId', `and ${merchantId !== undefined ? 'merchantId' : 'deviceId'} name different merchants; send one of them`);
  }
  const merchant = named ?? mchId;
  if (merchant === undefined) throw parameterError('merchantId', 'required (or deviceId, the merchant id)');
  return merchant;
}

/** `deviceStatus` 0 (suspend), 2 (logout), 3 (decommission); 1 is no operator's to set. */
function deviceStatusQuery(r: ApiRequest): 0 | 2 | 3 | undefined {
  const raw = queryText(r, 'deviceStatus');
  if (raw === undefined) return undefined;
  if (raw === '0' || raw === '2' || raw === '3') return Number(raw) as 0 | 2 | 3;
  if (raw === '1') throw parameterError('deviceStatus', 'must not be 1: only a terminal login activates a device');
  throw parameterError('deviceStatus', `must be 0 (suspend), 2 (logout) or 3 (decommission), got "${raw}"`);
}

/** `/api/v2/device` (document 2, 4.5). */
export const legacyDeviceRoutes: ApiRoute[] = [
  legacyRoute('GET', '/device', (r) => legacyPageOf(r, listDevices(r.ctx, { mchId: merchantQuery(r) }), legacyDeviceView)),
  legacyRoute('POST', '/device', (r) => success(createLegacyDevice(r.ctx, parseInput(legacyDeviceCreateSchema(r.ctx.methods), r.body())))),
  legacyRoute('PUT', '/device/{deviceId}', (r) => {
    const device = updateLegacyDevice(r.ctx, param(r, 'deviceId'), parseInput(legacyDeviceUpdateSchema(r.ctx.methods), r.body()));
    return success({ id: legacyDeviceNumber(device) });
  }),
  legacyRoute('DELETE', '/device/{deviceId}', (r) => {
    const status = deviceStatusQuery(r);
    return success({ id: deleteLegacyDevice(r.ctx, param(r, 'deviceId'), status) });
  }),
];
