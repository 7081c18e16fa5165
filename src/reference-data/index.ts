/** Reference data the payment rules check against: card networks, ISO 4217, ISO 3166-1 numeric, ISO 18245, and where each comes from. */
export * from './card-networks.js';
export * from './currencies.js';
export * from './iso-3166-numeric.js';
export * from './merchant-categories.js';
export * from './sources.js';
