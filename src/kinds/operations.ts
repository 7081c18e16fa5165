/**
 * Each kind's operations on the service (src/kinds/<kind>.operations.ts), by kind. They are not a
 * field of the kinds' modules: they read records back through plan/ and live/, which import the
 * registry, so the modules would import themselves before they are made. Only apply/ imports this.
 */
import type { KindOperations } from '../apply/kind-operations.js';
import type { Kind } from '../model/kinds.js';
import { acquirerOperations } from './acquirer.operations.js';
import { bindingOperations } from './binding.operations.js';
import { deviceOperations } from './device.operations.js';
import { emvOperations } from './emv.operations.js';
import { merchantOperations } from './merchant.operations.js';

export const OPERATIONS: { readonly [K in Kind]: KindOperations } = {
  emv: emvOperations,
  acquirer: acquirerOperations,
  merchant: merchantOperations,
  binding: bindingOperations,
  device: deviceOperations,
};
