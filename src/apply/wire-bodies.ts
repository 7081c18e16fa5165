/**
 * Normalised fields → request bodies: names become ids, objects become the JSON-encoded strings
 * the service expects (or stay objects where it expects objects: device create, 01 §4.5). Each
 * kind's module builds its bodies from its field facts (src/kinds/); apply reads them here.
 */
export { emvCreateBody } from '../kinds/emv.js';
export { acquirerCreateBody, acquirerUpdateBody } from '../kinds/acquirer.js';
export { merchantBody } from '../kinds/merchant.js';
export { bindingBody } from '../kinds/binding.js';
export { deviceCreateBody, deviceUpdateBody } from '../kinds/device.js';
