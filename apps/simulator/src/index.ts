export * from './clock.js';
export * from './options.js';
export * from './controller.js';
export * from './mqtt-adapter.js';
