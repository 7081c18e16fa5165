import { parameterError } from '../../errors.js';
import { deleteDevice, idleDevice } from '../../rules/device-lifecycle.js';
import {
  createDevice,
  deviceEmvView,
  deviceView,
  getDevice,
  listDevices,
  sendActivationCode,
  updateDevice,
} from '../../rules/devices.js';
import { success } from '../envelope.js';
import { deviceCreateSchema, deviceUpdateSchema, sendCodeSchema } from '../schemas/device.js';
import { parseInput } from '../validation.js';
import { API_V1, pageOf, param, queryText, recordOf, type ApiRequest, type ApiRoute } from './api-route.js';

function deviceStatusQuery(r: ApiRequest): 2 | 3 | undefined {
  const raw = queryText(r, 'deviceStatus');
  if (raw === undefined) return undefined;
  if (raw === '2' || raw === '3') return Number(raw) as 2 | 3;
  throw parameterError('deviceStatus', `must be 2 (logout) or 3 (decommission), got "${raw}"`);
}

export const deviceRoutes: ApiRoute[] = [
  {
    method: 'GET',
    pattern: `${API_V1}/device`,
    handler: (r) => {
      const mchId = queryText(r, 'mchId');
      if (mchId === undefined) throw parameterError('mchId', 'required');
      const records = listDevices(r.ctx, { mchId, deviceId: queryText(r, 'deviceId'), deviceType: queryText(r, 'deviceType') });
      return pageOf(r, records, deviceView);
    },
  },
  {
    method: 'POST',
    pattern: `${API_V1}/device`,
    handler: (r) => success(createDevice(r.ctx, parseInput(deviceCreateSchema(r.ctx.methods), r.body()))),
  },
  {
    method: 'POST',
    pattern: `${API_V1}/device/code`,
    handler: (r) => {
      sendActivationCode(r.ctx, parseInput(sendCodeSchema, r.body()));
      return success();
    },
  },
  {
    method: 'GET',
    pattern: `${API_V1}/device/emv/{deviceId}`,
    handler: (r) => success(deviceEmvView(r.ctx, param(r, 'deviceId')) ?? null),
  },
  {
    method: 'GET',
    pattern: `${API_V1}/device/{deviceId}`,
    handler: (r) => {
      // Reference 4.5: an unknown id is HTTP 200, code 0, data null.
      const device = getDevice(r.ctx, param(r, 'deviceId'));
      return recordOf(r, device ? deviceView(device) : undefined);
    },
  },
  {
    method: 'PUT',
    pattern: `${API_V1}/device/{deviceId}`,
    handler: (r) => {
      const input = parseInput(deviceUpdateSchema(r.ctx.methods), r.body());
      updateDevice(r.ctx, param(r, 'deviceId'), input);
      return success();
    },
  },
  {
    method: 'DELETE',
    pattern: `${API_V1}/device/{deviceId}`,
    handler: (r) => {
      const status = deviceStatusQuery(r);
      deleteDevice(r.ctx, param(r, 'deviceId'), status);
      return success();
    },
  },
  {
    method: 'DELETE',
    pattern: `${API_V1}/device/{code}/idle`,
    handler: (r) => {
      idleDevice(r.ctx, param(r, 'code'));
      return success();
    },
  },
];
