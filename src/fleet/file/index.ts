/**
 * The fleet file (paycfg.fleet.yaml): a template of an environment and its targets, written inline
 * or listed in CSV or JSON files a PBO's systems already have; or an environments file taken as a
 * fleet, each environment a target. Found, loaded and checked offline; targets selected by name,
 * group and label.
 */
export { findFleetFile, FLEET_FILE_ENV, FLEET_FILE_NAMES } from './find-file.js';
export { loadFleetFile } from './load-file.js';
export { fleetOfEnvironments } from './of-environments.js';
export { selectTargets } from './select.js';
export { buildFleetJsonSchema, fleetFileSchema, LABEL_KEY } from './model.js';
export { FleetFileError } from './errors.js';
