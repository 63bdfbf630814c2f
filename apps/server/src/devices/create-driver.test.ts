import { describe, expect, it } from 'vitest';
import { createDriver } from './create-driver.js';
import { MqttDriver } from './mqtt-driver.js';
import { SimulatorDriver } from './simulator-driver.js';

describe('createDriver', () => {
  it('uses the in-process simulator unless MQTT_URL is set', async () => {
    const driver = createDriver({});
    expect(driver).toBeInstanceOf(SimulatorDriver);
    expect(driver.kind).toBe('simulator');
    await driver.close();
    const blank = createDriver({ MQTT_URL: '  ' });
    expect(blank.kind).toBe('simulator');
    await blank.close();
  });

  it('uses MQTT with MQTT_URL', async () => {
    const driver = createDriver({ MQTT_URL: 'mqtt://127.0.0.1:1883', MQTT_TOPIC_PREFIX: 'cacifo-factory' });
    expect(driver).toBeInstanceOf(MqttDriver);
    await (driver as MqttDriver).connected;
    await driver.close();
  });
});
