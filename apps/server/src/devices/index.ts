export * from './locker-driver.js';
export { ProtocolDriver, type ProtocolDriverOptions } from './protocol-driver.js';
export { SimulatorDriver, type SimulatorDriverOptions } from './simulator-driver.js';
export { MqttDriver, type MqttDriverOptions } from './mqtt-driver.js';
export { createDriver, type DriverConfig } from './create-driver.js';
