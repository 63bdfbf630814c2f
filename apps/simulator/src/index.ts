export * from './clock.js';
export * from './options.js';
export * from './controller.js';
export * from './mqtt-adapter.js';
export * from './offline-agent.js';
export * from './local-access.js';
export * from './local-api.js';
export * from './credential-store.js';
